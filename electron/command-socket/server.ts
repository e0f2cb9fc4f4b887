// The running console's end of the command socket (issue 27): while a console holds the account lock,
// a `support-console` command cannot open the account's files itself; it connects here, shows the key
// from the token file, and the console runs the command through its own core (`run`, supplied by the
// host: electron/cli/console-commands.ts) and streams the answer back. Plain Node, used by both hosts.
//
// Nothing runs before the key is checked; a connection that sends no request within HELLO_TIMEOUT_MS,
// a line that is not one of the protocol's messages, or a line over the frame limit is dropped.

import net from 'node:net';
import { chmod, rm } from 'node:fs/promises';
import type { Logger } from '../core/logger.js';
import { commandEndpoint, preparePrivateDirs, sameToken, writeToken } from './endpoint.js';
import {
  FrameTooLong,
  LineReader,
  OUTPUT_CHUNK,
  frame,
  parseFrame,
  replySchema,
  runRequestSchema,
  type ConsoleMessage,
  type Reply,
  type RunRequest,
} from './protocol.js';

/** How a command running in the console reaches the terminal of the command line that sent it. */
export interface CommandChannel {
  out(text: string): void;
  err(text: string): void;
  /** The command line's whole stdin (it reads it when asked, not before). */
  readStdin(): Promise<string>;
  /** A yes/no asked on the command line's terminal. */
  ask(question: string): Promise<boolean>;
}

/** Runs one command line's request in the console; resolves to its exit code. */
export type CommandRunner = (request: RunRequest, channel: CommandChannel) => Promise<number>;

export interface CommandSocket {
  address: string;
  close(): Promise<void>;
}

const HELLO_TIMEOUT_MS = 10_000;

export class CommandLineGone extends Error {
  constructor() {
    super('The command line went away before it answered.');
    this.name = 'CommandLineGone';
  }
}

export async function startCommandSocket(options: {
  dataDir: string;
  run: CommandRunner;
  logger: Logger;
}): Promise<CommandSocket> {
  const endpoint = commandEndpoint(options.dataDir);
  await preparePrivateDirs(endpoint);
  // A socket file left by a console that crashed: this process holds the account lock, so it is no live
  // console's. (A pipe on Windows goes with its process.)
  if (process.platform !== 'win32') await rm(endpoint.address, { force: true });
  const token = await writeToken(endpoint);
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    serve(socket, token, options.run, options.logger);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(endpoint.address, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (process.platform !== 'win32') await chmod(endpoint.address, 0o600);
  server.on('error', (error) => options.logger.warn('command socket', { error: String(error) }));
  return {
    address: endpoint.address,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of connections) socket.destroy();
      });
      await rm(endpoint.tokenFile, { force: true });
      if (process.platform !== 'win32') await rm(endpoint.address, { force: true });
    },
  };
}

function serve(socket: net.Socket, token: string, run: CommandRunner, logger: Logger): void {
  let request: RunRequest | null = null;
  let waiting: { type: Reply['type']; resolve: (reply: Reply) => void; reject: (e: Error) => void } | null =
    null;
  let gone = false;
  const send = (message: ConsoleMessage) => {
    if (!gone) socket.write(frame(message));
  };
  const refuse = (reason: 'token' | 'request') => {
    send({ type: 'refused', reason });
    socket.end();
  };
  const hello = setTimeout(() => socket.destroy(), HELLO_TIMEOUT_MS);
  socket.on('close', () => {
    gone = true;
    clearTimeout(hello);
    waiting?.reject(new CommandLineGone());
    waiting = null;
  });
  socket.on('error', () => socket.destroy());

  const ask = <T extends Reply['type']>(message: ConsoleMessage, type: T) =>
    new Promise<Extract<Reply, { type: T }>>((resolve, reject) => {
      if (gone || waiting) return reject(new CommandLineGone());
      waiting = { type, resolve: resolve as (reply: Reply) => void, reject };
      send(message);
    });
  const channel: CommandChannel = {
    out: (text) => chunked('out', text),
    err: (text) => chunked('err', text),
    readStdin: async () => (await ask({ type: 'read-stdin' }, 'stdin')).text,
    ask: async (question) => (await ask({ type: 'ask', question }, 'answer')).yes,
  };
  function chunked(type: 'out' | 'err', text: string) {
    for (let i = 0; i < text.length; i += OUTPUT_CHUNK) {
      send({ type, text: text.slice(i, i + OUTPUT_CHUNK) });
    }
  }

  const reader = new LineReader((line) => {
    if (request === null) {
      clearTimeout(hello);
      const parsed = parseFrame(runRequestSchema, line);
      if (!parsed) return refuse('request');
      if (!sameToken(token, parsed.token)) {
        logger.warn('command socket: a command line with a wrong key was refused');
        return refuse('token');
      }
      request = parsed;
      void run(parsed, channel).then(
        (code) => {
          send({ type: 'exit', code });
          socket.end();
        },
        (error: unknown) => {
          logger.warn('command socket: a command failed', { error: String(error) });
          chunked('err', `support-console: ${error instanceof Error ? error.message : String(error)}\n`);
          send({ type: 'exit', code: 1 });
          socket.end();
        },
      );
      return;
    }
    const reply = parseFrame(replySchema, line);
    // Only the answer to what was asked; anything else is a peer not speaking the protocol.
    if (!reply || !waiting || waiting.type !== reply.type) return socket.destroy();
    const pending = waiting;
    waiting = null;
    pending.resolve(reply);
  });
  socket.on('data', (chunk: Buffer) => {
    try {
      reader.push(chunk);
    } catch (error) {
      if (error instanceof FrameTooLong) socket.destroy();
      else throw error;
    }
  });
}
