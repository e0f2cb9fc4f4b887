// Derived data, memoised on exactly what it depends on: the folder tree on the folder and device versions;
// the sorted device order on the device version and the sort (plus folder names when sorting by folder);
// the filtered rows on that order, the filter AND the device version: a poll may keep the order (it touched
// no sorted field) yet change what the filter reads (a status, an alias), so the rows are filtered again on
// every device change; only the sort may be skipped. A change of selection, screen or toasts recomputes
// nothing.

import type { Device, Id } from '../../shared/model.js';
import { sortIdsByColumn } from '../domain/device-columns.js';
import {
  countStatuses,
  filterDeviceIds,
  presentOses,
  sortDeviceIds,
  type DeviceFilter,
  type DeviceSort,
  type DeviceSortKey,
  type StatusCounts,
} from '../domain/device-query.js';
import { buildFolderTree, descendantsAndSelf, type FolderTree } from '../domain/folder-tree.js';
import type { DataStore } from './data-store.js';
import type { GridSort, UiStore } from './ui-store.js';
import { compileSearch, type SearchEntry } from '../domain/device-search.js';

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
 * Set by saved-views.ts, which owns the search entries until the data store holds them (lead's rewrite).
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

  function folderTree(): FolderTree {
    const { versions, folders, devices } = data.getState();
    const key = `${versions.folders}|${versions.devices}`;
    if (!tree || key !== treeKey) {
      tree = buildFolderTree(folders.values(), devices.values());
      treeKey = key;
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
  let result: DeviceView | null = null;

  function deviceView(): DeviceView {
    const { versions, devices, deviceSearch } = data.getState();
    const { deviceSort, deviceFilter } = ui.getState();
    const currentTree = folderTree();
    const foldersPart = deviceSort.key === 'folder' ? versions.folders : 0;
    const nextSortKey = sortKeyOf(deviceSort, versions.devices, foldersPart);
    const delta = data.getState().lastDeviceDelta;
    if (
      nextSortKey !== sortKey &&
      sortKey === sortKeyOf(deviceSort, versions.devices - 1, foldersPart) &&
      delta?.version === versions.devices &&
      !delta.membershipChanged &&
      !SORT_FIELDS[deviceSort.key].some((f) => delta.changedFields.has(f))
    ) {
      // A poll that changed only fields this order does not read (a status while sorted by name): the
      // order stands as it is.
      sortKey = nextSortKey;
    } else if (nextSortKey !== sortKey) {
      // Re-sorting the previous order: near-linear when only a few devices changed (see device-query.ts).
      const folderName = (id: Id) => currentTree.byId.get(id)?.name;
      // device-query sorts its own keys (incrementally); the grid's other columns sort by the column table.
      sorted = isQuerySort(deviceSort)
        ? sortDeviceIds(devices, deviceSort, sorted, folderName)
        : sortIdsByColumn(devices, deviceSort.key, deviceSort.direction, {
            folderName,
            fetchedAt: null,
            now: Date.now(),
          });
      sortKey = nextSortKey;
    }
    if (statsVersion !== versions.devices) {
      counts = countStatuses(devices.values());
      oses = presentOses(devices.values());
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
      rows = filterDeviceIds(sorted, devices, deviceSearch, structural, folderIds, (id) =>
        currentTree.byId.has(id),
      );
      rowsKey = { sorted, filter: deviceFilter, treeKey: filterTreeKey, devicesVersion: versions.devices };
      result = null;
    }
    let shown = rows;
    const view = extraFilter?.activeView() ?? null;
    if (extraFilter && (view || deviceFilter.text.trim())) {
      if (
        !extraKey ||
        extraKey.rows !== rows ||
        extraKey.view !== view ||
        extraKey.text !== deviceFilter.text
      ) {
        const search = compileSearch(deviceFilter.text);
        const { entryOf } = extraFilter;
        const out: Id[] = [];
        for (const id of rows) {
          const d = devices.get(id);
          if (!d) continue;
          const e = entryOf(d);
          if ((!search || search(e)) && (!view || view(d, e))) out.push(id);
        }
        extraKey = { rows, view, text: deviceFilter.text, out };
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

const QUERY_SORT_KEYS = new Set<string>(['name', 'alias', 'status', 'os', 'ip', 'lastRefresh', 'folder']);
function isQuerySort(sort: GridSort): sort is DeviceSort & { key: DeviceSortKey } {
  return QUERY_SORT_KEYS.has(sort.key);
}

/** The device fields each order reads (ties break on the name). */
const SORT_FIELDS: Record<GridSort['key'], Array<keyof Device>> = {
  mac: ['mac', 'name'],
  cpu: ['cpu', 'name'],
  ram: ['ram', 'name'],
  freeSpace: ['freeSpace', 'name'],
  dateInstalled: ['dateInstalled', 'name'],
  id: ['name'],
  name: ['name'],
  alias: ['alias', 'name'],
  status: ['status', 'name'],
  os: ['os', 'name'],
  ip: ['ip', 'name'],
  lastRefresh: ['lastRefresh', 'name'],
  folder: ['folderId', 'name'],
};

function sortKeyOf(sort: GridSort, devicesVersion: number, foldersVersion: number): string {
  return `${sort.key}|${sort.direction}|${devicesVersion}|${foldersVersion}`;
}

export type Views = ReturnType<typeof createViews>;
