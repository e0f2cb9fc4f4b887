// One part of the owner's devices (a commit's log entry, a cache load, a listing) as it crosses to the main
// thread, and as it goes on to the renderer. The main thread keeps only each device's digest (picture.ts)
// and hands the devices on: so the worker sends the part's devices already as the JSON the renderer reads,
// beside the digests packed by column. The main thread neither builds 2,000 device objects per part nor
// serialises them again; at a first sync of 100,000 devices that was ~110 ms of its time and ~80 MB of
// its garbage (unpack, then JSON for the browser host's event stream), and the hop in between is gone.
//
// The JSON crosses as UTF-8 bytes, its buffer transferred (never copied), and goes out as bytes (the event
// stream's socket, Electron's IPC). As a string, each part's ~800 kB of JSON was an object of V8's
// large-object space on the main thread, which only a full collection frees: after a first sync of 100,000
// devices ~30 MB of them were still resident (host-diag.ts: large-object space 41 MB, 10 MB of it live),
// and the event stream flattened each into one more such string. A buffer's memory is outside the heap,
// freed with its wrapper (by a young collection when the part was short-lived, as most are).
//
// In one thread (the command line, or no worker could start) nothing crosses a thread: the part carries
// the devices as objects, and its JSON is made only if a renderer asks for it.

import type { DataChange } from '../../shared/ipc/contract.js';
import type { Device, Id, Timestamp } from '../../shared/model.js';
import type { DevicesDelta } from './devices-mirror.js';
import { changeCount, type ChangeLists } from './devices-owner.js';
import {
  internedColumns,
  packDevices,
  readPacked,
  type Interner,
  type PackedDevices,
} from './packed-devices.js';

/**
 * What a part carries of each device beside its JSON, for the status history and the main thread's facts
 * (device-facts.ts): its status, its folder, what names it. Read as the part comes, never kept.
 */
export const DIGEST_KEYS = ['id', 'name', 'alias', 'status', 'lastRefresh', 'folderId'] as const;
export type DeviceDigest = Pick<Device, (typeof DIGEST_KEYS)[number]>;

export function deviceDigest(d: DeviceDigest): DeviceDigest {
  return {
    id: d.id,
    name: d.name,
    alias: d.alias,
    status: d.status,
    lastRefresh: d.lastRefresh,
    folderId: d.folderId,
  };
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** A part as the worker posts it: its lists' JSON and (commits and loads) the digests by column. */
export interface PartWire {
  /**
   * `{"added":[…],"changed":[…],"removed":[…]}` in UTF-8: the part's lists, devices as the renderer reads
   * them. Its own buffer, whole: the worker transfers it (`partTransfer`).
   */
  json: Uint8Array;
  records: number;
  /** Absent for a listing: the main thread holds the digests already. */
  digests: { added: PackedDevices; changed: PackedDevices; removed: Id[] } | null;
}

/** A part as one reply carries it: serialised (from a worker) or as objects (in one thread). */
export type PartCarried = PartWire | DevicesDelta;

/**
 * The part as the worker sends it (its JSON made there, off the main thread). In one thread, copies: never
 * the mirror's own objects. `decoded`: the devices are a poll's as decoded, whose longer fields are slices
 * of its whole document (devices-change-log.ts), so they are cloned (a digest kept of one would keep that
 * document alive); devices parsed from JSON (a copy loaded, a listing) are copied field by field.
 */
export function carryPart(
  part: DevicesDelta,
  pack: boolean,
  { digests = true, decoded = false } = {},
): PartCarried {
  const { added, changed, removed } = part;
  if (!pack) {
    if (decoded) return structuredClone({ added, changed, removed });
    return { added: added.map((d) => ({ ...d })), changed: changed.map((d) => ({ ...d })), removed };
  }
  return {
    json: utf8.encode(JSON.stringify({ added, changed, removed })),
    records: changeCount(part),
    digests: digests
      ? { added: packDevices(added, DIGEST_KEYS), changed: packDevices(changed, DIGEST_KEYS), removed }
      : null,
  };
}

/** A listing's part from the mirror's texts (devices-mirror.ts): joined, never parsed. */
export function listedWire(texts: readonly string[]): PartWire {
  return {
    json: utf8.encode(`{"added":[${texts.join(',')}],"changed":[],"removed":[]}`),
    records: texts.length,
    digests: null,
  };
}

const isWire = (carried: PartCarried): carried is PartWire => 'json' in carried;

/** What a reply carrying `part` transfers rather than copies: a wire's JSON buffer. */
export function partTransfer(part: PartCarried): ArrayBuffer[] {
  return isWire(part) ? [part.json.buffer as ArrayBuffer] : [];
}

/** One part of an entry of the owner's change log (`seq`), as it arrived; `first`: the entry's first. */
export class DevicesPart {
  readonly #carried: PartCarried;
  readonly #interner: Interner;
  #devices: DevicesDelta | null = null;
  #digests: ChangeLists<DeviceDigest> | null = null;

  constructor(
    readonly seq: number,
    readonly first: boolean,
    carried: PartCarried,
    interner: Interner = new Map(),
  ) {
    this.#carried = carried;
    this.#interner = interner;
  }

  /** Records in the part, removed ids counting. */
  get records(): number {
    const c = this.#carried;
    return isWire(c) ? c.records : changeCount(c);
  }

  /** The devices whole: parsed from the JSON only when asked (a snapshot's first screen, a test). */
  devices(): DevicesDelta {
    const c = this.#carried;
    if (!isWire(c)) return c;
    return (this.#devices ??= JSON.parse(fromUtf8.decode(c.json)) as DevicesDelta);
  }

  /** What the main thread keeps of each device (picture.ts). */
  digests(): ChangeLists<DeviceDigest> {
    if (this.#digests) return this.#digests;
    const c = this.#carried;
    const packed = isWire(c) ? c.digests : null;
    this.#digests = packed
      ? {
          added: unpackDigests(packed.added, this.#interner),
          changed: unpackDigests(packed.changed, this.#interner),
          removed: packed.removed,
        }
      : (() => {
          const { added, changed, removed } = this.devices();
          return { added: added.map(deviceDigest), changed: changed.map(deviceDigest), removed };
        })();
    return this.#digests;
  }

  /** The lists' JSON in UTF-8, as the renderer reads them. */
  json(): Uint8Array {
    const c = this.#carried;
    return isWire(c)
      ? c.json
      : utf8.encode(JSON.stringify({ added: c.added, changed: c.changed, removed: c.removed }));
  }

  /**
   * The part without the fenced devices (device-write-fence.ts): itself when none of them is in it, which
   * is nearly always; otherwise a part of objects (parsed, filtered: a rare path).
   */
  without(fenced: ReadonlySet<Id>): DevicesPart {
    if (fenced.size === 0) return this;
    const { added, changed, removed } = this.digests();
    const hit = (d: { id: Id }) => fenced.has(d.id);
    if (!added.some(hit) && !changed.some(hit) && !removed.some((id) => fenced.has(id))) return this;
    const all = this.devices();
    const keep = (d: Device) => !fenced.has(d.id);
    return new DevicesPart(this.seq, this.first, {
      added: all.added.filter(keep),
      changed: all.changed.filter(keep),
      removed: all.removed.filter((id) => !fenced.has(id)),
    });
  }

  /** The part as the change the renderer applies. */
  change(reset: boolean, fetchedAt: Timestamp | null): DevicesPartChange {
    return new DevicesPartChange(this, reset, fetchedAt);
  }
}

/**
 * Digests unpacked into one shape (a literal: all six fields in the object, none in a property store),
 * straight from the columns: a device object first, then its digest, was two objects per device on the
 * main thread (~7 MB more garbage in a first sync at 100,000 devices, sampled).
 */
function unpackDigests(packed: PackedDevices, interner: Interner): DeviceDigest[] {
  const columns = internedColumns(packed, interner);
  // Packed in DIGEST_KEYS order (carryPart); found by name, so that order can change there alone.
  const column = (key: (typeof DIGEST_KEYS)[number]) => columns[DIGEST_KEYS.indexOf(key)]!;
  const [id, name, alias, status, lastRefresh, folderId] = [
    column('id'),
    column('name'),
    column('alias'),
    column('status'),
    column('lastRefresh'),
    column('folderId'),
  ];
  const out = new Array<DeviceDigest>(packed.count);
  for (let i = 0; i < packed.count; i++)
    out[i] = {
      id: readPacked(id, i) as DeviceDigest['id'],
      name: readPacked(name, i) as DeviceDigest['name'],
      alias: readPacked(alias, i) as DeviceDigest['alias'],
      status: readPacked(status, i) as DeviceDigest['status'],
      lastRefresh: readPacked(lastRefresh, i) as DeviceDigest['lastRefresh'],
      folderId: readPacked(folderId, i) as DeviceDigest['folderId'],
    };
  return out;
}

/**
 * A DataChange of the devices whose JSON the owner made (see the header): a sink that sends bytes (the
 * browser host's event stream, Electron's IPC) takes `jsonChunks()` or `jsonBytes()` as they are. Read as a plain
 * DataChange (a test, a sink that knows nothing of it) it parses its devices once, on first access: the
 * lists are own enumerable properties (getters), so a spread, a structured clone or a deep equal sees them.
 */
export class DevicesPartChange implements DataChange<'devices'> {
  readonly dataset = 'devices' as const;
  declare readonly added: Device[];
  declare readonly changed: Device[];
  declare readonly removed: Id[];
  /** Private, so that a clone or a deep equal sees a DataChange's fields only. */
  readonly #part: DevicesPart;

  constructor(
    part: DevicesPart,
    readonly reset: boolean,
    readonly fetchedAt: Timestamp | null,
  ) {
    this.#part = part;
    for (const list of ['added', 'changed', 'removed'] as const) {
      Object.defineProperty(this, list, { enumerable: true, get: () => part.devices()[list] });
    }
  }

  get records(): number {
    return this.#part.records;
  }

  /** The change's JSON (a DataChange) in two pieces: its head, then its devices' part as the owner made it. */
  jsonChunks(): [string, Uint8Array] {
    const head = JSON.stringify({ dataset: this.dataset, reset: this.reset, fetchedAt: this.fetchedAt });
    // The part's bytes without their `{`: a view, not a copy.
    return [`${head.slice(0, -1)},`, this.#part.json().subarray(1)];
  }

  /** The change's JSON in UTF-8, one buffer (Electron's IPC sends one argument). */
  jsonBytes(): Uint8Array {
    const [head, lists] = this.jsonChunks();
    const start = utf8.encode(head);
    const bytes = new Uint8Array(start.length + lists.length);
    bytes.set(start);
    bytes.set(lists, start.length);
    return bytes;
  }

  /** The same change, saying whether it resets (a cache load's first part, once the load is whole). */
  withReset(reset: boolean): DevicesPartChange {
    return new DevicesPartChange(this.#part, reset, this.fetchedAt);
  }
}

/** A change's JSON, in pieces to write one after the other: as the owner made it when it did, else here. */
export function changeJson(change: unknown): Array<string | Uint8Array> {
  return change instanceof DevicesPartChange ? change.jsonChunks() : [JSON.stringify(change)];
}
