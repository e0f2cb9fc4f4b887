// The app's binary as the command line: `support-console --cli devices list` runs `support-console
// devices list`. The packaged app cannot run as plain Node (its RunAsNode fuse is off, build/
// electron-builder.config.ts), so the installers' `support-console` shims (build/cli/) call the app itself
// with --cli first; main.ts asks here before anything of the app starts (no window, no single-instance
// lock, no tray), and the glue only ends the process with the command's exit code.
//
// The command table is loaded at run time from where the build put it (electron/cli is not compiled with
// Electron's main; scripts/build-host.mjs bundles it beside it), as serve-console.ts loads its table.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLI_SWITCH = '--cli';

/**
 * The command line's arguments when this launch is one (everything after --cli), else null. --cli counts
 * only as the first argument: after `electron .` when Electron runs the app from a folder (defaultApp),
 * right after the binary when packaged. Anywhere else it is an argument like any other.
 */
export function commandLineArguments(argv: readonly string[], defaultApp: boolean): string[] | null {
  const at = defaultApp ? 2 : 1;
  return argv[at] === CLI_SWITCH ? argv.slice(at + 1) : null;
}

/** What electron/cli/command-line.ts exports. */
export interface CommandLineModule {
  runCli(argv: readonly string[]): Promise<number>;
}

const CANDIDATES = import.meta.url.endsWith('.ts') ? ['./cli/command-line.ts'] : ['./cli/command-line.js'];

async function loadCommandLine(): Promise<CommandLineModule> {
  const found = CANDIDATES.map((c) => new URL(c, import.meta.url)).find((url) =>
    existsSync(fileURLToPath(url)),
  );
  if (!found) throw new Error(`the command line is not built (${CANDIDATES.join(', ')})`);
  return (await import(found.href)) as CommandLineModule;
}

/** Resolves once what was written to `stream` has left the process (a pipe may still hold it). */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}

/**
 * Runs one command line in this process and resolves to its exit code once stdout and stderr are
 * flushed (the app's exit does not wait for a pipe). A failure to load or run is one sentence and 1.
 */
export async function runCommandLine(
  args: readonly string[],
  load: () => Promise<CommandLineModule> = loadCommandLine,
): Promise<number> {
  let code: number;
  try {
    code = await (await load()).runCli(args);
  } catch (error) {
    process.stderr.write(`support-console: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 1;
  }
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  return code;
}
