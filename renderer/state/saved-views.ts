// Saved views in the renderer: the account's list (loaded at sign-in, saved through IPC after each edit),
// the active one (its search + conditions narrow the grid; its sort and columns are the grid's while it
// is active, and edits to them are kept in the view), and live counts for every view from ViewCounts.
//
// Search entries are the DeviceIndex's (built once per change of a device or of its folder's name); this
// module builds the missing ones ahead, in idle slices, so the first keystroke after a load does not.

import { createStore } from 'zustand/vanilla';
import type { DataChange, StoredViews } from '../../shared/ipc/contract.js';
import type { ServiceClient } from '../../shared/ipc/services.js';
import type { Id } from '../../shared/model.js';
import { normaliseColumns } from '../domain/device-columns.js';
import { DEFAULT_FILTER, type DeviceFilter } from '../domain/device-query.js';
import { NO_HISTORY_FILTER } from '../domain/device-since.js';
import { descendantsAndSelf } from '../domain/folder-tree.js';
import { compileView, savedViewSchema, type SavedView, type ViewAccounts } from '../domain/saved-view.js';
import type {
  Condition,
  ConditionContext,
  ConditionGroup,
  DevicePredicate,
} from '../domain/view-conditions.js';
import { ViewCounts, createCountsScheduler } from '../domain/view-counts.js';
import { formatError } from '../i18n/index.js';
import type { DataStore } from './data-store.js';
import type { UiStore } from './ui-store.js';
import type { Views } from './views.js';
import {
  HISTORY_EXTENSION,
  historyFilterToCondition,
  registerHistoryConditions,
} from '../domain/history-conditions.js';

export interface SavedViewsState {
  views: readonly SavedView[];
  activeId: string | null;
  /** Live counts by view id (absent: not counted yet). */
  counts: ReadonlyMap<string, number>;
  saveError: string | null;
  /** Why the account's views could not be read (in words); null when they were. */
  loadError: string | null;
}

registerHistoryConditions();

/** The conditions the toolbar's filter stands for, so "save current filter" keeps exactly what is shown. */
export function filterToConditions(filter: DeviceFilter): Condition[] {
  const out: Condition[] = [];
  if (filter.status !== 'all') out.push({ kind: 'status', in: [filter.status] });
  if (filter.os !== 'all') out.push({ kind: 'os', in: [filter.os] });
  if (filter.folder.kind === 'unassigned') out.push({ kind: 'folder', folderId: null, subtree: false });
  if (filter.folder.kind === 'folder')
    out.push({ kind: 'folder', folderId: filter.folder.id, subtree: filter.includeSubfolders });
  return out;
}

export function createSavedViews(deps: {
  data: DataStore;
  ui: UiStore;
  views: Views;
  service: ServiceClient<'views'>;
  /** The app's clock (stores.now): what the grid's time columns read too. */
  now?: () => number;
}) {
  const { data, ui, views: derived, service } = deps;
  const now = deps.now ?? Date.now;
  const store = createStore<SavedViewsState>()(() => ({
    views: [],
    activeId: null,
    counts: new Map(),
    saveError: null,
    loadError: null,
  }));

  const counts = new ViewCounts({
    has: (id) => data.getState().deviceIndex.get(id) !== undefined,
    read: (id, into) => {
      const index = data.getState().deviceIndex;
      const device = index.get(id);
      if (!device) return false;
      into.device = device;
      into.search = index.entry(id)!;
      return true;
    },
  });
  const scheduler = createCountsScheduler(counts);
  counts.subscribe(() => store.setState({ counts: counts.counts() }));

  function context(): ConditionContext {
    const tree = derived.folderTree();
    return {
      now: now(),
      subtree: (id) => descendantsAndSelf(tree, id),
      knownFolder: (id) => tree.byId.has(id),
      // A view's history conditions read each row at once (since-table.ts: reader); the table is the
      // store's for good, its rows updated in place.
      extensions: { [HISTORY_EXTENSION]: data.getState().since.reader() },
    };
  }

  const compiled = new Map<
    string,
    { view: SavedView; match: DevicePredicate; time: boolean; folders: boolean }
  >();
  function compileAll(): void {
    const ctx = context();
    const live = new Set<string>();
    for (const view of store.getState().views) {
      live.add(view.id);
      const prev = compiled.get(view.id);
      if (prev && prev.view.search === view.search && prev.view.where === view.where) continue;
      const c = compileView(view, ctx);
      compiled.set(view.id, { view, match: c.match, time: c.timeDependent, folders: c.usesFolders });
      counts.setView(view.id, c.match);
    }
    for (const id of [...compiled.keys()])
      if (!live.has(id)) {
        compiled.delete(id);
        counts.removeView(id);
      }
    scheduler.kick();
  }

  /**
   * Builds the search entries that are missing, then the sort keys of the grid's columns, then their
   * orders, a slice at a time in idle turns, so the first keystroke or the first click on a header after a
   * load (or after the folder names changed) does not build 100,000 of them at once.
   */
  let warming: (() => void) | null = null;
  function warmIndex(): void {
    if (warming) return; // the running pass goes on to the end of the index, new devices included
    const step = () => {
      // The tree first: it hands the index the folder names the entries are built with.
      derived.folderTree();
      const end = performance.now() + 8;
      const more = () => performance.now() < end;
      const index = data.getState().deviceIndex;
      const columns = ui.getState().deviceColumns.map((c) => c.key);
      const done =
        index.warmEntries(more) && index.warmKeys(columns, more) && index.warmOrders(columns, more);
      warming = done ? null : whenIdle(step);
    };
    warming = whenIdle(step);
  }

  /** After a poll: feed the changed ids; views that read the clock or the tree are re-tested in full. */
  function onDataChange(change: DataChange): void {
    if (change.dataset === 'devices' || change.dataset === 'folders') warmIndex();
    if (change.dataset === 'devices') {
      if (change.reset) counts.reset(change.added.map((d) => d.id));
      else
        counts.apply({
          added: change.added.map((d) => d.id),
          changed: change.changed.map((d) => d.id),
          removed: change.removed,
        });
    }
    const ctx = context();
    for (const [id, c] of compiled) {
      if (c.time || (c.folders && change.dataset === 'folders')) {
        const next = compileView(c.view, ctx);
        c.match = next.match;
        counts.setView(id, next.match);
      }
    }
    if (change.dataset === 'folders') {
      // Folder names are in the search text: every entry is rebuilt lazily, every view re-tested.
      counts.retestAll();
    }
    scheduler.kick();
  }

  /** The since rows changed (since-rows.ts): views with history conditions are re-tested. */
  function onHistoryChange(): void {
    const ctx = context();
    let any = false;
    for (const [id, c] of compiled) {
      if (!c.time) continue;
      const next = compileView(c.view, ctx);
      c.match = next.match;
      counts.setView(id, next.match);
      any = true;
    }
    if (any) scheduler.kick();
  }

  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * Writes the list. A drag of a column edge (many updates a second) is coalesced into one write; what the
   * technician did on purpose (create, rename, reorder, delete) goes at once, so a reload or a quit right
   * after it cannot lose it.
   */
  let saveDueAt = 0;
  function persist(delayMs = 0): void {
    // A write already due sooner stays due: it reads the list when it fires, so it carries this change too.
    const dueAt = Date.now() + delayMs;
    if (saveTimer && saveDueAt <= dueAt) return;
    if (saveTimer) clearTimeout(saveTimer);
    saveDueAt = dueAt;
    saveTimer = setTimeout(async () => {
      saveTimer = null;
      const result = await service.save({ views: store.getState().views.map((v) => ({ ...v })) });
      // Main sends the error as data: worded here, in the technician's language.
      store.setState({ saveError: result.ok ? null : formatError(result.error) });
    }, delayMs);
  }

  function setViews(views: readonly SavedView[], saveDelayMs = 0): void {
    store.setState({ views });
    compileAll();
    persist(saveDelayMs);
  }

  function update(id: string, patch: Partial<SavedView>, saveDelayMs = 0): void {
    setViews(
      store.getState().views.map((v) => (v.id === id ? { ...v, ...patch } : v)),
      saveDelayMs,
    );
  }

  // While a view is active, the grid's sort and columns are the view's: keep them in it.
  ui.subscribe((s, prev) => {
    const { activeId } = store.getState();
    if (!activeId) return;
    if (s.deviceSort !== prev.deviceSort || s.deviceColumns !== prev.deviceColumns)
      update(activeId, { sort: { ...s.deviceSort }, columns: s.deviceColumns.map((c) => ({ ...c })) }, 300);
  });

  function newId(): string {
    return `v${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  }

  return {
    store,
    /** The active view's predicate for the grid, or null. */
    activePredicate(): DevicePredicate | null {
      const { activeId } = store.getState();
      return (activeId && compiled.get(activeId)?.match) || null;
    },
    onDataChange,
    onHistoryChange,
    async load(): Promise<void> {
      const result = await service.load();
      const views: SavedView[] = [];
      // Robust to a host that answers without a body (an older main process, a test bridge).
      const stored: Partial<StoredViews> | undefined = result.ok ? result.value : undefined;
      for (const raw of stored?.views ?? []) {
        const parsed = savedViewSchema().safeParse(raw);
        // A view this build cannot read is skipped, not deleted: it stays in the file until a save.
        if (parsed.success) views.push(parsed.data as SavedView);
      }
      store.setState({ views, activeId: null, loadError: result.ok ? null : formatError(result.error) });
      compileAll();
      counts.reset(data.getState().devices.keys());
      scheduler.kick();
    },
    /** Saves the toolbar's current filter, sort and columns as a new view and makes it active. */
    createFromCurrent(name: string, accounts: ViewAccounts = 'this'): SavedView {
      const s = ui.getState();
      const view: SavedView = {
        id: newId(),
        name,
        accounts,
        search: s.deviceFilter.text.trim(),
        where: {
          kind: 'group',
          op: 'and',
          conditions: [
            ...filterToConditions(s.deviceFilter),
            ...[historyFilterToCondition(s.historyFilter)].filter((c) => c !== null),
          ],
        },
        sort: { ...s.deviceSort },
        columns: s.deviceColumns.map((c) => ({ ...c })),
      };
      setViews([...store.getState().views, view]);
      this.activate(view.id);
      return view;
    },
    /**
     * How many devices a view being edited would show (search and conditions), counted now over the
     * whole picture: the editor's live count, without touching the saved views' counts.
     */
    countDraft(view: Pick<SavedView, 'search' | 'where'>): number {
      const { match } = compileView(view, context());
      const index = data.getState().deviceIndex;
      let n = 0;
      for (const [id, device] of data.getState().devices) {
        const entry = index.entry(id);
        if (entry && match(device, entry)) n++;
      }
      return n;
    },
    /** Replaces a view's search and conditions, checked with the schema a pasted view is checked with. */
    setConditions(id: string, search: string, where: ConditionGroup): boolean {
      const view = store.getState().views.find((v) => v.id === id);
      if (!view || !savedViewSchema().safeParse({ ...view, search, where }).success) return false;
      update(id, { search, where });
      return true;
    },
    add(view: Omit<SavedView, 'id'>): SavedView {
      const full = { ...view, id: newId() };
      setViews([...store.getState().views, full]);
      return full;
    },
    rename(id: string, name: string): void {
      update(id, { name });
    },
    /** Whose devices the view shows: its own account's, or every account's. */
    setAccounts(id: string, accounts: ViewAccounts): void {
      update(id, { accounts });
    },
    move(id: string, by: number): void {
      const list = [...store.getState().views];
      const from = list.findIndex((v) => v.id === id);
      const to = Math.max(0, Math.min(list.length - 1, from + by));
      if (from === -1 || from === to) return;
      const [v] = list.splice(from, 1);
      list.splice(to, 0, v!);
      setViews(list);
    },
    remove(id: string): void {
      if (store.getState().activeId === id) this.activate(null);
      setViews(store.getState().views.filter((v) => v.id !== id));
    },
    /**
     * Shows a view (null: all devices). The toolbar's filters (search, selects and the history filter) are
     * all cleared: the view's own search and conditions apply, and the active view's bar names every one of
     * them, so a view saved from the current filter keeps the same rows and none of its filter is hidden.
     */
    activate(id: string | null): void {
      const view = id ? store.getState().views.find((v) => v.id === id) : undefined;
      store.setState({ activeId: view ? view.id : null });
      const patch: Partial<ReturnType<UiStore['getState']>> = {
        deviceFilter: DEFAULT_FILTER,
        historyFilter: NO_HISTORY_FILTER,
      };
      if (view) {
        const sortKey = normaliseColumns([{ key: view.sort.key, width: 100 }])[0]!.key;
        patch.deviceSort = {
          key: view.sort.key === sortKey ? sortKey : 'name',
          direction: view.sort.direction,
        };
        patch.deviceColumns = normaliseColumns(view.columns);
      }
      ui.setState(patch);
    },
    dispose(): void {
      scheduler.cancel();
      if (saveTimer) clearTimeout(saveTimer);
      warming?.();
    },
  };
}

/**
 * Runs `fn` in an idle turn of the page, returning what cancels it. An idle callback runs only when the page
 * has no task or frame due, one per idle period: the search entries' warm-up, started by a load's first
 * devices, no longer runs its slices back to back in front of their first painted rows (at 100,000 devices
 * it had put ~40 ms there), but a slice may still come while the page waits for data. Where the page has no
 * idle callbacks (jsdom, Node), a timer's next turn.
 */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(fn, { timeout: 1_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(fn, 0);
  return () => clearTimeout(timer);
}

export type SavedViews = ReturnType<typeof createSavedViews>;
export type { Id };
