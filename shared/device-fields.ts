// Each Device field described once: its element in the service's XML, what kind of value it holds,
// whether the technician may change it. The `Device` type itself is derived from this table, and so are
// decoding, encoding, the read-only checks, equality, the changed-field list, the test factory's and the
// stand-in service's values and a plain grid column (renderer/domain/device-columns.ts): a new field is
// one line here plus its column label in the catalogues, which the compiler then asks for.
// Pure data and functions: the main thread, the decode worker and the renderer can all import it.

import type { DeviceOs, DeviceStatus, Id, Timestamp } from './values.js';
import { isUnknownEnum } from './values.js';

/** What a field holds, and so how it is read, written, compared, sampled and shown. */
export interface DeviceFieldKinds {
  /** Never null: a device without an id is refused whole. */
  id: Id;
  text: string | null;
  status: DeviceStatus | null;
  os: DeviceOs | null;
  timestamp: Timestamp | null;
  /** A decimal number on the wire. */
  decimal: number | null;
}
export type DeviceFieldKind = keyof DeviceFieldKinds;

export interface DeviceField {
  /** The element name in the service's XML (spec §5). */
  xml: string;
  kind: DeviceFieldKind;
  /** The technician may change it (PUT /devices/{id}); all others the service refuses with 1001. */
  writable: boolean;
}

export const DEVICE_FIELDS = {
  id: { xml: 'id', kind: 'id', writable: false },
  name: { xml: 'name', kind: 'text', writable: false },
  alias: { xml: 'alias', kind: 'text', writable: true },
  status: { xml: 'status', kind: 'status', writable: false },
  ip: { xml: 'ip', kind: 'text', writable: false },
  os: { xml: 'os', kind: 'os', writable: false },
  lastRefresh: { xml: 'last_refresh', kind: 'timestamp', writable: false },
  cpu: { xml: 'cpu', kind: 'text', writable: false },
  /** Memory in MB. */
  ram: { xml: 'ram', kind: 'decimal', writable: false },
  /** Free-space percentage together with the total size, as the server words it ("42% of 500 GB"). */
  freeSpace: { xml: 'free_space', kind: 'text', writable: false },
  mac: { xml: 'mac', kind: 'text', writable: false },
  dateInstalled: { xml: 'date_installed', kind: 'timestamp', writable: false },
  /** null: the device is in no folder ("Unassigned"). */
  folderId: { xml: 'folder_id', kind: 'text', writable: true },
} as const satisfies Record<string, DeviceField>;

export type DeviceKey = keyof typeof DEVICE_FIELDS;

/** A managed device as the service describes it (spec §2.1): one property per row of DEVICE_FIELDS. */
export type Device = { [K in DeviceKey]: DeviceFieldKinds[(typeof DEVICE_FIELDS)[K]['kind']] };
export const DEVICE_KEYS = Object.keys(DEVICE_FIELDS) as DeviceKey[];

/** The fields the technician may change (the table's `writable`). */
export type WritableDeviceKey = {
  [K in DeviceKey]: (typeof DEVICE_FIELDS)[K]['writable'] extends true ? K : never;
}[DeviceKey];
export const DEVICE_WRITABLE_KEYS = DEVICE_KEYS.filter(
  (k): k is WritableDeviceKey => DEVICE_FIELDS[k].writable,
);

/** XML element names the service accepts in a device update, and those it refuses as read-only. */
export const DEVICE_WRITABLE_XML = DEVICE_WRITABLE_KEYS.map((k) => DEVICE_FIELDS[k].xml);
export const DEVICE_READ_ONLY_XML = DEVICE_KEYS.filter((k) => !DEVICE_FIELDS[k].writable).map(
  (k) => DEVICE_FIELDS[k].xml,
);

/** Unknown enum values arrive as `{ unknown }` objects: equal when their text is. */
function sameValue(x: unknown, y: unknown): boolean {
  return x === y || (isUnknownEnum(x) && isUnknownEnum(y) && x.unknown === y.unknown);
}

/** The fields in which `b` differs from `a`, in table order (empty when equal). */
export function changedFields(a: Device, b: Device): DeviceKey[] {
  const out: DeviceKey[] = [];
  if (a === b) return out;
  for (const key of DEVICE_KEYS) if (!sameValue(a[key], b[key])) out.push(key);
  return out;
}

/**
 * What names a device to a reader: its alias, else its name; null when it has neither (the reader's
 * language then names it by its id). One rule for the tray, alerts, the Overview and watches.
 */
export function deviceLabel(d: Pick<Device, 'name' | 'alias'> | undefined): string | null {
  return d?.alias || d?.name || null;
}
