// The command socket on its own (electron/command-socket/): who may connect, what it accepts before a
// command runs, and how the command line's side plays the console's answer. A stub stands in for the
// command table; the full round trip through a real console is test/electron/cli/cli-console.test.ts.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInConsole } from '../../../electron/command-socket/client.js';
import { commandEndpoint, readToken } from '../../../electron/command-socket/endpoint.js';
import {
  FrameTooLong,
  LineReader,
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  frame,
} from '../../../electron/command-socket/protocol.js';
import { startCommandSocket, type CommandSocket } from '../../../electron/command-socket/server.js';
import { silentLogger } from '../../../electron/core/logger.js';

let dir: string;
let socket: CommandSocket;
let ran: string[][];

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cmd-socket-'));
  ran = [];
  socket = await startCommandSocket({
    dataDir: dir,
    logger: silentLogger,
    run: async (request, channel) => {
      ran.push(request.argv);
      if (request.argv[0] === 'stdin') channel.out((await channel.readStdin()).toUpperCase());
      if (request.argv[0] === 'ask') channel.out(String(await channel.ask('Go ahead?')));
      channel.err('one sentence\n');
      return 3;
    },
  });
});
afterEach(async () => {
  await socket.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends raw bytes and collects what the console answers until it closes the connection. */
function raw(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(commandEndpoint(dir).address, () => conn.write(bytes));
    let text = '';
    conn.setEncoding('utf8').on('data', (c: string) => (text += c));
    conn.on('close', () => resolve(text));
    conn.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve(text) : reject(error),
    );
  });
}

const request = (token: string, argv: string[]) =>
  frame({
    type: 'run',
    v: PROTOCOL_VERSION,
    token,
    argv,
    cwd: '/',
    columns: null,
    stderrIsTTY: false,
    stdinIsTTY: false,
    locales: [],
  });

describe('the command socket', () => {
  it('is private to this user: a 0700 directory, a 0600 socket and token file', async () => {
    const endpoint = commandEndpoint(dir);
    expect(statSync(path.dirname(endpoint.address)).mode & 0o777).toBe(0o700);
    expect(statSync(endpoint.address).mode & 0o777).toBe(0o600);
    expect(statSync(endpoint.tokenFile).mode & 0o777).toBe(0o600);
    expect(await readToken(endpoint)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('runs a command for the right key and relays its answer, stdin and a question', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      out: (t: string) => out.push(t),
      err: (t: string) => err.push(t),
      readStdin: async () => 'ids from stdin',
      ask: async () => true,
    };
    const base = { cwd: '/', columns: null, stderrIsTTY: false, stdinIsTTY: false, locales: [] };
    expect(await runInConsole(dir, { ...base, argv: ['stdin'] }, io)).toEqual({ kind: 'exit', code: 3 });
    expect(await runInConsole(dir, { ...base, argv: ['ask'] }, io)).toEqual({ kind: 'exit', code: 3 });
    expect(out).toEqual(['IDS FROM STDIN', 'true']);
    expect(err).toEqual(['one sentence\n', 'one sentence\n']);
    expect(ran).toEqual([['stdin'], ['ask']]);
  });

  it('refuses a wrong key, a request that is not the protocol, and an endless line, running nothing', async () => {
    expect(await raw(request('a'.repeat(64), ['devices', 'list']))).toBe(
      '{"type":"refused","reason":"token"}\n',
    );
    expect(await raw('{"type":"run","argv":"devices list"}\n')).toBe(
      '{"type":"refused","reason":"request"}\n',
    );
    expect(await raw('not json at all\n')).toBe('{"type":"refused","reason":"request"}\n');
    // Over the frame limit without a newline: dropped at once (not at the 10 s wait for a request), before
    // it is buffered whole.
    const started = Date.now();
    expect(await raw(Buffer.alloc(MAX_FRAME_BYTES + 1024, 'a'))).toBe('');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ran).toEqual([]);
  });

  it('tells the command line when no console listens, or when the token file is open to others', async () => {
    const io = { out: () => {}, err: () => {}, readStdin: async () => '', ask: async () => false };
    const base = { argv: ['x'], cwd: '/', columns: null, stderrIsTTY: false, stdinIsTTY: false, locales: [] };
    chmodSync(commandEndpoint(dir).tokenFile, 0o640);
    expect(await runInConsole(dir, base, io)).toEqual({
      kind: 'not-private',
      file: commandEndpoint(dir).tokenFile,
    });
    chmodSync(commandEndpoint(dir).tokenFile, 0o600);
    await socket.close();
    expect((await runInConsole(dir, base, io)).kind).toBe('unreachable');
    expect(ran).toEqual([]);
  });
});

describe('LineReader', () => {
  it('joins a line split across chunks and refuses one over the limit', () => {
    const lines: string[] = [];
    const reader = new LineReader((l) => lines.push(l));
    reader.push(Buffer.from('{"a":'));
    reader.push(Buffer.from('1}\n{"b":2}\n{"c"'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
    const endless = new LineReader(() => {});
    expect(() => endless.push(Buffer.alloc(MAX_FRAME_BYTES + 1, 'x'))).toThrow(FrameTooLong);
  });
});
