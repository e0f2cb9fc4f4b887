// The devices list as the poll worker keeps it, so that the main thread receives only what changed.
//
// The mirror holds the account's devices: every poll's delta is computed here against it, and every change
// the main thread makes on its own (an optimistic write, a rollback, a sign-out) is sent here as a patch.
// A poll's result is held as *pending* until the main thread says whether the mirror takes it (commit:
// what it took goes to the change log and back to the Picture, part by part) or drops it because a local
// write raced the poll (discard): the two copies never drift apart.
//
// The hash of the last committed document lets an idle poll (the service sent the very same bytes) skip
// decoding and diffing altogether: the hash of its text, and of the bytes as they came over the wire (in
// the service's content coding), which an idle poll compares without undoing the coding (wire-fetch.ts).
// Any local patch clears both: the mirror then no longer equals those bytes.
//
// Each device is kept as its JSON text, not as an object: one string per device is about half the memory
// of an object with a dozen strings (and far less for the garbage collector to walk); comparing two
// devices is comparing two strings, and the offline cache's devices.json is the strings joined.

import type { Device, Id } from '../../shared/model.js';
import { DEVICE_KEYS } from '../../shared/device-fields.js';
import { diffById } from './diff-by-id.js';

export interface DevicesDelta {
  added: Device[];
  changed: Device[];
  removed: Id[];
}

interface Pending {
  map: Map<Id, string>;
  hash: string;
  wire: string | null;
  delta: DevicesDelta;
  /** Devices patched while the poll was pending: the patch, made after the poll's copy, wins. */
  patched: Set<Id>;
}

/**
 * A device's JSON with its keys in the field table's order (and an unknown enum's one key), whatever order
 * the object was built in: equal devices are then equal strings.
 */
const KEY_ORDER = [...DEVICE_KEYS, 'unknown'];
const text = (device: Device): string => JSON.stringify(device, KEY_ORDER);

/** Devices per part of jsonArrayParts: some 50 kB, under V8's large-object size (those wait for a full collection). */
export const JSON_PART_DEVICES = 100;

/**
 * Device texts (as the mirror keeps them) as one JSON array, in parts of JSON_PART_DEVICES devices: no
 * 48 MB string (and its 48 MB of bytes) for one write, only parts small enough to die young.
 */
export function* jsonArrayParts(texts: Iterable<string>): Generator<string> {
  let batch: string[] = [];
  let opening = '[';
  for (const device of texts) {
    batch.push(device);
    if (batch.length < JSON_PART_DEVICES) continue;
    yield opening + batch.join(',');
    opening = ',';
    batch = [];
  }
  if (batch.length > 0) yield opening + batch.join(',');
  yield opening === '[' && batch.length === 0 ? '[]' : ']';
}

export class DevicesMirror {
  #built = new Map<Id, string>();
  /**
   * A list given by replaceAll whose texts are not made yet: a cache load hands its 100,000 devices to the
   * main thread first and makes their texts (a few hundred ms) when the mirror is first needed.
   */
  #unbuilt: readonly Device[] | null = null;
  #hash: string | null = null;
  /** The committed document's bytes as they came over the wire, when known: null with #hash. */
  #wire: string | null = null;
  #pending: Pending | null = null;

  get #map(): Map<Id, string> {
    if (this.#unbuilt) {
      this.#built = new Map(this.#unbuilt.map((d) => [d.id, text(d)]));
      this.#unbuilt = null;
    }
    return this.#built;
  }

  /**
   * The devices a replaceAll gave, while their texts are not made yet (nothing has needed the mirror
   * since), one per id as the mirror would hold them; null once made. A listing of a copy just loaded
   * (the command line's query) hands them on instead of making 100,000 texts and parsing them again.
   */
  unbuilt(): readonly Device[] | null {
    const given = this.#unbuilt;
    if (!given) return null;
    const ids = new Set<Id>();
    for (const d of given) ids.add(d.id);
    // A list naming an id twice (a damaged copy): the map keeps the last of each, so build it.
    return ids.size === given.length ? given : null;
  }

  get size(): number {
    return this.#map.size;
  }

  /** The device JSON texts (for the offline cache's devices file). */
  texts(): IterableIterator<string> {
    return this.#map.values();
  }

  /** Every device, each a new object parsed from its text as the iteration comes to it. */
  *devices(): Generator<Device> {
    for (const kept of this.#map.values()) yield JSON.parse(kept) as Device;
  }

  /** [id, device JSON] of every device (for the offline cache's first screen). */
  entries(): IterableIterator<[Id, string]> {
    return this.#map.entries();
  }

  /** A device as the mirror holds it (a new object, parsed from its text). */
  get(id: Id): Device | undefined {
    const kept = this.#map.get(id);
    return kept === undefined ? undefined : (JSON.parse(kept) as Device);
  }

  /**
   * How many devices are in folder `folderId` (a folder delete is refused while any are). Only the texts
   * that contain the id as a JSON string are parsed: one pass over the strings, no 100,000 objects.
   */
  countInFolder(folderId: Id): number {
    const needle = JSON.stringify(folderId);
    let count = 0;
    for (const kept of this.#map.values()) {
      if (kept.includes(needle) && (JSON.parse(kept) as Device).folderId === folderId) count += 1;
    }
    return count;
  }

  /**
   * A change the mirror took as its texts of the devices (the change log keeps these: devices-change-
   * log.ts). A device the mirror no longer holds (removed since) is left out.
   */
  textsOf(delta: DevicesDelta): { added: string[]; changed: string[]; removed: Id[] } {
    const map = this.#map;
    const texts = (devices: readonly Device[]) =>
      devices.flatMap((d) => {
        const kept = map.get(d.id);
        return kept === undefined ? [] : [kept];
      });
    return { added: texts(delta.added), changed: texts(delta.changed), removed: delta.removed };
  }

  /** The service sent exactly the document (by its text's hash) the mirror was built from. */
  sameBytes(hash: string): boolean {
    return this.#hash !== null && this.#hash === hash;
  }

  /** The same, told from the bytes as they came over the wire (still in the service's content coding). */
  sameWire(wire: string): boolean {
    return this.#wire !== null && this.#wire === wire;
  }

  /**
   * The document the mirror was built from came again as other wire bytes (coded anew): the next poll that
   * brings these is told unchanged from them. Only after sameBytes said so.
   */
  cameAs(wire: string): void {
    if (this.#hash !== null) this.#wire = wire;
  }

  /**
   * The delta from the mirror to `devices`; held as pending until commit() or discard(). `hash` names the
   * document's text, `wire` its bytes as they came (null: not known apart from the text).
   */
  diff(devices: readonly Device[], hash: string, wire: string | null = null): DevicesDelta {
    const { next, added, changed, removed } = diffById(this.#map, devices, (a, b) => a === b, text);
    const delta = { added, changed, removed };
    this.#pending = { map: next, hash, wire, delta, patched: new Set() };
    return delta;
  }

  /**
   * The pending poll becomes the mirror, except the `fenced` devices (a local write raced the poll: the
   * main thread did not apply the poll's copy of them), which keep what the mirror holds now, as the main
   * thread does; the mirror then no longer equals the polled bytes, so the next poll sends them again if
   * the service's copy differs. Returns the delta the mirror took (the poll's but the fenced devices),
   * null when no poll was pending. A device patched meanwhile counts as fenced.
   */
  commit(fencedIds: readonly Id[] = []): DevicesDelta | null {
    const pending = this.#pending;
    if (!pending) return null;
    const fenced = pending.patched.size > 0 ? [...new Set([...fencedIds, ...pending.patched])] : fencedIds;
    const current = this.#map;
    for (const id of fenced) {
      const kept = current.get(id);
      if (kept === undefined) pending.map.delete(id);
      else pending.map.set(id, kept);
    }
    this.#built = pending.map;
    this.#hash = fenced.length > 0 ? null : pending.hash;
    this.#wire = fenced.length > 0 ? null : pending.wire;
    this.#pending = null;
    if (fenced.length === 0) return pending.delta;
    const skip = new Set(fenced);
    const keep = (d: Device) => !skip.has(d.id);
    const { added, changed, removed } = pending.delta;
    return {
      added: added.filter(keep),
      changed: changed.filter(keep),
      removed: removed.filter((id) => !skip.has(id)),
    };
  }

  discard(): void {
    this.#pending = null;
  }

  /**
   * A change the main thread made itself; a pending poll keeps its copy of these devices out (the
   * patch is newer). Returns what it changed (a put of the very same device, a removal of an absent one,
   * is no change).
   */
  patch(puts: readonly Device[], removals: readonly Id[]): DevicesDelta {
    const map = this.#map;
    const delta: DevicesDelta = { added: [], changed: [], removed: [] };
    for (const device of puts) {
      const before = map.get(device.id);
      const after = text(device);
      if (before === after) continue;
      map.set(device.id, after);
      (before === undefined ? delta.added : delta.changed).push(device);
    }
    for (const id of removals) if (map.delete(id)) delta.removed.push(id);
    this.#hash = null;
    this.#wire = null;
    const patched = this.#pending?.patched;
    if (patched) for (const d of [...delta.added, ...delta.changed]) patched.add(d.id);
    if (patched) for (const id of delta.removed) patched.add(id);
    return delta;
  }

  /** Replaces everything (a cache load, a sign-out). */
  replaceAll(devices: readonly Device[]): void {
    this.#built = new Map();
    this.#unbuilt = devices;
    this.#hash = null;
    this.#wire = null;
    this.#pending = null;
  }
}
