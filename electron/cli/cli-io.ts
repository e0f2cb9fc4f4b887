// Where a command's answer, sentences and questions go. In a `support-console` process that is its own
// stdout, stderr and stdin; when the command runs inside the console (console-commands.ts, reached over
// the command socket) it is the command line's terminal at the other end of the socket. Commands reach the
// terminal only through this, so the same command code serves both.

import { createInterface } from 'node:readline/promises';
import { stdoutOut, type Out } from './output.js';

export interface CliIo {
  out: Out;
  err: { write(text: string): void; isTTY: boolean };
  stdinIsTTY: boolean;
  /** All of stdin (`devices move -`). */
  readStdin(): Promise<string>;
  /** A yes/no asked on the terminal (a bulk move's "Go ahead? [y/N]"). */
  confirm(question: string): Promise<boolean>;
  /** Where relative paths (`--ics FILE`) are resolved. */
  cwd: string;
  /** The terminal's languages (LANG, LC_ALL, LC_MESSAGES), most preferred first. */
  locales: string[];
}

const watched = new WeakSet<NodeJS.WriteStream>();

/**
 * A reader that stops early (`support-console devices list | head`) closes the pipe, and the next write to
 * stdout fails with EPIPE: without a listener Node throws it as an unhandled error with its stack on
 * stderr. The reader has all it wanted, so the process ends quietly with the command's code so far (0
 * unless it had failed). Ending here is safe for a write command too: its change was sent or is in the
 * outbox before anything about it is printed, and the outbox survives a process ending at any moment.
 * Both ways the command line runs in its own process (support-console, the app's --cli) pass through
 * processIo.
 */
export function endQuietlyWhenStdoutCloses(stdout: NodeJS.WriteStream = process.stdout): void {
  if (watched.has(stdout)) return;
  watched.add(stdout);
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
}

/** The languages of this process's environment, as POSIX names them ("de_DE.UTF-8" → "de-DE"). */
export function environmentLocales(env: Record<string, string | undefined> = process.env): string[] {
  const names = [env.LC_ALL, env.LC_MESSAGES, env.LANG, ...(env.LANGUAGE ?? '').split(':')];
  return names
    .filter((n): n is string => !!n && n !== 'C' && n !== 'POSIX')
    .map((n) => n.split('.')[0]!.replace('_', '-'))
    .filter(Boolean)
    .slice(0, 8);
}

export function processIo(): CliIo {
  endQuietlyWhenStdoutCloses();
  return {
    out: stdoutOut(),
    err: { write: (text) => process.stderr.write(text), isTTY: process.stderr.isTTY === true },
    stdinIsTTY: process.stdin.isTTY === true,
    async readStdin() {
      let text = '';
      for await (const chunk of process.stdin) text += String(chunk);
      return text;
    },
    async confirm(question) {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        // Yes in the languages the console speaks: y/yes, j/ja, o/oui, s/sí/si.
        return /^(y|yes|j|ja|o|oui|s|si|sí)$/i.test((await rl.question(`${question} `)).trim());
      } finally {
        rl.close();
      }
    },
    cwd: process.cwd(),
    locales: environmentLocales(),
  };
}
