// The account as the main process holds it: one Map per dataset, keyed by id, and the diff that turns a
// fresh list of folders, sessions or users into the smallest DataChange. The devices are not held here:
// their owner is the poll worker (devices-owner.ts), which diffs them and sends the parts of what its change
// log took, one at a time. Of each device this keeps only its facts (device-facts.ts: its folder and its
// label, by column), what the alerts and the tray read in the same turn as a poll (status-keeper.ts). The
// whole device is the owner's to answer (feed.read, feed.list); at 300,000 devices the full copy here was
// ~145 MB of this thread's heap, a digest object per device ~20 MB at 100,000.

import type { DataChange, DatasetName, DatasetRecordMap, FolderNode } from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import type { Device, Folder, Id, Timestamp } from '../../shared/model.js';
import { isUnknownEnum } from '../../shared/model.js';
import { DeviceFacts } from './device-facts.js';
import { diffById } from './diff-by-id.js';
import type { ChangeLists } from './devices-owner.js';
import type { DeviceDigest } from './devices-part.js';
import type { DevicesRecorded } from './status-history/history-store.js';

/** The datasets a Picture holds whole. */
export type HeldDataset = Exclude<DatasetName, 'devices'>;

export type DatasetMaps = { [D in HeldDataset]: Map<Id, DatasetRecordMap[D]> };

/** Records are flat plain data; the only nested values are `{ unknown }` enums, compared by their text. */
export function recordsEqual(a: object, b: object): boolean {
  if (a === b) return true;
  // for…in without Object.keys: no allocation per record, which matters at 100,000 records per poll.
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let count = 0;
  for (const key in ra) {
    count += 1;
    const x = ra[key];
    const y = rb[key];
    if (x === y) continue;
    if (isUnknownEnum(x) && isUnknownEnum(y) && x.unknown === y.unknown) continue;
    return false;
  }
  for (const _key in rb) count -= 1;
  return count === 0;
}

export function folderNode(folder: Folder): FolderNode {
  return { id: folder.id, name: folder.name, parentId: folder.parentId, dateCreation: folder.dateCreation };
}

export class Picture {
  /**
   * Told when the devices are replaced from here (a copy's first screen, a cleared account) so that their
   * owner holds the same: set by the core (devices-poller.ts).
   */
  onDevicesReplaced: ((devices: readonly Device[]) => void) | null = null;
  readonly maps: DatasetMaps = {
    folders: new Map(),
    sessions: new Map(),
    users: new Map(),
  };
  /** What is kept of each device (see above); replaced whole by a cache load's (adoptDevices). */
  devices = new DeviceFacts();
  readonly fetchedAt: Record<DatasetName, Timestamp | null> = {
    folders: null,
    devices: null,
    sessions: null,
    users: null,
  };
  /**
   * Bumped whenever the devices are replaced from here (a sign-out, a cache opened): the parts of a poll
   * committed before that are of another picture and must not be applied to this one.
   */
  devicesGeneration = 0;

  list<D extends HeldDataset>(dataset: D): DatasetRecordMap[D][] {
    return Array.from((this.maps[dataset] as Map<Id, DatasetRecordMap[D]>).values());
  }

  /** Every dataset held whole as a list (a snapshot's data but the devices, which their owner lists). */
  lists(): { [D in HeldDataset]: DatasetRecordMap[D][] } {
    return { folders: this.list('folders'), sessions: this.list('sessions'), users: this.list('users') };
  }

  get<D extends HeldDataset>(dataset: D, id: Id): DatasetRecordMap[D] | undefined {
    return this.maps[dataset].get(id) as DatasetRecordMap[D] | undefined;
  }

  /** Replaces a dataset wholesale and describes it as a reset (first load, cache load, sign-in). */
  reset<D extends DatasetName>(
    dataset: D,
    records: readonly DatasetRecordMap[D][],
    fetchedAt: Timestamp | null,
    /** The devices came from the poll worker's mirror (a cache load): it need not be told. */
    mirrored = false,
  ): DataChange<D> {
    this.fetchedAt[dataset] = fetchedAt;
    if (dataset === 'devices') {
      const facts = new DeviceFacts();
      for (const record of records) facts.put(record as Device);
      this.devices = facts;
      this.devicesGeneration += 1;
      // The records as given: the facts are no record to send.
      const added = [...records];
      if (!mirrored) this.onDevicesReplaced?.(added as Device[]);
      return { dataset, reset: true, added, changed: [], removed: [], fetchedAt };
    }
    const map = new Map<Id, unknown>();
    for (const record of records) map.set(record.id, record);
    (this.maps as Record<HeldDataset, Map<Id, unknown>>)[dataset as HeldDataset] = map;
    const added = Array.from(map.values()) as DatasetRecordMap[D][];
    return { dataset, reset: true, added, changed: [], removed: [], fetchedAt };
  }

  /**
   * Takes devices the poll worker's mirror already holds (a cache load's, collected part by part as they
   * came): the worker need not be told, and no change is made of them here (the parts were the change).
   */
  adoptDevices(facts: DeviceFacts, fetchedAt: Timestamp | null): void {
    this.devices = facts;
    this.fetchedAt.devices = fetchedAt;
    this.devicesGeneration += 1;
  }

  /**
   * Applies one part of what the poll worker's mirror took, as its digests (so no comparison is needed
   * here); the first part of a `reset` (a first load, a lost mirror) replaces the devices. The worker
   * already knows: nothing is reported back to it. The part as the status history records it.
   */
  applyPolledPart(
    part: ChangeLists<DeviceDigest>,
    reset: boolean,
    fetchedAt: Timestamp | null,
  ): DevicesRecorded {
    this.fetchedAt.devices = fetchedAt;
    if (reset) this.devices = new DeviceFacts();
    const facts = this.devices;
    for (const digest of part.added) facts.put(digest);
    for (const digest of part.changed) facts.put(digest);
    for (const id of part.removed) facts.delete(id);
    const { added, changed, removed } = part;
    return { reset, added, changed, removed, fetchedAt };
  }

  /**
   * Devices their owner changed at the main thread's asking (an optimistic write, its rollback: feed.edit),
   * as it answered them: the change that says it, or null when none is held here (gone meanwhile).
   */
  devicesEdited(devices: readonly Device[]): DataChange<'devices'> | null {
    const facts = this.devices;
    const changed = devices.filter((d) => facts.has(d.id));
    for (const device of changed) facts.put(device);
    if (changed.length === 0) return null;
    return {
      dataset: 'devices',
      reset: false,
      added: [],
      changed,
      removed: [],
      fetchedAt: this.fetchedAt.devices,
    };
  }

  /** Replaces a dataset with a fresh list; returns the delta, or null when nothing changed. */
  replace<D extends HeldDataset>(
    dataset: D,
    records: readonly DatasetRecordMap[D][],
    fetchedAt: Timestamp | null,
  ): DataChange<D> | null {
    const previous = this.maps[dataset] as Map<Id, DatasetRecordMap[D]>;
    const { next, added, changed, removed } = diffById(previous, records, recordsEqual);
    (this.maps as Record<HeldDataset, Map<Id, unknown>>)[dataset] = next;
    this.fetchedAt[dataset] = fetchedAt;
    if (added.length === 0 && changed.length === 0 && removed.length === 0) return null;
    return { dataset, reset: false, added, changed, removed, fetchedAt };
  }

  /** Puts one record in (an optimistic write, a record fetched after create); null when it is already so. */
  put<D extends HeldDataset>(dataset: D, record: DatasetRecordMap[D]): DataChange<D> | null {
    const map = this.maps[dataset] as Map<Id, DatasetRecordMap[D]>;
    const before = map.get(record.id);
    if (before !== undefined && recordsEqual(before, record)) return null;
    map.set(record.id, record);
    return {
      dataset,
      reset: false,
      added: before === undefined ? [record] : [],
      changed: before === undefined ? [] : [record],
      removed: [],
      fetchedAt: this.fetchedAt[dataset],
    };
  }

  /** Several puts and removals of one dataset as one change (bulk moves, rollbacks). */
  apply<D extends HeldDataset>(
    dataset: D,
    puts: readonly DatasetRecordMap[D][],
    removals: readonly Id[] = [],
  ): DataChange<D> | null {
    const map = this.maps[dataset] as Map<Id, DatasetRecordMap[D]>;
    const change: DataChange<D> = {
      dataset,
      reset: false,
      added: [],
      changed: [],
      removed: [],
      fetchedAt: this.fetchedAt[dataset],
    };
    for (const record of puts) {
      const before = map.get(record.id);
      if (before !== undefined && recordsEqual(before, record)) continue;
      map.set(record.id, record);
      (before === undefined ? change.added : change.changed).push(record);
    }
    for (const id of removals) if (map.delete(id)) change.removed.push(id);
    return change.added.length + change.changed.length + change.removed.length === 0 ? null : change;
  }

  remove<D extends HeldDataset>(dataset: D, id: Id): DataChange<D> | null {
    return this.apply(dataset, [], [id]);
  }

  clear(): DataChange[] {
    return DATASET_NAMES.map((d) => this.reset(d, [], null));
  }
}
