// The command line's end of the command socket: reads the running console's key (only from a private
// file in a private directory: endpoint.ts), sends the command, and plays the console's answer on its own
// stdout and stderr, answering when the console asks for stdin or a yes/no.

import net from 'node:net';
import { commandEndpoint, NotPrivate, readToken } from './endpoint.js';
import {
  FrameTooLong,
  LineReader,
  PROTOCOL_VERSION,
  consoleMessageSchema,
  frame,
  parseFrame,
  type RunRequest,
} from './protocol.js';

export interface ClientIo {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<string>;
  ask(question: string): Promise<boolean>;
}

export type ConsoleAnswer =
  /** The console ran the command: its exit code. */
  | { kind: 'exit'; code: number }
  /** The console refused the key or the request: nothing ran. */
  | { kind: 'refused'; reason: 'token' | 'request' }
  /** No console listens (none runs, or one without a command socket): nothing was sent. */
  | { kind: 'unreachable'; detail: string }
  /** The token file or its directory is not this user's and private: not used. */
  | { kind: 'not-private'; file: string }
  /** The connection ended before the command did (the console quit, or sent what is not the protocol). */
  | { kind: 'broken' };

export type CommandRequest = Omit<RunRequest, 'type' | 'v' | 'token'>;

export async function runInConsole(
  dataDir: string,
  command: CommandRequest,
  io: ClientIo,
): Promise<ConsoleAnswer> {
  const endpoint = commandEndpoint(dataDir);
  let token: string;
  try {
    token = await readToken(endpoint);
  } catch (error) {
    if (error instanceof NotPrivate) return { kind: 'not-private', file: error.file };
    return { kind: 'unreachable', detail: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  return new Promise<ConsoleAnswer>((resolve) => {
    let connected = false;
    let settled = false;
    const done = (answer: ConsoleAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
      socket.end();
    };
    const socket = net.connect(endpoint.address, () => {
      connected = true;
      const request: RunRequest = { type: 'run', v: PROTOCOL_VERSION, token, ...command };
      socket.write(frame(request));
    });
    const reply = (message: object) => {
      if (!socket.destroyed) socket.write(frame(message));
    };
    const reader = new LineReader((line) => {
      const message = parseFrame(consoleMessageSchema, line);
      if (!message) {
        socket.destroy();
        return done({ kind: 'broken' });
      }
      switch (message.type) {
        case 'out':
          return io.out(message.text);
        case 'err':
          return io.err(message.text);
        case 'read-stdin':
          return void io.readStdin().then((text) => reply({ type: 'stdin', text }));
        case 'ask':
          return void io.ask(message.question).then((yes) => reply({ type: 'answer', yes }));
        case 'exit':
          return done({ kind: 'exit', code: message.code });
        case 'refused':
          return done({ kind: 'refused', reason: message.reason });
      }
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        reader.push(chunk);
      } catch (error) {
        if (!(error instanceof FrameTooLong)) throw error;
        socket.destroy();
        done({ kind: 'broken' });
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      done(connected ? { kind: 'broken' } : { kind: 'unreachable', detail: error.code ?? error.message });
    });
    socket.on('close', () =>
      done(connected ? { kind: 'broken' } : { kind: 'unreachable', detail: 'closed' }),
    );
  });
}
