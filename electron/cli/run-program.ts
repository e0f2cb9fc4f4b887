// Runs one command line through the command table (program.ts) and ends it the command line's way: the
// exit code, and for a failure one sentence on stderr in the run's language (cli-text.ts).

import { CommanderError } from 'commander';
import { isAppError } from '../../shared/errors.js';
import { CliText } from './cli-text.js';
import { errorSentence, exitCodeOf } from './errors.js';
import { CliExit, EXIT } from './exit-codes.js';
import { buildProgram, type CliHost } from './program.js';

function sentence(error: unknown, text: CliText): { code: number; text: string } {
  if (error instanceof CliExit) return { code: error.code, text: text.say(error.key, error.values) };
  if (error instanceof CommanderError) {
    // --help and --version are answers; a group without its command (help shown unasked) is usage.
    const ok = ['commander.helpDisplayed', 'commander.version'].includes(error.code);
    return { code: ok ? EXIT.ok : EXIT.usage, text: '' };
  }
  if (isAppError(error)) return { code: exitCodeOf(error), text: errorSentence(error) };
  return { code: EXIT.failure, text: error instanceof Error ? error.message : String(error) };
}

/**
 * Runs one command line; resolves to its exit code, the failure's sentence written to io.err. `rethrow`
 * lets a caller's own signal through untouched (main.ts: the command handed to the console).
 */
export async function runProgram(
  argv: readonly string[],
  version: string,
  host: CliHost,
  rethrow: (error: unknown) => boolean = () => false,
): Promise<number> {
  const text = new CliText(host.io.locales);
  const program = buildProgram(version, host, text);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (rethrow(error)) throw error;
    const failure = sentence(error, text);
    if (failure.text) host.io.err.write(`support-console: ${failure.text}\n`);
    return failure.code;
  }
}
