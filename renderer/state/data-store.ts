// The account's data as the renderer holds it: one Map per dataset keyed by id, updated IN PLACE by each
// data:change (O(changed records), never a copy of 100,000 devices), with a version number per dataset
// that changes whenever its Map did. Components and memos key on the version, not on the Map's identity.

import { createStore } from 'zustand/vanilla';
import type { DataChange, DatasetName, DatasetRecordMap, FolderNode } from '../../shared/ipc/contract.js';
import type { Device, Id, SupportSession, Timestamp, User } from '../../shared/model.js';
import { DeviceIndex } from '../domain/device-index.js';
import { SinceTable } from '../domain/since-table.js';
import { SharedStrings } from './shared-strings.js';

export interface DataState {
  folders: Map<Id, FolderNode>;
  /** The devices by id: `deviceIndex` itself, read as a map (the renderer's one copy of them). */
  devices: ReadonlyMap<Id, Device>;
  sessions: Map<Id, SupportSession>;
  users: Map<Id, User>;
  /** The devices with their search text, sort orders and counts, changed by each data:change. */
  deviceIndex: DeviceIndex;
  versions: Record<DatasetName, number>;
  fetchedAt: Record<DatasetName, Timestamp | null>;
  /** The snapshot (or a reset) has arrived for this dataset. */
  loaded: Record<DatasetName, boolean>;
  /** Per device, since when in its status and flapping until when (the status history; since-rows.ts). */
  since: SinceTable;
  /** Changes whenever `since` did. */
  sinceVersion: number;
}

export type DataStore = ReturnType<typeof createDataStore>;

/** One table for every store: the values it shares are the same whichever account they came from. */
const sharedStrings = new SharedStrings();

export function createDataStore() {
  const deviceIndex = new DeviceIndex({ intern: (device) => sharedStrings.share(device) });
  return createStore<DataState>()(() => ({
    folders: new Map(),
    devices: deviceIndex,
    sessions: new Map(),
    users: new Map(),
    deviceIndex,
    versions: { folders: 0, devices: 0, sessions: 0, users: 0 },
    fetchedAt: { folders: null, devices: null, sessions: null, users: null },
    loaded: { folders: false, devices: false, sessions: false, users: false },
    since: new SinceTable(),
    sinceVersion: 0,
  }));
}

type OtherDataset = Exclude<DatasetName, 'devices'>;
type AnyRecord = DatasetRecordMap[OtherDataset];

/** Applies one change; returns the ids it removed (the UI drops them from its selections). */
export function applyDataChange(store: DataStore, change: DataChange): Id[] {
  const state = store.getState();
  // The devices go straight into their index, in one pass over the part (device-index.ts `apply`).
  const removed =
    change.dataset === 'devices'
      ? state.deviceIndex.apply(change as DataChange<'devices'>)
      : applyToMap(state[change.dataset as OtherDataset] as Map<Id, AnyRecord>, change);
  const version = state.versions[change.dataset] + 1;

  store.setState({
    versions: { ...state.versions, [change.dataset]: version },
    // A reset replaces the data and its time (a reset to nothing, on leaving an account, has none); a delta
    // without a time keeps the one the data already had.
    fetchedAt: {
      ...state.fetchedAt,
      [change.dataset]: change.reset
        ? change.fetchedAt
        : (change.fetchedAt ?? state.fetchedAt[change.dataset]),
    },
    loaded: { ...state.loaded, [change.dataset]: true },
  });
  return removed;
}

function applyToMap(map: Map<Id, AnyRecord>, change: DataChange): Id[] {
  let removed: Id[] = [];
  if (change.reset) {
    const next = new Set(change.added.map((r) => r.id));
    for (const id of map.keys()) if (!next.has(id)) removed.push(id);
    map.clear();
  } else {
    for (const id of change.removed) if (map.delete(id)) removed.push(id);
  }
  for (const record of change.added) map.set(record.id, record as AnyRecord);
  for (const record of change.changed) map.set(record.id, record as AnyRecord);
  if (change.reset) removed = removed.filter((id) => !map.has(id));
  return removed;
}
