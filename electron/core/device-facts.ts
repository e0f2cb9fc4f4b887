// What the main thread keeps of each device: its folder and what a notice calls it, by column. The alerts
// and the tray read them in a poll's own turn (whose folder went down, which watched device is offline,
// how many devices a folder holds), so they must be at hand; the device itself is its owner's, the poll
// worker's (devices-owner.ts), and the status is the history's (status-history/status-index.ts).
//
// Before, the Picture kept a digest object per device (id, name, alias, status, last refresh, folder) in a
// Map: at 100,000 devices ~20 MB of this thread's live heap, and a surviving object per device in every
// part, which is what grows a young generation. Here a device is one slot: a folder code in a typed array
// and one label string (the alias, else the name), and each folder's size is kept as the devices come
// rather than counted over every device when an outage is weighed.

import { deviceLabel } from '../../shared/device-fields.js';
import type { Device, Id } from '../../shared/model.js';
import { grownColumn } from '../../shared/typed-columns.js';

/** What a fact is made of: any device-shaped record (a device, a part's digest). */
export type DeviceFactSource = Pick<Device, 'id' | 'name' | 'alias' | 'folderId'>;

const NO_FOLDER = -1;
const FIRST_CAPACITY = 1024;

export class DeviceFacts {
  readonly #slotOf = new Map<Id, number>();
  #labels: Array<string | null> = [];
  #folders = new Int32Array(FIRST_CAPACITY);
  /** Slots a deletion emptied, taken again before the end grows (no iteration order to keep here). */
  #free: number[] = [];
  #end = 0;
  #folderIds: Id[] = [];
  #folderCodes = new Map<Id, number>();
  /** Devices per folder code. */
  #counts: number[] = [];

  get size(): number {
    return this.#slotOf.size;
  }

  has(id: Id): boolean {
    return this.#slotOf.has(id);
  }

  /** The device's folder; null: it is in none; undefined: no such device is held. */
  folderOf(id: Id): Id | null | undefined {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return undefined;
    const code = this.#folders[slot]!;
    return code === NO_FOLDER ? null : this.#folderIds[code]!;
  }

  /** The device's alias, else its name; null: neither, or no such device is held. */
  labelOf(id: Id): string | null {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? null : this.#labels[slot]!;
  }

  /** How many devices each folder holds itself (not its subfolders); folders with none are absent. */
  folderSizes(): Map<Id, number> {
    const sizes = new Map<Id, number>();
    this.#counts.forEach((n, code) => {
      if (n > 0) sizes.set(this.#folderIds[code]!, n);
    });
    return sizes;
  }

  /** The devices held in any of `folders` (a folder's history export: the folder and those under it). */
  idsInFolders(folders: ReadonlySet<Id>): Id[] {
    const codes = new Set<number>();
    for (const folderId of folders) {
      const code = this.#folderCodes.get(folderId);
      if (code !== undefined) codes.add(code);
    }
    const ids: Id[] = [];
    if (codes.size === 0) return ids;
    for (const [id, slot] of this.#slotOf) if (codes.has(this.#folders[slot]!)) ids.push(id);
    return ids;
  }

  /** Puts the device in, or updates it (a rename, a move). */
  put(d: DeviceFactSource): void {
    let slot = this.#slotOf.get(d.id);
    if (slot === undefined) {
      slot = this.#free.pop() ?? this.#end++;
      if (slot >= this.#folders.length) this.#folders = grownColumn(this.#folders, this.#folders.length * 2);
      this.#slotOf.set(d.id, slot);
    } else this.#uncount(slot);
    const code = d.folderId === null ? NO_FOLDER : this.#folderCode(d.folderId);
    this.#folders[slot] = code;
    if (code !== NO_FOLDER) this.#counts[code] = (this.#counts[code] ?? 0) + 1;
    this.#labels[slot] = deviceLabel(d);
  }

  delete(id: Id): boolean {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return false;
    this.#uncount(slot);
    this.#slotOf.delete(id);
    this.#labels[slot] = null;
    this.#folders[slot] = NO_FOLDER;
    this.#free.push(slot);
    return true;
  }

  clear(): void {
    this.#slotOf.clear();
    this.#labels = [];
    this.#folders = new Int32Array(FIRST_CAPACITY);
    this.#free = [];
    this.#end = 0;
    // Folder codes too: a long run of sign-ins to other accounts must not keep every folder ever met.
    this.#folderIds = [];
    this.#folderCodes = new Map();
    this.#counts = [];
  }

  #uncount(slot: number): void {
    const code = this.#folders[slot]!;
    if (code !== NO_FOLDER) this.#counts[code]! -= 1;
  }

  #folderCode(folderId: Id): number {
    let code = this.#folderCodes.get(folderId);
    if (code === undefined) {
      code = this.#folderIds.length;
      this.#folderIds.push(folderId);
      this.#folderCodes.set(folderId, code);
    }
    return code;
  }
}
