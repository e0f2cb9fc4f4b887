// What a console host (the browser host, Electron's main) calls once its core has started: the command
// socket, answering each command with the command line's own command table run against this console's
// cores (electron/cli/console-commands.ts).
//
// The command table is loaded at run time from where the build put it, not imported: it shares the
// renderer's domain modules, which this project's TypeScript settings (no DOM) do not compile, and the
// hosts need it only once a command line connects. From source it is the .ts module; in dist/host it is
// the bundle's console-commands.js entry beside the host's chunks; beside Electron's compiled main it is
// the bundle scripts/build-host.mjs writes to dist/electron/electron/cli/console-commands.js.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppCore } from '../core/app-core.js';
import type { Logger } from '../core/logger.js';
import { startCommandSocket, type CommandRunner, type CommandSocket } from './server.js';

/** The accounts a console holds, as the command table needs them (AccountsCore has both). */
export interface ConsoleAccounts {
  /** The core of an account by its id (accounts-list.json). */
  coreOf(id: string): AppCore | null;
  /** The account on screen: a console of one account from before the list answers for it. */
  accounts(): { active: string };
}

export interface ConsoleCommandsOptions {
  dataDir: string;
  appVersion: string;
  accounts: ConsoleAccounts;
}

/** What electron/cli/console-commands.ts exports. */
export interface CommandTableModule {
  consoleCommands(options: ConsoleCommandsOptions): CommandRunner;
}

const CANDIDATES = import.meta.url.endsWith('.ts')
  ? ['../cli/console-commands.ts']
  : ['./console-commands.js', '../cli/console-commands.js'];

async function loadCommandTable(): Promise<CommandTableModule> {
  const found = CANDIDATES.map((c) => new URL(c, import.meta.url)).find((url) =>
    existsSync(fileURLToPath(url)),
  );
  if (!found) throw new Error(`the command table is not built (${CANDIDATES.join(', ')})`);
  return (await import(found.href)) as CommandTableModule;
}

/**
 * Starts the command socket for a console's data directory. A failure is logged and the console goes on
 * without it (the command line then says the console does not answer, exit 7, as before the socket).
 */
export async function serveCommandLine(
  options: ConsoleCommandsOptions & { logger: Logger },
): Promise<CommandSocket | null> {
  try {
    const table = await loadCommandTable();
    return await startCommandSocket({
      dataDir: options.dataDir,
      run: table.consoleCommands(options),
      logger: options.logger,
    });
  } catch (error) {
    options.logger.warn('The command line cannot reach this console', { error: String(error) });
    return null;
  }
}
