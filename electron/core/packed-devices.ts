// Devices as they cross from the poll worker to the main thread: packed by column, each column with few
// distinct values (status, OS, CPU, free space, folder, timestamps…) sent as those values once plus one
// small integer per device. A structured clone of 2,000 device objects makes the main thread deserialise
// 2,000 objects, grow each one's property store field by field and create ~26,000 strings, most of them
// copies of a few hundred values; at a first sync of 100,000 devices that garbage and those survivors are
// what made its garbage-collection pauses long, and the copies stayed in the Picture (~40 MB of strings).
//
// Unpacked on the main thread into plain objects, field by field as DEVICE_FIELDS lists them, whose
// repeated values are one string each, shared across the parts of one request (`Interner`). What is
// packed: the devices a read or an edit answers, and a part's digests (devices-part.ts: a part's devices
// themselves cross as the JSON the renderer reads).

import { DEVICE_KEYS, type DeviceKey } from '../../shared/device-fields.js';
import type { Device } from '../../shared/model.js';

/** One field of every device: its distinct values and each device's index into them, or (index null,
 * for mostly distinct fields: ids, names, addresses) each device's value in order. */
export interface PackedColumn {
  values: unknown[];
  index: Uint16Array | Uint32Array | null;
}

export interface PackedDevices {
  count: number;
  /** In DEVICE_KEYS order. */
  columns: PackedColumn[];
}

function packColumn(devices: readonly Pick<Device, DeviceKey>[], key: DeviceKey): PackedColumn {
  const n = devices.length;
  const seen = new Map<unknown, number>();
  const values: unknown[] = [];
  const index = n <= 0x10000 ? new Uint16Array(n) : new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const value = devices[i]![key];
    let at = seen.get(value);
    if (at === undefined) {
      // Mostly distinct: an index would only add to it.
      if (values.length >= n / 2) return { values: devices.map((d) => d[key]), index: null };
      at = values.length;
      seen.set(value, at);
      values.push(value);
    }
    index[i] = at;
  }
  return { values, index };
}

/** The devices' `keys` (by default every field), by column. */
export function packDevices(
  devices: readonly Device[],
  keys: readonly DeviceKey[] = DEVICE_KEYS,
): PackedDevices {
  return { count: devices.length, columns: keys.map((key) => packColumn(devices, key)) };
}

/** One string per distinct value across the parts of one request (dropped with it: no growth over time). */
export type Interner = Map<string, string>;

/** Device `i`'s value in `column`. */
export const readPacked = (column: PackedColumn, i: number): unknown =>
  column.index ? column.values[column.index[i]!] : column.values[i];

/** The columns of `packed` with their distinct strings interned: read them with `readPacked`. */
export function internedColumns(packed: PackedDevices, interner: Interner): PackedColumn[] {
  return packed.columns.map((column) =>
    column.index
      ? {
          index: column.index,
          values: column.values.map((v) => {
            if (typeof v !== 'string') return v;
            const known = interner.get(v);
            if (known !== undefined) return known;
            interner.set(v, v);
            return v;
          }),
        }
      : column,
  );
}

export function unpackDevices(packed: PackedDevices, interner?: Interner): Device[];
export function unpackDevices<K extends DeviceKey>(
  packed: PackedDevices,
  interner: Interner,
  keys: readonly K[],
): Pick<Device, K>[];
export function unpackDevices(
  packed: PackedDevices,
  interner: Interner = new Map(),
  keys: readonly DeviceKey[] = DEVICE_KEYS,
): Partial<Device>[] {
  const columns = internedColumns(packed, interner);
  const out = new Array<Partial<Device>>(packed.count);
  for (let i = 0; i < packed.count; i++) {
    // Field by field from the table, so a new field needs no line here. (A literal naming every field
    // would keep them all in-object; filled in a loop, fields past the first few go to a property store:
    // measured 16 bytes more per device, 1.6 MB at 100,000.)
    const device: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k++) device[keys[k]!] = readPacked(columns[k]!, i);
    out[i] = device as Partial<Device>;
  }
  return out;
}

// In one thread (the command line, or no worker could start) nothing crosses a thread: packing a part only
// to unpack it at once was ~17% of a `devices list --where` at 100,000 devices. The devices are handed on
// as shallow copies instead, so the main thread never holds the mirror's own objects.

/** Devices as one reply carries them: packed by column (from a worker) or as objects (in one thread). */
export type DevicesCarried = PackedDevices | Device[];

export function carryDevices(devices: readonly Device[], pack: boolean): DevicesCarried {
  return pack ? packDevices(devices) : devices.map((d) => ({ ...d }));
}

export function carriedDevices(carried: DevicesCarried, interner?: Interner): Device[] {
  return Array.isArray(carried) ? carried : unpackDevices(carried, interner);
}
