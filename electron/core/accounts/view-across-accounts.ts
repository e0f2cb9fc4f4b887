// A saved view spanning accounts (issue 28), for the accounts not on screen: the view's search and
// conditions are matched here, where each account's core holds its devices (AppCore.devices), and only
// the first `limit` matches per account cross to the renderer, with how many match in all. The account on
// screen is matched by the renderer over its own copy, as for any view.
//
// The view model is the renderer's (saved-view.ts: the search syntax and the condition language), run
// here as the command line runs it, so a spanning view shows in another account exactly what it would
// show there. The history conditions ("offline longer than", "flapping") read the history of the account
// on screen only: in the others no device matches one (their since rows are not kept in this process's
// memory), which the view's table says beside its count.

import type { AccountViewMatches, InvokeRequest } from '../../../shared/ipc/contract.js';
import type { Device, Folder, Id } from '../../../shared/model.js';
import { fail } from '../../../shared/errors.js';
import { matchSortValue } from '../../../renderer/domain/account-view-rows.js';
import { searchEntry, type SearchEntry } from '../../../renderer/domain/device-search.js';
import { compareSortValues, type SortValue } from '../../../renderer/domain/sort-values.js';
import {
  buildFolderTree,
  descendantsAndSelf,
  type FolderTree,
} from '../../../renderer/domain/folder-tree.js';
import { registerHistoryConditions } from '../../../renderer/domain/history-conditions.js';
import { compileView, viewBodySchema } from '../../../renderer/domain/saved-view.js';
import type { ConditionGroup } from '../../../renderer/domain/view-conditions.js';
import { shownName, type Held } from './held-account.js';

type Request = InvokeRequest<'accounts:view-matches'>;
type Row = AccountViewMatches['devices'][number];

/** Devices tested between two turns of the event loop: a few milliseconds of a text search's scan. */
export const SCAN_SLICE = 4_000;

/** The matches of the view in each of `others`, in the order asked, `limit` rows of each at most. */
export async function viewMatches(
  others: readonly Held[],
  request: Request,
  now = Date.now(),
): Promise<AccountViewMatches[]> {
  registerHistoryConditions();
  const where = viewBodySchema.shape.where.safeParse(request.where);
  if (!where.success)
    fail({
      kind: 'validation',
      message: 'The view’s conditions cannot be read.',
      key: 'views.paste.damaged',
    });
  const view = { search: request.search, where: where.data as ConditionGroup };
  const out: AccountViewMatches[] = [];
  for (const h of others) out.push(await accountMatches(h, view, request, now));
  return out;
}

async function accountMatches(
  h: Held,
  view: { search: string; where: ConditionGroup },
  request: Request,
  now: number,
): Promise<AccountViewMatches> {
  const folders = [...h.core.folders()];
  let tree: FolderTree | null = null;
  // Built only when a condition names a folder: the tree of a large account is not free.
  const folderTree = () => (tree ??= buildFolderTree(folders, []));
  const names = new Map<Id, string>(folders.map((f: Folder) => [f.id, f.name]));
  const { match } = compileView(view, {
    now,
    subtree: (id) => descendantsAndSelf(folderTree(), id),
    knownFolder: (id) => names.has(id),
    extensions: {},
  });
  const entry = new LazyEntry(names);
  const first = new FirstInOrder(request.sort, request.limit);
  // In slices, the event loop turning between them: a text search builds each device's entry, ~100 ms
  // at 50,000 devices on a loaded machine, which in one piece would hold every other account's work.
  // A poll that changes the devices meanwhile is seen or not, device by device, as a Map iterates.
  let tested = 0;
  let total = 0;
  for (const d of h.core.devices()) {
    if (match(d, entry.of(d))) {
      total++;
      first.offer(d);
    }
    if (++tested % SCAN_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return {
    account: { id: h.entry.id, name: shownName(h) },
    copy: copyOf(h),
    total,
    devices: first.rows().map(row),
  };
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

/** Live while the account is signed in and reaches its service; otherwise its offline copy. */
function copyOf(h: Held): AccountViewMatches['copy'] {
  const auth = h.auth?.status ?? 'signed-out';
  if (auth === 'signed-out') return 'signed-out';
  return h.sync?.connection === 'offline' ? 'offline' : 'live';
}
