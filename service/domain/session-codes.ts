// Session codes a customer reads out on the phone: nine digits, grouped by the app as it likes, unique
// within the account, unpredictable (node:crypto) so a code cannot be guessed from another.
import { randomInt } from 'node:crypto';

export function newSessionCode(taken: (code: string) => boolean): string {
  for (;;) {
    const code = String(randomInt(100_000_000, 1_000_000_000));
    if (!taken(code)) return code;
  }
}
