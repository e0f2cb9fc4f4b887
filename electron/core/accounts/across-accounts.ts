// What the accounts layer (accounts-core.ts) does across accounts rather than for the one on screen:
// search the devices of the others, set the same quiet hours in all of them, and keep the settings that
// are the technician's rather than an account's the same in all.
//
// The search is run by each account's devices' owner, the poll worker (device-rank.ts): only the few hits
// cross to this thread and on to the renderer. The account on screen is left out, as the palette already
// searches the copy the renderer holds of it.

import type { AccountDeviceHit, InvokeRequest } from '../../../shared/ipc/contract.js';
import { searchWords } from '../device-rank.js';
import type { QuietHours } from '../../../shared/status-history.js';
import { shownName, type Held } from './held-account.js';

/**
 * The devices of `others` whose name, alias, IP or MAC holds every word of `query`, account by account,
 * each account's best few as its devices' owner ranks them (device-rank.ts).
 */
export async function searchAccounts(others: readonly Held[], query: string): Promise<AccountDeviceHit[]> {
  const words = searchWords(query);
  if (words.length === 0) return [];
  // Each account's owner is its own worker: they search at once, and the hits keep the accounts' order.
  const found = await Promise.all(others.map((h) => h.core.searchDevices(words)));
  return others.flatMap((h, i) => {
    const account = { id: h.entry.id, name: shownName(h) };
    return found[i]!.map((d) => ({
      account,
      device: { id: d.id, name: d.name, alias: d.alias, ip: d.ip, status: d.status },
    }));
  });
}

/**
 * Sets `quietHours` in every account, keeping each account's own watches: all of them or none. One after
 * another, each account's watches read just before its write, so a watch saved meanwhile on screen is not
 * undone. When one account's write fails (a full disk), the accounts already written get their own quiet
 * hours back and the call fails: the technician is never left with quiet nights in some accounts only,
 * believing they hold everywhere.
 */
export async function setQuietHoursEverywhere(
  held: readonly Held[],
  quietHours: QuietHours | null,
): Promise<void> {
  const written: Array<{ h: Held; before: QuietHours | null }> = [];
  try {
    for (const h of held) {
      const { watches, quietHours: before } = await h.core.handlers['watch:get']({});
      await h.core.handlers['watch:set']({ watches, quietHours });
      written.push({ h, before });
    }
  } catch (error) {
    for (const { h, before } of written.reverse()) {
      const { watches } = await h.core.handlers['watch:get']({});
      await h.core.handlers['watch:set']({ watches, quietHours: before }).catch(() => undefined);
    }
    throw error;
  }
}

/** Theme and language are the technician's, not an account's: the part of `patch` every account takes. */
export function sharedSettings(
  patch: InvokeRequest<'settings:update'>,
): InvokeRequest<'settings:update'> | null {
  const shared: InvokeRequest<'settings:update'> = {};
  if (patch.theme !== undefined) shared.theme = patch.theme;
  if (patch.language !== undefined) shared.language = patch.language;
  return Object.keys(shared).length > 0 ? shared : null;
}
