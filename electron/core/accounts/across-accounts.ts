// What the accounts layer (accounts-core.ts) does across accounts rather than for the one on screen:
// search the devices of the others, and set the same quiet hours in all of them.
//
// The search reads each account's devices where its core holds them (no copy of a list is made, and only
// the few hits cross to the renderer); the account on screen is left out, as the palette already searches
// the copy the renderer holds of it.

import type { AccountDeviceHit } from '../../../shared/ipc/contract.js';
import type { Device } from '../../../shared/model.js';
import type { QuietHours } from '../../../shared/status-history.js';
import { shownName, type Held } from './held-account.js';

/** Hits per account: enough to find the one meant, few enough that a one-letter query sends little. */
export const HITS_PER_ACCOUNT = 8;

/** The devices of `others` whose name, alias, IP or MAC holds every word of `query`, account by account. */
export function searchAccounts(others: readonly Held[], query: string): AccountDeviceHit[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: AccountDeviceHit[] = [];
  for (const h of others) {
    const account = { id: h.entry.id, name: shownName(h) };
    let found = 0;
    for (const d of h.core.snapshot().data.devices) {
      if (!matches(d, words)) continue;
      hits.push({ account, device: { id: d.id, name: d.name, alias: d.alias, ip: d.ip, status: d.status } });
      if (++found === HITS_PER_ACCOUNT) break;
    }
  }
  return hits;
}

function matches(d: Device, words: readonly string[]): boolean {
  return words.every(
    (w) => includes(d.name, w) || includes(d.alias, w) || includes(d.ip, w) || includes(d.mac, w),
  );
}

function includes(field: string | null, word: string): boolean {
  return field !== null && field.toLocaleLowerCase().includes(word);
}

/**
 * Sets `quietHours` in every account, keeping each account's own watches. One after another, and each
 * account's watches read just before its write, so a watch saved meanwhile on screen is not undone.
 */
export async function setQuietHoursEverywhere(
  held: readonly Held[],
  quietHours: QuietHours | null,
): Promise<void> {
  for (const h of held) {
    const { watches } = await h.core.handlers['watch:get']({});
    await h.core.handlers['watch:set']({ watches, quietHours });
  }
}
