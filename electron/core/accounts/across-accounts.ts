// What the accounts layer (accounts-core.ts) does across accounts rather than for the one on screen:
// search the devices of the others, set the same quiet hours in all of them, and keep the settings that
// are the technician's rather than an account's the same in all.
//
// The search reads each account's devices where its core holds them (no copy of a list is made, and only
// the few hits cross to the renderer); the account on screen is left out, as the palette already searches
// the copy the renderer holds of it.

import type { AccountDeviceHit, InvokeRequest } from '../../../shared/ipc/contract.js';
import type { Device } from '../../../shared/model.js';
import type { QuietHours } from '../../../shared/status-history.js';
import { shownName, type Held } from './held-account.js';
import { SCAN_SLICE } from './view-across-accounts.js';

/** Hits per account: enough to find the one meant, few enough that a one-letter query sends little. */
export const HITS_PER_ACCOUNT = 8;

/**
 * The devices of `others` whose name, alias, IP or MAC holds every word of `query`, account by account;
 * in each, exact matches first, then those starting with the words, then the rest, so the device typed
 * in full ("10.0.0.1", a whole name) is among the few sent even when many more hold it ("10.0.0.12").
 */
export async function searchAccounts(others: readonly Held[], query: string): Promise<AccountDeviceHit[]> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: AccountDeviceHit[] = [];
  for (const h of others) {
    const account = { id: h.entry.id, name: shownName(h) };
    // One list per rank, each kept to the few sent: no more than 3 × HITS_PER_ACCOUNT references.
    const ranked: Device[][] = [[], [], []];
    let tested = 0;
    for (const d of h.core.devices()) {
      // In slices, as a spanning view's scan (view-across-accounts.ts): 50,000 devices in one piece held
      // the main thread 10-40 ms (7-12 ms of CPU) under a load of ~17 on 2 cores, per paused query.
      if (++tested % SCAN_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const rank = rankOf(d, words);
      if (rank === null || ranked[rank]!.length === HITS_PER_ACCOUNT) continue;
      ranked[rank]!.push(d);
      if (rank === EXACT && ranked[EXACT]!.length === HITS_PER_ACCOUNT) break;
    }
    for (const d of ranked.flat().slice(0, HITS_PER_ACCOUNT)) {
      hits.push({ account, device: { id: d.id, name: d.name, alias: d.alias, ip: d.ip, status: d.status } });
    }
  }
  return hits;
}

const EXACT = 0;
const STARTS = 1;
const HOLDS = 2;

/** How well `d` matches: every word must be in some field; the device ranks by its weakest word. */
function rankOf(d: Device, words: readonly string[]): number | null {
  let worst = EXACT;
  for (const w of words) {
    let best: number | null = null;
    for (const field of [d.name, d.alias, d.ip, d.mac]) {
      if (field === null) continue;
      const text = field.toLowerCase();
      const rank = text === w ? EXACT : text.startsWith(w) ? STARTS : text.includes(w) ? HOLDS : null;
      if (rank !== null && (best === null || rank < best)) best = rank;
    }
    if (best === null) return null;
    worst = Math.max(worst, best);
  }
  return worst;
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
