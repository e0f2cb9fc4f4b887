// GET /devices.xml for 100,000 devices: tens of MB of XML. Each device's element is kept per record (records
// are replaced on change, so identity tells what changed) and the whole document as bytes until the next
// change, so a list after a few status changes re-encodes only those devices.
import type { Device } from '../../shared/model.js';
import { deviceXml } from '../../shared/xml/resources.js';
import { XML_DECLARATION } from '../../shared/xml/index.js';

export class DeviceListCache {
  // By id, checked by identity: a plain Map, because a WeakMap of 100,000 keys (an ephemeron table) makes
  // every garbage collection of the whole process slower.
  private readonly fragments = new Map<string, { device: Device; xml: string }>();
  private whole: { devices: readonly Device[]; bytes: Buffer } | null = null;

  /** All devices: the store hands out the same array until a device changes, so the bytes are kept for it. */
  encodeAll(devices: readonly Device[]): Buffer {
    if (this.whole?.devices === devices) return this.whole.bytes;
    const bytes = this.encodeList(devices);
    this.whole = { devices, bytes };
    return bytes;
  }

  /** A `<devices>` document of these devices, from the per-device cache. */
  encodeList(devices: readonly Device[]): Buffer {
    const parts: string[] = new Array(devices.length);
    for (let i = 0; i < devices.length; i++) {
      const device = devices[i] as Device;
      const cached = this.fragments.get(device.id);
      if (cached?.device === device) {
        parts[i] = cached.xml;
      } else {
        const xml = deviceXml(device);
        this.fragments.set(device.id, { device, xml });
        parts[i] = xml;
      }
    }
    const inner = parts.join('');
    return Buffer.from(
      XML_DECLARATION + (inner === '' ? '<devices/>' : `<devices>${inner}</devices>`),
      'utf8',
    );
  }
}
