// The search of an account not on screen (accounts:search), as the devices' owner runs it over what it
// holds (devices-poll-worker.ts, the `search` request): only the few hits leave it, so neither the list
// nor a part of it crosses to the main thread per paused query.
//
// Each device ranks by its weakest word: exact matches first, then those starting with the words, then
// the rest, so the device typed in full ("10.0.0.1", a whole name) is among the few sent even when many
// more hold it ("10.0.0.12").

import type { Device } from '../../shared/model.js';

/** Hits per account: enough to find the one meant, few enough that a one-letter query sends little. */
export const HITS_PER_ACCOUNT = 8;

const EXACT = 0;
const STARTS = 1;
const HOLDS = 2;

/** The words of a query as the search compares them: lower case, split on spaces. */
export const searchWords = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

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

/** Whether JSON writes `word` as typed: one holding a quote, a backslash or a control character is not. */
const unescapedInJson = (word: string): boolean => JSON.stringify(word).length === word.length + 2;

/**
 * The first HITS_PER_ACCOUNT devices by rank, from the devices' JSON texts (as the mirror keeps them). A
 * text is parsed only when it holds every word somewhere (lower-cased), so a selective query parses few
 * of 100,000; a word JSON would escape turns that test off (it could miss a device), not the search.
 */
export function rankedHits(texts: Iterable<string>, words: readonly string[]): Device[] {
  if (words.length === 0) return [];
  const quick = words.every(unescapedInJson);
  // One list per rank, each kept to the few sent: no more than 3 × HITS_PER_ACCOUNT references.
  const ranked: Device[][] = [[], [], []];
  for (const text of texts) {
    if (quick) {
      const lower = text.toLowerCase();
      if (!words.every((w) => lower.includes(w))) continue;
    }
    const d = JSON.parse(text) as Device;
    const rank = rankOf(d, words);
    if (rank === null || ranked[rank]!.length === HITS_PER_ACCOUNT) continue;
    ranked[rank]!.push(d);
    if (rank === EXACT && ranked[EXACT]!.length === HITS_PER_ACCOUNT) break;
  }
  return ranked.flat().slice(0, HITS_PER_ACCOUNT);
}
