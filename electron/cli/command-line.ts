// `support-console`: the console's command line, a third host of the same core (beside Electron and the
// browser host). The command table is program.ts; runCli decides where a command runs:
// - nobody holds the account: here, under the account lock, with a core of this process;
// - the console holds it (it is running): inside the console, over its command socket
//   (electron/command-socket/), so the console's own core reads and its outbox writes, and there is never
//   a second writer of the account's files. This process only relays the terminal.
//
// Two entries run it: main.ts (the package's bin, plain Node) and the app's own binary with --cli
// (electron/cli-mode.ts: the packaged app cannot run as plain Node), which loads the bundle of this file
// that scripts/build-host.mjs writes beside Electron's main.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockHolder, type LockHolder } from '../core/account-lock.js';
import { runInConsole, type ConsoleAnswer } from '../command-socket/client.js';
import { processIo, type CliIo } from './cli-io.js';
import { CliExit, EXIT } from './exit-codes.js';
import { CliText } from './cli-text.js';
import { runProgram } from './run-program.js';

/**
 * The package's version, from the package.json above this file: electron/cli/ from source,
 * dist/host/ built, dist/electron/electron/cli/ inside the app's archive.
 */
function packageVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'support-console' && pkg.version) return pkg.version;
    }
    if (path.dirname(dir) === dir) return 'unknown';
  }
}

/** Thrown before a command opens the account when a running console holds it: the console runs it. */
class HandToConsole extends Error {
  constructor(
    readonly consoleDir: string,
    readonly holder: LockHolder,
  ) {
    super('The console holds the account.');
  }
}

/** The one sentence for a console that did not run the command (nothing ran: exit 7, try again). */
function notRun(answer: Exclude<ConsoleAnswer, { kind: 'exit' }>, holder: LockHolder): CliExit {
  const pid = String(holder.pid);
  switch (answer.kind) {
    case 'refused':
      return answer.reason === 'token'
        ? new CliExit(EXIT.accountBusy, 'cli.console.refusedKey', { pid })
        : new CliExit(EXIT.accountBusy, 'cli.console.badRequest', { pid });
    case 'not-private':
      return new CliExit(EXIT.accountBusy, 'cli.console.notPrivate', { pid, file: answer.file });
    case 'unreachable':
      return new CliExit(EXIT.accountBusy, 'cli.console.unreachable', { pid, detail: answer.detail });
    case 'broken':
      return new CliExit(EXIT.failure, 'cli.console.broken');
  }
}

function handOver(argv: readonly string[], io: CliIo, handed: HandToConsole): Promise<ConsoleAnswer> {
  return runInConsole(
    handed.consoleDir,
    {
      argv: [...argv],
      cwd: io.cwd,
      columns: io.out.columns,
      stderrIsTTY: io.err.isTTY,
      stdinIsTTY: io.stdinIsTTY,
      locales: io.locales,
    },
    { out: io.out.write, err: io.err.write, readStdin: io.readStdin, ask: io.confirm },
  );
}

export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const version = packageVersion();
  try {
    return await runProgram(
      argv,
      version,
      {
        io,
        beforeOpen(consoleDir) {
          const holder = lockHolder(consoleDir);
          if (holder?.kind === 'console') throw new HandToConsole(consoleDir, holder);
        },
      },
      (error) => error instanceof HandToConsole,
    );
  } catch (error) {
    if (!(error instanceof HandToConsole)) throw error;
    const answer = await handOver(argv, io, error);
    if (answer.kind === 'exit') return answer.code;
    // The console quit between the look at the lock and the connection: the account is free, run here.
    if (answer.kind === 'unreachable' && lockHolder(error.consoleDir) === null) {
      return runProgram(argv, version, { io });
    }
    const failure = notRun(answer, error.holder);
    io.err.write(`support-console: ${new CliText(io.locales).say(failure.key, failure.values)}\n`);
    return failure.code;
  }
}
