// A saved view spanning accounts (issue 28), matched in an account not on screen by its devices' owner
// (the poll worker: devices-poll-worker.ts, the `view` request), over the devices it holds: only the first
// `limit` matches and how many match in all leave it. Loaded by the worker when a first such view is asked,
// not at its start: the view model (the renderer's saved-view.ts, zod, the condition language) is no part
// of a poll.
//
// The view model is the renderer's, run here as the command line runs it, so a spanning view shows in
// another account exactly what it would show there. The history conditions ("offline longer than",
// "flapping") read the history of the account on screen only: in the others no device matches one (their
// since rows are not kept in this process), which the view's table says beside its count.

import type { AccountViewMatches, FolderNode, InvokeRequest } from '../../shared/ipc/contract.js';
import type { Device, Id } from '../../shared/model.js';
import { matchSortValue } from '../../renderer/domain/account-view-rows.js';
import { searchEntry, type SearchEntry } from '../../renderer/domain/device-search.js';
import { compareSortValues, type SortValue } from '../../renderer/domain/sort-values.js';
import { buildFolderTree, descendantsAndSelf, type FolderTree } from '../../renderer/domain/folder-tree.js';
import { registerHistoryConditions } from '../../renderer/domain/history-conditions.js';
import { compileView } from '../../renderer/domain/saved-view.js';
import type { ConditionGroup } from '../../renderer/domain/view-conditions.js';

type Request = InvokeRequest<'accounts:view-matches'>;
type Row = AccountViewMatches['devices'][number];

/** What the owner is asked: the view (its conditions already read), the order and how many rows. */
export interface ViewQuery {
  search: string;
  where: ConditionGroup;
  sort: Request['sort'];
  limit: number;
  /** The account's folders (the main thread holds them): folder conditions and the search read them. */
  folders: FolderNode[];
  now: number;
}

export interface ViewMatched {
  total: number;
  devices: Row[];
}

/** The view's matches among `devices`: how many, and the first `limit` in the order asked. */
export function matchView(devices: Iterable<Device>, q: ViewQuery): ViewMatched {
  registerHistoryConditions();
  let tree: FolderTree | null = null;
  // Built only when a condition names a folder: the tree of a large account is not free.
  const folderTree = () => (tree ??= buildFolderTree(q.folders, []));
  const names = new Map<Id, string>(q.folders.map((f) => [f.id, f.name]));
  const { match } = compileView(
    { search: q.search, where: q.where },
    {
      now: q.now,
      subtree: (id) => descendantsAndSelf(folderTree(), id),
      knownFolder: (id) => names.has(id),
      extensions: {},
    },
  );
  const entry = new LazyEntry(names);
  const first = new FirstInOrder(q.sort, q.limit);
  let total = 0;
  for (const d of devices) {
    if (!match(d, entry.of(d))) continue;
    total++;
    first.offer(d);
  }
  return { total, devices: first.rows().map(row) };
}

/**
 * The search entry of the device being tested, built only if a text condition reads it: a view of
 * statuses or folders over 50,000 devices then builds none. One object for the whole scan, as a
 * predicate reads the entry while it runs and keeps none.
 */
class LazyEntry implements SearchEntry {
  #device: Device | null = null;
  #built: SearchEntry | null = null;
  constructor(readonly folders: ReadonlyMap<Id, string>) {}
  of(device: Device): this {
    this.#device = device;
    this.#built = null;
    return this;
  }
  #entry(): SearchEntry {
    const d = this.#device!;
    return (this.#built ??= searchEntry(d, d.folderId ? this.folders.get(d.folderId) : null));
  }
  get text(): string {
    return this.#entry().text;
  }
  get ip(): string {
    return this.#entry().ip;
  }
  get mac(): string {
    return this.#entry().mac;
  }
}

/**
 * The first `limit` matches in the asked order, kept while the scan goes (no sort of every match after
 * it): a match after the last kept one is dropped at the cost of its key; the kept ones stay sorted.
 */
class FirstInOrder {
  readonly #kept: Array<{ device: Device; key: SortValue; name: SortValue }> = [];
  readonly #dir: number;
  constructor(
    readonly sort: Request['sort'],
    readonly limit: number,
  ) {
    this.#dir = sort.direction === 'asc' ? 1 : -1;
  }

  offer(device: Device): void {
    if (this.limit === 0) return;
    const item = { device, key: matchSortValue(device, this.sort.key), name: matchSortValue(device, 'name') };
    const kept = this.#kept;
    if (kept.length === this.limit && this.#compare(item, kept[kept.length - 1]!) >= 0) return;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#compare(kept[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, item);
    if (kept.length > this.limit) kept.pop();
  }

  rows(): Device[] {
    return this.#kept.map((k) => k.device);
  }

  #compare(a: { device: Device; key: SortValue; name: SortValue }, b: typeof a): number {
    return (
      this.#dir * compareSortValues(a.key, b.key) ||
      compareSortValues(a.name, b.name) ||
      (a.device.id < b.device.id ? -1 : a.device.id > b.device.id ? 1 : 0)
    );
  }
}

function row(d: Device): Row {
  return { id: d.id, name: d.name, alias: d.alias, ip: d.ip, os: d.os, status: d.status };
}
