// GET /devices.xml for 100,000 devices: tens of MB of XML. Records are replaced on change, so identity tells
// what changed. Two levels:
// - each device's element, kept by id (a fragment is re-encoded only when its record was replaced);
// - the whole document as bytes, with where each device's element starts. After a simulator tick (a few
//   hundred status changes) the next document is the previous one with only the changed elements spliced
//   in: one copy of the bytes, instead of joining 100,000 strings and encoding them to UTF-8 again.
import type { Device } from '../../shared/model.js';
import { deviceXml } from '../../shared/xml/resources.js';
import { XML_DECLARATION } from '../../shared/xml/index.js';

/** Above this share of changed devices a full rebuild is as cheap as splicing. */
const SPLICE_MAX_SHARE = 0.25;

interface WholeList {
  devices: readonly Device[];
  bytes: Buffer;
  /** offsets[i] = where device i's element starts; offsets[n] = where `</devices>` starts. */
  offsets: Float64Array;
}

export class DeviceListCache {
  // By id, checked by identity: a plain Map, because a WeakMap of 100,000 keys (an ephemeron table) makes
  // every garbage collection of the whole process slower.
  private readonly fragments = new Map<string, { device: Device; xml: string }>();
  private whole: WholeList | null = null;

  /** All devices: the store hands out the same array until a device changes, so the bytes are kept for it. */
  encodeAll(devices: readonly Device[]): Buffer {
    if (this.whole?.devices === devices) return this.whole.bytes;
    this.whole = (this.whole && this.splice(this.whole, devices)) ?? this.build(devices);
    return this.whole.bytes;
  }

  /** A `<devices>` document of these devices, from the per-device cache. */
  encodeList(devices: readonly Device[]): Buffer {
    return Buffer.from(this.document(devices.map((d) => this.fragment(d))), 'utf8');
  }

  private fragment(device: Device): string {
    const cached = this.fragments.get(device.id);
    if (cached?.device === device) return cached.xml;
    const xml = deviceXml(device);
    this.fragments.set(device.id, { device, xml });
    return xml;
  }

  private document(parts: readonly string[]): string {
    return XML_DECLARATION + (parts.length === 0 ? '<devices/>' : `<devices>${parts.join('')}</devices>`);
  }

  private build(devices: readonly Device[]): WholeList {
    const parts = devices.map((d) => this.fragment(d));
    const offsets = new Float64Array(devices.length + 1);
    let at = Buffer.byteLength(XML_DECLARATION + '<devices>', 'utf8');
    for (let i = 0; i < parts.length; i++) {
      offsets[i] = at;
      at += Buffer.byteLength(parts[i] as string, 'utf8');
    }
    offsets[parts.length] = at;
    return { devices, bytes: Buffer.from(this.document(parts), 'utf8'), offsets };
  }

  /**
   * The previous document with the replaced records' elements re-encoded; null when the list is not the
   * same devices in the same order, or so much changed that a rebuild is simpler.
   */
  private splice(previous: WholeList, devices: readonly Device[]): WholeList | null {
    const n = devices.length;
    if (n === 0 || previous.devices.length !== n) return null;
    const changed: number[] = [];
    for (let i = 0; i < n; i++) {
      const before = previous.devices[i] as Device;
      const now = devices[i] as Device;
      if (before === now) continue;
      if (before.id !== now.id || changed.length >= n * SPLICE_MAX_SHARE) return null;
      changed.push(i);
    }
    const pieces: Buffer[] = [];
    const offsets = new Float64Array(n + 1);
    let copiedUpTo = 0; // in the previous bytes
    let shift = 0; // new offset minus old offset, for the devices after the last splice
    let next = 0; // device index whose offset is not yet written
    for (const i of changed) {
      for (; next <= i; next++) offsets[next] = (previous.offsets[next] as number) + shift;
      const start = previous.offsets[i] as number;
      const end = previous.offsets[i + 1] as number;
      const replacement = Buffer.from(this.fragment(devices[i] as Device), 'utf8');
      pieces.push(previous.bytes.subarray(copiedUpTo, start), replacement);
      copiedUpTo = end;
      shift += replacement.length - (end - start);
    }
    for (; next <= n; next++) offsets[next] = (previous.offsets[next] as number) + shift;
    pieces.push(previous.bytes.subarray(copiedUpTo));
    return { devices, bytes: Buffer.concat(pieces, previous.bytes.length + shift), offsets };
  }
}
