// Every exit status the command line ends with, in one table: `--help` prints it and scripts test for it.
// Numbers are never reused for another meaning (a script written against 0.1 keeps working).

import type { MessageValues } from '../../shared/i18n/translator.js';
import { english, type CliKey, type CliText } from './cli-text.js';

export const EXIT = {
  ok: 0,
  /** A bug or an unexpected failure: the message says what. */
  failure: 1,
  /** The command line itself was wrong (unknown command or option, bad value). */
  usage: 2,
  /** No account is signed in here, or the service asks to sign in again. */
  signedOut: 3,
  /** A change was asked for while the service cannot be reached. */
  offlineWrite: 4,
  /** The service refused the request (its error code is in the message). */
  refused: 5,
  /** Someone else changed the same thing first. */
  conflict: 6,
  /** Another command holds this account's files right now, or the running console could not take the command. */
  accountBusy: 7,
  /** No device, folder or session with that id. */
  notFound: 8,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The table `--help` ends with, in the run's language (cli.exit.* in the catalogues). */
export function exitCodesHelp(text: CliText): string {
  const lines = Object.entries(EXIT).map(
    ([name, code]) => `  ${String(code).padStart(2)}  ${text.say(`cli.exit.${name as keyof typeof EXIT}`)}`,
  );
  return `${text.say('cli.help.exitCodes')}\n${lines.join('\n')}\n`;
}

/**
 * A failure that ends the command with `code` after one sentence on stderr: the catalogue's `key`, written
 * in the run's language (its message is the English, for anything that logs it).
 */
export class CliExit extends Error {
  constructor(
    readonly code: ExitCode,
    readonly key: CliKey,
    readonly values?: MessageValues,
  ) {
    super(english(key, values));
    this.name = 'CliExit';
  }
}
