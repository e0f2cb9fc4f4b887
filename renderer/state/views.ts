// Derived data, memoised on exactly what it depends on. The heavy lifting is the DeviceIndex's (data-store
// keeps it in step by delta): sort orders are kept per column and patched when used, counts are adjusted
// per changed device, the tree is built from per-folder counts, each device's search entry is built once
// per change. What is left here is cheap: the folder tree on the folder and device versions; the display
// order on the device version and the sort; the rows on that order, the filter, the compiled search and
// the active saved view (one pass over the order). A change of selection, screen or toasts recomputes
// nothing.

import type { Device, Id } from '../../shared/model.js';
import { columnContext, sortIdsByColumn, type ColumnContext } from '../domain/device-columns.js';
import { DeviceIndex, type DeviceQuery } from '../domain/device-index.js';
import type { DeviceFilter, StatusCounts } from '../domain/device-query.js';
import { compileSearch, type SearchEntry, type SearchPredicate } from '../domain/device-search.js';
import { historyPredicate } from '../domain/device-since.js';
import { buildFolderTree, descendantsAndSelf, folderPath, type FolderTree } from '../domain/folder-tree.js';
import type { DataStore } from './data-store.js';
import type { UiStore } from './ui-store.js';

export interface DeviceView {
  /** Every device id in display order. */
  sorted: readonly Id[];
  /** The rows shown: `sorted` filtered, same order. */
  rows: readonly Id[];
  counts: StatusCounts;
  oses: readonly string[];
}

/** The active saved view's predicate (saved-views.ts sets it), applied with the toolbar's filter. */
export interface ExtraFilter {
  activeView: () => ((d: Device, s: SearchEntry) => boolean) | null;
}

/** `now`: the app's clock (stores.now), read when a column that sorts by the time is sorted. */
export function createViews(data: DataStore, ui: UiStore, now: () => number = Date.now) {
  let extraFilter: ExtraFilter | null = null;
  let treeKey = '';
  let tree: FolderTree | null = null;
  let namesVersion = -1;

  function folderTree(): FolderTree {
    const { versions, folders, deviceIndex } = data.getState();
    const key = `${versions.folders}|${versions.devices}`;
    if (!tree || key !== treeKey) {
      tree = buildFolderTree(folders.values(), deviceIndex.direct);
      treeKey = key;
    }
    if (namesVersion !== versions.folders) {
      const byId = tree.byId;
      deviceIndex.setFolderNames((id) => byId.get(id)?.name);
      namesVersion = versions.folders;
    }
    return tree;
  }

  /**
   * The one ColumnContext: folder names and paths, when the devices were fetched, their since rows, and
   * the app's clock. `at`: an instant the caller holds already (a render's tick), so its cells share it.
   */
  function deviceColumnContext(at: number = now()): ColumnContext {
    const { since, fetchedAt } = data.getState();
    const current = folderTree();
    return columnContext({
      folderName: (id) => current.byId.get(id)?.name,
      folderPath: (id) => (current.byId.has(id) ? folderPath(current, id) : undefined),
      fetchedAt: fetchedAt.devices,
      since,
      now: at,
    });
  }

  let sortKey = '';
  let sorted: Id[] = [];
  let statsVersion = -1;
  let counts: StatusCounts = { online: 0, offline: 0, busy: 0, unknown: 0, total: 0 };
  let oses: string[] = [];
  let rowsKey: {
    sorted: Id[];
    filter: DeviceFilter | null;
    treeKey: string;
    devicesVersion: number;
    view: unknown;
  } = { sorted: [], filter: null, treeKey: '', devicesVersion: -1, view: null };
  let searchText = '';
  let search: SearchPredicate | null = null;
  let rows: Id[] = [];
  let historyKey: { rows: Id[]; filter: unknown; version: number; clock: number; out: Id[] } | null = null;
  let result: DeviceView | null = null;

  function deviceView(): DeviceView {
    const { versions, deviceIndex, devices, since, sinceVersion } = data.getState();
    const { deviceSort, deviceFilter, historyFilter, historyClock } = ui.getState();
    const currentTree = folderTree();
    const foldersPart = deviceSort.key === 'folder' ? versions.folders : 0;
    const sincePart = deviceSort.key === 'since' ? sinceVersion : 0;
    const nextSortKey = `${deviceSort.key}|${deviceSort.direction}|${versions.devices}|${foldersPart}|${sincePart}`;
    if (nextSortKey !== sortKey) {
      // The index keeps the orders of the columns that sort by the device alone; the others sort here.
      const next = DeviceIndex.sorts(deviceSort.key)
        ? deviceIndex.sorted(deviceSort)
        : sortIdsByColumn(devices, deviceSort.key, deviceSort.direction, deviceColumnContext());
      // A poll that moved nothing keeps the same array, so nothing keyed on it is recomputed.
      if (next !== sorted && !sameIds(next, sorted)) sorted = next;
      sortKey = nextSortKey;
    }
    if (statsVersion !== versions.devices) {
      counts = { ...deviceIndex.counts };
      oses = deviceIndex.oses();
      statsVersion = versions.devices;
    }
    const needsTree = deviceFilter.folder.kind !== 'all';
    const filterTreeKey = needsTree ? treeKey : '';
    const activeView = extraFilter?.activeView() ?? null;
    if (
      rowsKey.sorted !== sorted ||
      rowsKey.filter !== deviceFilter ||
      rowsKey.treeKey !== filterTreeKey ||
      rowsKey.devicesVersion !== versions.devices ||
      rowsKey.view !== activeView
    ) {
      if (searchText !== deviceFilter.text) {
        search = compileSearch(deviceFilter.text);
        searchText = deviceFilter.text;
      }
      const narrowed =
        search !== null ||
        activeView !== null ||
        deviceFilter.status !== 'all' ||
        deviceFilter.os !== 'all' ||
        deviceFilter.folder.kind !== 'all';
      if (!narrowed) rows = sorted;
      else {
        let folderIds: Set<Id> | null = null;
        if (deviceFilter.folder.kind === 'folder') {
          folderIds = deviceFilter.includeSubfolders
            ? descendantsAndSelf(currentTree, deviceFilter.folder.id)
            : new Set([deviceFilter.folder.id]);
        }
        const q: DeviceQuery = {
          filter: deviceFilter,
          folderIds,
          knownFolder: (id) => currentTree.byId.has(id),
          search,
          view: activeView,
        };
        rows = DeviceIndex.sorts(deviceSort.key)
          ? deviceIndex.query(deviceSort, q)
          : deviceIndex.filterIds(sorted, q);
      }
      rowsKey = {
        sorted,
        filter: deviceFilter,
        treeKey: filterTreeKey,
        devicesVersion: versions.devices,
        view: activeView,
      };
      result = null;
    }
    let shown = rows;
    // The status-history filter reads the since rows (DataChange.since), which the index does not hold.
    if (historyFilter.kind !== 'none') {
      if (
        !historyKey ||
        historyKey.rows !== rows ||
        historyKey.filter !== historyFilter ||
        historyKey.version !== sinceVersion ||
        historyKey.clock !== historyClock
      ) {
        // Each row is read at once: one row reused over every device (since-table.ts: reader).
        const match = historyPredicate(historyFilter, since.reader(), now());
        const out: Id[] = [];
        for (const id of rows) {
          const d = devices.get(id);
          if (d && (!match || match(d))) out.push(id);
        }
        historyKey = { rows, filter: historyFilter, version: sinceVersion, clock: historyClock, out };
      }
      shown = historyKey.out;
    }
    if (!result || result.sorted !== sorted || result.rows !== shown || result.counts !== counts) {
      result = { sorted, rows: shown, counts, oses };
    }
    return result;
  }

  return {
    folderTree,
    deviceView,
    columnContext: deviceColumnContext,
    setExtraFilter(filter: ExtraFilter) {
      extraFilter = filter;
    },
  };
}

function sameIds(a: readonly Id[], b: readonly Id[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export type Views = ReturnType<typeof createViews>;
