// Every exit status the command line ends with, in one table: `--help` prints it and scripts test for it.
// Numbers are never reused for another meaning (a script written against 0.1 keeps working).

import type { MessageValues } from '../../shared/i18n/translator.js';
import { english, type CliKey } from './cli-text.js';

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

const MEANING: Record<ExitCode, string> = {
  0: 'success',
  1: 'unexpected failure',
  2: 'usage error (unknown command, option or value)',
  3: 'signed out: sign in in the console first',
  4: 'offline: a change needs the service',
  5: 'the service refused the request',
  6: 'conflict: changed by someone else first',
  7: 'the account is busy: another command holds it, or the running console could not take the command',
  8: 'not found',
};

/** The table `--help` ends with. */
export function exitCodesHelp(): string {
  const lines = Object.entries(MEANING).map(([code, meaning]) => `  ${code.padStart(2)}  ${meaning}`);
  return `Exit codes:\n${lines.join('\n')}\n`;
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
