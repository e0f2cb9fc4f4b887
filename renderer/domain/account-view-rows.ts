// The rows a saved view spanning accounts shows of the accounts not on screen (issue 28): each account's
// first matches, in the order asked, come from the main side (accounts:view-matches); here they become one
// list with their account, sorted by the same keys in both processes (the main side imports this order),
// so the first rows of each account merged and sorted again are the first rows of them all.

import type { AccountViewMatches } from '../../shared/ipc/contract.js';
import type { VIEW_MATCH_SORT_KEYS } from '../../shared/ipc/limits.js';
import { enumValue } from '../../shared/model.js';
import { compareSortValues, ipKey, textSortKey, type SortValue } from './sort-values.js';

export type MatchSortKey = (typeof VIEW_MATCH_SORT_KEYS)[number];
/** The table's columns that sort: the row's own fields, and the account. */
export type AccountRowSortKey = MatchSortKey | 'account';
export type MatchRow = AccountViewMatches['devices'][number];

export interface AccountRow {
  account: AccountViewMatches['account'];
  copy: AccountViewMatches['copy'];
  device: MatchRow;
}

/** A row's value for the sort key: the grid's order (textSortKey for words, IPs as numbers, empty last). */
export function matchSortValue(d: MatchRow, key: MatchSortKey): SortValue {
  if (key === 'ip') return ipKey(d.ip);
  if (key === 'name') return textSortKey(d.name ?? d.alias ?? '') || null;
  const value = d[key];
  return value === null ? null : textSortKey(enumValue(value));
}

/** The order of two rows: by the key, then by name and id, so equal keys never shuffle on a refresh. */
export function compareMatches(
  a: MatchRow,
  b: MatchRow,
  key: MatchSortKey,
  direction: 'asc' | 'desc',
): number {
  const by = compareSortValues(matchSortValue(a, key), matchSortValue(b, key));
  const tie =
    compareSortValues(matchSortValue(a, 'name'), matchSortValue(b, 'name')) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return (direction === 'asc' ? by : -by) || tie;
}

/** One list of every account's rows, of one account only when `only` names it, in the order asked. */
export function accountRows(
  matches: readonly AccountViewMatches[],
  sort: { key: AccountRowSortKey; direction: 'asc' | 'desc' },
  only: string | null = null,
): AccountRow[] {
  const rows = matches
    .filter((m) => only === null || m.account.id === only)
    .flatMap((m) => m.devices.map((device) => ({ account: m.account, copy: m.copy, device })));
  const key = sort.key;
  if (key === 'account') {
    const dir = sort.direction === 'asc' ? 1 : -1;
    return rows.sort(
      (a, b) =>
        dir * a.account.name.localeCompare(b.account.name) ||
        compareMatches(a.device, b.device, 'name', 'asc'),
    );
  }
  return rows.sort((a, b) => compareMatches(a.device, b.device, key, sort.direction));
}

/** What the main side is asked to order by: the account is the renderer's to order, by name within it. */
export function mainSortKey(key: AccountRowSortKey): MatchSortKey {
  return key === 'account' ? 'name' : key;
}
