// Derived data, memoised on exactly what it depends on. The heavy lifting is the DeviceIndex's (data-store
// keeps it in step by delta): sort orders are kept per key and patched per poll, counts are adjusted per
// changed device, the tree is built from per-folder counts. What is left here is cheap: the folder tree on
// the folder and device versions; the display order on the device version and the sort; the filtered rows
// on that order, the filter and the device version. Typing on in the search box refines: when the new
// text only adds to the old one (and nothing else changed), only the rows that matched are searched again.
// A change of selection, screen or toasts recomputes nothing.
//
// With the search language (device-search.ts) and a saved view set (saved-views.ts), the index filters by
// status, OS and folder and the search language matches the text on the rows that remain; its words are
// not plain substrings ("1" is a whole number), so there the refinement shortcut does not apply.

import type { Device, Id } from '../../shared/model.js';
import { sortIdsByColumn } from '../domain/device-columns.js';
import {
  DEVICE_SORT_KEYS,
  type DeviceFilter,
  type DeviceSort,
  type DeviceSortKey,
  type StatusCounts,
} from '../domain/device-query.js';
import { compileSearch, type SearchEntry } from '../domain/device-search.js';
import { historyPredicate } from '../domain/device-since.js';
import { buildFolderTree, descendantsAndSelf, type FolderTree } from '../domain/folder-tree.js';
import type { DataStore } from './data-store.js';
import type { GridSort, UiStore } from './ui-store.js';

export interface DeviceView {
  /** Every device id in display order. */
  sorted: readonly Id[];
  /** The rows shown: `sorted` filtered, same order. */
  rows: readonly Id[];
  counts: StatusCounts;
  oses: readonly string[];
}

/**
 * The search language (device-search.ts) and the active saved view, applied over the filtered rows.
 * Set by saved-views.ts, which keeps the search entries.
 */
export interface ExtraFilter {
  entryOf: (d: Device) => SearchEntry;
  activeView: () => ((d: Device, s: SearchEntry) => boolean) | null;
}

export function createViews(data: DataStore, ui: UiStore) {
  let extraFilter: ExtraFilter | null = null;
  let extraKey: { rows: Id[]; text: string; view: unknown; out: Id[] } | null = null;
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

  let sortKey = '';
  let sorted: Id[] = [];
  let statsVersion = -1;
  let counts: StatusCounts = { online: 0, offline: 0, busy: 0, unknown: 0, total: 0 };
  let oses: string[] = [];
  let rowsKey: { sorted: Id[]; filter: DeviceFilter | null; treeKey: string; devicesVersion: number } = {
    sorted: [],
    filter: null,
    treeKey: '',
    devicesVersion: -1,
  };
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
      // The index keeps the orders of its own keys; the grid's other columns sort by the column table.
      const next = isQuerySort(deviceSort)
        ? deviceIndex.sorted(deviceSort)
        : sortIdsByColumn(devices, deviceSort.key, deviceSort.direction, {
            folderName: (id: Id) => currentTree.byId.get(id)?.name,
            fetchedAt: null,
            now: Date.now(),
            since: (id: Id) => since.get(id),
          });
      // A poll that moved nothing keeps the same array, so nothing keyed on it is recomputed.
      if (!sameIds(next, sorted)) sorted = next;
      sortKey = nextSortKey;
    }
    if (statsVersion !== versions.devices) {
      counts = { ...deviceIndex.counts };
      oses = deviceIndex.oses();
      statsVersion = versions.devices;
    }
    const needsTree = deviceFilter.folder.kind !== 'all';
    const filterTreeKey = needsTree ? treeKey : '';
    if (
      rowsKey.sorted !== sorted ||
      rowsKey.filter !== deviceFilter ||
      rowsKey.treeKey !== filterTreeKey ||
      rowsKey.devicesVersion !== versions.devices
    ) {
      let folderIds: Set<Id> | null = null;
      if (deviceFilter.folder.kind === 'folder') {
        folderIds = deviceFilter.includeSubfolders
          ? descendantsAndSelf(currentTree, deviceFilter.folder.id)
          : new Set([deviceFilter.folder.id]);
      }
      // The text is matched below by the search language when its entries are available.
      const structural = extraFilter ? { ...deviceFilter, text: '' } : deviceFilter;
      const refines =
        !extraFilter &&
        rowsKey.sorted === sorted &&
        rowsKey.treeKey === filterTreeKey &&
        rowsKey.devicesVersion === versions.devices &&
        rowsKey.filter !== null &&
        refinesText(rowsKey.filter, deviceFilter);
      rows = deviceIndex.filter(refines ? rows : sorted, structural, folderIds, (id) =>
        currentTree.byId.has(id),
      );
      rowsKey = { sorted, filter: deviceFilter, treeKey: filterTreeKey, devicesVersion: versions.devices };
      result = null;
    }
    let shown = rows;
    if (historyFilter.kind !== 'none') {
      if (
        !historyKey ||
        historyKey.rows !== rows ||
        historyKey.filter !== historyFilter ||
        historyKey.version !== sinceVersion ||
        historyKey.clock !== historyClock
      ) {
        const match = historyPredicate(historyFilter, (id) => since.get(id), Date.now());
        const out: Id[] = [];
        for (const id of rows) {
          const d = devices.get(id);
          if (d && (!match || match(d))) out.push(id);
        }
        historyKey = { rows, filter: historyFilter, version: sinceVersion, clock: historyClock, out };
      }
      shown = historyKey.out;
    }
    const view = extraFilter?.activeView() ?? null;
    if (extraFilter && (view || deviceFilter.text.trim())) {
      if (
        !extraKey ||
        extraKey.rows !== shown ||
        extraKey.view !== view ||
        extraKey.text !== deviceFilter.text
      ) {
        const search = compileSearch(deviceFilter.text);
        const { entryOf } = extraFilter;
        const out: Id[] = [];
        for (const id of shown) {
          const d = devices.get(id);
          if (!d) continue;
          const e = entryOf(d);
          if ((!search || search(e)) && (!view || view(d, e))) out.push(id);
        }
        extraKey = { rows: shown, view, text: deviceFilter.text, out };
      }
      shown = extraKey.out;
    }
    if (!result || result.sorted !== sorted || result.rows !== shown || result.counts !== counts) {
      result = { sorted, rows: shown, counts, oses };
    }
    return result;
  }

  return {
    folderTree,
    deviceView,
    setExtraFilter(filter: ExtraFilter) {
      extraFilter = filter;
    },
  };
}

const QUERY_SORT_KEYS = new Set<string>(DEVICE_SORT_KEYS);
function isQuerySort(sort: GridSort): sort is DeviceSort & { key: DeviceSortKey } {
  return QUERY_SORT_KEYS.has(sort.key);
}

function sameIds(a: readonly Id[], b: readonly Id[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Whether every device that passes `next` also passed `previous`: the same filter but for a search text
 * that only adds to the old one (words are ANDed substrings, so a longer word or another word narrows).
 */
function refinesText(previous: DeviceFilter, next: DeviceFilter): boolean {
  if (
    previous.status !== next.status ||
    previous.os !== next.os ||
    previous.includeSubfolders !== next.includeSubfolders ||
    JSON.stringify(previous.folder) !== JSON.stringify(next.folder)
  )
    return false;
  const before = previous.text.trimStart().toLowerCase();
  const after = next.text.trimStart().toLowerCase();
  return before !== '' && after.startsWith(before);
}

export type Views = ReturnType<typeof createViews>;
