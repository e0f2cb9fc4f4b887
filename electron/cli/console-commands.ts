// A command line's command, run inside the console that holds the account (issue 27): the same command
// table (program.ts) as in a `support-console` process, with two differences only. The account is the
// console's own running core (no lock, no second core: reads come from the console's copy, changes go
// through its outbox, and closing the command leaves the core running), and the terminal is the command
// line's at the other end of the command socket. Loaded by electron/command-socket/serve-console.ts.

import { dispatchInvoke } from '../../shared/ipc/dispatch.js';
import type { InvokeResponse } from '../../shared/ipc/contract.js';
import type { AppCore } from '../core/app-core.js';
import type { ConsoleCommandsOptions } from '../command-socket/serve-console.js';
import type { CommandRunner } from '../command-socket/server.js';
import type { CliIo } from './cli-io.js';
import { CliExit, EXIT } from './exit-codes.js';
import type { OpenAccount } from './open-account.js';
import { runProgram } from './run-program.js';

function consoleAccount(core: AppCore): OpenAccount {
  return {
    core,
    async invoke(channel, payload = {}) {
      const result = await dispatchInvoke(core.handlers, channel, payload);
      if (!result.ok) throw result.error;
      return result.value as InvokeResponse<typeof channel>;
    },
    // The console's core outlives the command.
    async close() {},
  };
}

export function consoleCommands(options: ConsoleCommandsOptions): CommandRunner {
  return (request, channel) => {
    const io: CliIo = {
      out: { write: channel.out, columns: request.columns },
      err: { write: channel.err, isTTY: request.stderrIsTTY },
      stdinIsTTY: request.stdinIsTTY,
      readStdin: channel.readStdin,
      confirm: channel.ask,
      cwd: request.cwd,
      locales: request.locales,
    };
    return runProgram(request.argv, options.appVersion, {
      io,
      dataDir: options.dataDir,
      inConsole: true,
      async open(account) {
        // '' is the one account of a console from before the list of accounts: the one on screen.
        const core = options.accounts.coreOf(account.id || options.accounts.accounts().active);
        if (!core) {
          throw new CliExit(EXIT.usage, 'cli.console.noSuchAccount', {
            name: account.name || account.id || account.dir,
          });
        }
        await core.opened();
        return consoleAccount(core);
      },
    });
  };
}
