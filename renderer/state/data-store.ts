// The account's data as the renderer holds it: one Map per dataset keyed by id, updated IN PLACE by each
// data:change (O(changed records), never a copy of 100,000 devices), with a version number per dataset
// that changes whenever its Map did. Components and memos key on the version, not on the Map's identity.

import { createStore } from 'zustand/vanilla';
import type { DataChange, DatasetName, DatasetRecordMap, FolderNode } from '../../shared/ipc/contract.js';
import type { Device, Id, SupportSession, Timestamp, User } from '../../shared/model.js';
import { deviceSearchText, type DeviceSearchIndex } from '../domain/device-query.js';

export interface DataState {
  folders: Map<Id, FolderNode>;
  devices: Map<Id, Device>;
  sessions: Map<Id, SupportSession>;
  users: Map<Id, User>;
  /** Lowercase search text per device, kept in step with `devices`. */
  deviceSearch: DeviceSearchIndex;
  versions: Record<DatasetName, number>;
  fetchedAt: Record<DatasetName, Timestamp | null>;
  /** The snapshot (or a reset) has arrived for this dataset. */
  loaded: Record<DatasetName, boolean>;
  /** What the latest device change touched, so views can skip work it cannot affect (see views.ts). */
  lastDeviceDelta: DeviceDelta | null;
}

export interface DeviceDelta {
  /** The devices version this delta produced. */
  version: number;
  /** A reset, or records added or removed: the set of ids changed. */
  membershipChanged: boolean;
  /** Fields whose value differs in at least one changed record. */
  changedFields: ReadonlySet<keyof Device>;
}

export type DataStore = ReturnType<typeof createDataStore>;

export function createDataStore() {
  return createStore<DataState>()(() => ({
    folders: new Map(),
    devices: new Map(),
    sessions: new Map(),
    users: new Map(),
    deviceSearch: new Map(),
    versions: { folders: 0, devices: 0, sessions: 0, users: 0 },
    fetchedAt: { folders: null, devices: null, sessions: null, users: null },
    loaded: { folders: false, devices: false, sessions: false, users: false },
    lastDeviceDelta: null,
  }));
}

type AnyRecord = DatasetRecordMap[DatasetName];

function mapOf(state: DataState, dataset: DatasetName): Map<Id, AnyRecord> {
  return state[dataset] as Map<Id, AnyRecord>;
}

/** Applies one change; returns the ids it removed (the UI drops them from its selections). */
export function applyDataChange(store: DataStore, change: DataChange): Id[] {
  const state = store.getState();
  const map = mapOf(state, change.dataset);
  const isDevices = change.dataset === 'devices';
  let removed: Id[] = [];
  if (change.reset) {
    const next = new Set(change.added.map((r) => r.id));
    for (const id of map.keys()) if (!next.has(id)) removed.push(id);
    map.clear();
    if (isDevices) state.deviceSearch.clear();
  } else {
    for (const id of change.removed) {
      if (map.delete(id)) removed.push(id);
      if (isDevices) state.deviceSearch.delete(id);
    }
  }
  const changedFields = new Set<keyof Device>();
  let membershipChanged = change.reset || removed.length > 0;
  for (const record of change.added) {
    if (!map.has(record.id)) membershipChanged = true;
    put(state, map, record, isDevices);
  }
  for (const record of change.changed) {
    const before = map.get(record.id);
    if (!before) membershipChanged = true;
    else if (isDevices) diffFields(before as Device, record as Device, changedFields);
    put(state, map, record, isDevices);
  }
  if (change.reset) removed = removed.filter((id) => !map.has(id));
  const version = state.versions[change.dataset] + 1;

  store.setState({
    ...(isDevices ? { lastDeviceDelta: { version, membershipChanged, changedFields } } : {}),
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

function put(state: DataState, map: Map<Id, AnyRecord>, record: AnyRecord, isDevice: boolean): void {
  map.set(record.id, record);
  if (isDevice) state.deviceSearch.set(record.id, deviceSearchText(record as Device));
}

function diffFields(before: Device, after: Device, into: Set<keyof Device>): void {
  for (const key of Object.keys(after) as Array<keyof Device>) {
    const a = before[key];
    const b = after[key];
    // Enum values may be { unknown } objects: compare them by their raw text.
    if (a !== b && JSON.stringify(a) !== JSON.stringify(b)) into.add(key);
  }
}
