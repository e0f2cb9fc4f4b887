// The command palette's index: every device (name, alias, IP, MAC), folder, session (customer, code),
// user, saved view, screen and action as one line of text, searched fuzzily with uFuzzy (built for
// large haystacks: a 100,000-line filter is a single regex pass; fuse.js scores every line and is an
// order of magnitude slower there). Results are ranked by uFuzzy, but only the first ones are ranked:
// ranking 100,000 matches of a one-letter query is wasted work nobody scrolls through.

import uFuzzy from '@leeoniya/ufuzzy';

export type PaletteKind =
  | 'screen'
  | 'action'
  | 'view'
  | 'device'
  | 'folder'
  | 'session'
  | 'user'
  /** "Switch to …" another account of the console (issue 28). */
  | 'account';

export interface PaletteItem {
  kind: PaletteKind;
  id: string;
  /** What is shown. */
  label: string;
  /** Shown after the label, dimmed (IP, code…). */
  detail?: string;
  /** A device of an account not on screen (issue 28): that account, shown beside it. */
  account?: { id: string; name: string };
}

export interface PaletteIndex {
  items: readonly PaletteItem[];
  haystack: readonly string[];
}

export function buildPaletteIndex(items: PaletteItem[]): PaletteIndex {
  return {
    items,
    haystack: items.map((i) => (i.detail ? `${i.label} ${i.detail}` : i.label)),
  };
}

// intraMode 1: one typo (insertion, deletion, substitution, transposition) per term; plain ASCII search
// is case-insensitive by default.
const fuzzy = new uFuzzy({ intraMode: 1, intraIns: 1 });
/** Above this many filtered matches, results are not ranked, only cut (see top). */
const RANK_LIMIT = 2000;

/** The best `limit` items for `query` (in rank order); screens and actions come first for ties. */
export function searchPalette(index: PaletteIndex, query: string, limit = 50): PaletteItem[] {
  const needle = query.trim();
  if (!needle) return index.items.slice(0, limit) as PaletteItem[];
  const haystack = index.haystack as string[];
  const idxs = fuzzy.filter(haystack, needle);
  if (!idxs || idxs.length === 0) return [];
  if (idxs.length > RANK_LIMIT) return idxs.slice(0, limit).map((i) => index.items[i]!);
  const info = fuzzy.info(idxs, haystack, needle);
  const order = fuzzy.sort(info, haystack, needle);
  return order.slice(0, limit).map((o) => index.items[info.idx[o]!]!);
}
