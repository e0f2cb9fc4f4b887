// What the command line and a running console say to each other over the command socket (issue 27): one
// JSON object a line (newline-delimited JSON), each line at most MAX_FRAME_BYTES, every line the console
// receives checked against the schemas below before anything acts on it.
//
// The conversation: the command line sends `run` (the console's key from the token file, its argv and
// what it knows of its terminal); the console runs that command through its own core and streams back
// `out` and `err` text, asks for stdin (`read-stdin`: `devices move -`) or a yes/no (`ask`: the bulk
// move's "Go ahead?") when the command needs them, and ends with `exit`. A wrong key gets `refused` and
// the connection closes without anything having run.

import * as z from 'zod';

export const PROTOCOL_VERSION = 1;

/**
 * The longest line either side accepts. Answers are sent in parts of OUTPUT_CHUNK characters, so only
 * stdin piped to `devices move -` comes near it (100,000 ids are ~1 MB).
 */
export const MAX_FRAME_BYTES = 8 * 1024 * 1024;
/** Text of one `out`/`err` frame: a 100,000-device CSV streams as many of these. */
export const OUTPUT_CHUNK = 64 * 1024;

const text = z.string().max(MAX_FRAME_BYTES);

export const runRequestSchema = z.object({
  type: z.literal('run'),
  v: z.literal(PROTOCOL_VERSION),
  token: z.string().regex(/^[0-9a-f]{64}$/),
  argv: z.array(z.string().max(8192)).max(1000),
  /** The command line's working directory: `--ics FILE` is written relative to it. */
  cwd: z.string().min(1).max(4096),
  /** Its stdout's terminal width, or null when piped (tables are then tab-separated). */
  columns: z.number().int().min(1).max(10_000).nullable(),
  stderrIsTTY: z.boolean(),
  stdinIsTTY: z.boolean(),
  /** The command line's own language (LANG and friends), for its sentences. */
  locales: z.array(z.string().max(64)).max(8),
});
export type RunRequest = z.infer<typeof runRequestSchema>;

/** What the command line may send once a command runs: only answers to what the console asked. */
export const replySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stdin'), text }),
  z.object({ type: z.literal('answer'), yes: z.boolean() }),
]);
export type Reply = z.infer<typeof replySchema>;

export type ConsoleMessage =
  | { type: 'out'; text: string }
  | { type: 'err'; text: string }
  | { type: 'read-stdin' }
  | { type: 'ask'; question: string }
  | { type: 'exit'; code: number }
  | { type: 'refused'; reason: 'token' | 'request' };

export const consoleMessageSchema: z.ZodType<ConsoleMessage> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('out'), text }),
  z.object({ type: z.literal('err'), text }),
  z.object({ type: z.literal('read-stdin') }),
  z.object({ type: z.literal('ask'), question: z.string().max(4096) }),
  z.object({ type: z.literal('exit'), code: z.number().int().min(0).max(255) }),
  z.object({ type: z.literal('refused'), reason: z.enum(['token', 'request']) }),
]);

export function frame(message: object): string {
  return `${JSON.stringify(message)}\n`;
}

export class FrameTooLong extends Error {
  constructor() {
    super(`A message on the command socket is longer than ${MAX_FRAME_BYTES} bytes.`);
    this.name = 'FrameTooLong';
  }
}

/**
 * Splits a byte stream into lines, refusing one longer than MAX_FRAME_BYTES before it is buffered whole
 * (a peer that never sends a newline cannot make the other side hold more than that).
 */
export class LineReader {
  #parts: Buffer[] = [];
  #size = 0;

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.#take(chunk.subarray(start, nl));
      const line = Buffer.concat(this.#parts, this.#size).toString('utf8');
      this.#parts = [];
      this.#size = 0;
      start = nl + 1;
      this.onLine(line);
    }
    if (start < chunk.length) this.#take(chunk.subarray(start));
  }

  #take(part: Buffer): void {
    this.#size += part.length;
    if (this.#size > MAX_FRAME_BYTES) throw new FrameTooLong();
    this.#parts.push(part);
  }
}

/** A line as JSON checked against `schema`; null when it is not JSON or does not fit. */
export function parseFrame<T>(schema: z.ZodType<T>, line: string): T | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
