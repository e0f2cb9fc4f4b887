// Over 400 lines on purpose: one index of flat arrays kept in step by deltas; its slots, sort keys and
// filters share the same private arrays (being reworked by the lead; see issue 10).
// The device list as the table queries it, built for 100,000 devices and kept in step by deltas.
//
// Each device has a slot: its search text, status rank and sort keys are computed once per change to
// that device and kept in flat arrays (numbers in typed arrays), never per keystroke or per click.
// - Names are ranked once (one string sort at load, then binary insertion for the few that a poll
//   changes): every order breaks ties on that rank, so sorting compares numbers only.
// - An order is sorted once per sort key and direction and then kept: a poll that changes five devices
//   moves those five (binary search + splice), it does not re-sort 100,000.
// - Status counts, OS counts and per-folder counts are adjusted per changed device.
// Orders and filters produce ids in the end (what the table and selections use), in one pass.

import type { DataChange } from '../../shared/ipc/contract.js';
import type { Device, Id } from '../../shared/model.js';
import { enumValue } from '../../shared/model.js';
import {
  deviceSearchText,
  statusKind,
  type DeviceFilter,
  type DeviceSort,
  type DeviceSortKey,
  type StatusCounts,
  type StatusFilter,
} from './device-query.js';

const STATUS_RANK: Record<Exclude<StatusFilter, 'all'>, number> = {
  online: 0,
  busy: 1,
  offline: 2,
  unknown: 3,
};
const STATUS_OF_RANK = ['online', 'busy', 'offline', 'unknown'] as const;

/** Beyond this many records in one delta, orders are rebuilt rather than patched. */
const PATCH_LIMIT = 5_000;
/** Orders kept besides the one in use (each costs one O(n) merge per delta). */
const KEPT_ORDERS = 4;

/** `kept` (sorted, without the moved slots) merged with `moved` (any order): O(n + k log k). */
function mergeSorted(
  kept: readonly number[],
  moved: number[],
  compare: (a: number, b: number) => number,
): number[] {
  moved.sort(compare);
  const out = new Array<number>(kept.length + moved.length);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < kept.length && j < moved.length)
    out[o++] = compare(kept[i]!, moved[j]!) <= 0 ? kept[i++]! : moved[j++]!;
  while (i < kept.length) out[o++] = kept[i++]!;
  while (j < moved.length) out[o++] = moved[j++]!;
  return out;
}

export interface FolderDirectCounts {
  total: number;
  online: number;
}

function ipv4Number(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

/** A sort value: a number, a string compared as text, or null (sorts last in both directions). */
type Key = number | string | null;
/** undefined: not computed yet for that slot. */
type Keys = Array<Key | undefined>;

export class DeviceIndex {
  readonly #slotOf = new Map<Id, number>();
  #ids: Array<Id | undefined> = [];
  #devices: Array<Device | undefined> = [];
  #text: string[] = [];
  #name: string[] = [];
  #status = new Uint8Array(1024);
  readonly #free: number[] = [];
  /** Live slots sorted by (name, id); null when it must be rebuilt. */
  #nameOrder: number[] | null = [];
  /** Per slot: the group of its lower-case name in #nameOrder (equal names share a group). */
  #nameRank = new Float64Array(1024);
  /** Orders by sort key and direction, kept for the current name ranks. */
  #orders = new Map<string, number[]>();
  /** Sort keys per sort key, per slot; dropped and recomputed for a device when it changes. */
  #keys = new Map<DeviceSortKey, Keys>();
  #folderName: (id: Id) => string | undefined = () => undefined;
  readonly counts: StatusCounts = { online: 0, offline: 0, busy: 0, unknown: 0, total: 0 };
  readonly #oses = new Map<string, number>();
  /** Devices per folder id (null: no folder), with their online count. */
  readonly direct = new Map<Id | null, FolderDirectCounts>();

  get size(): number {
    return this.#slotOf.size;
  }

  get(id: Id): Device | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#devices[slot];
  }

  searchText(id: Id): string | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#text[slot];
  }

  oses(): string[] {
    return [...this.#oses.keys()].sort();
  }

  /** Folder names feed the folder sort: when they change, that order and its keys go. */
  setFolderNames(folderName: (id: Id) => string | undefined): void {
    this.#folderName = folderName;
    this.#keys.delete('folder');
    for (const k of [...this.#orders.keys()]) if (k.startsWith('folder|')) this.#orders.delete(k);
  }

  /** Applies a change of the devices dataset; the records are the ones now in the data store. */
  apply(change: Pick<DataChange<'devices'>, 'reset' | 'added' | 'changed' | 'removed'>): void {
    if (change.reset) this.#clear();
    const touched = change.added.length + change.changed.length + change.removed.length;
    const patch = !change.reset && touched <= PATCH_LIMIT && this.#nameOrder !== null;
    const moved: number[] = [];
    const renamed: number[] = [];
    for (const id of change.removed) {
      const slot = this.#slotOf.get(id);
      if (slot === undefined) continue;
      this.#account(slot, -1);
      this.#slotOf.delete(id);
      this.#ids[slot] = undefined;
      this.#devices[slot] = undefined;
      this.#text[slot] = '';
      this.#free.push(slot);
      moved.push(slot);
    }
    for (const list of [change.added, change.changed]) {
      for (const device of list) {
        let slot = this.#slotOf.get(device.id);
        const before = slot === undefined ? undefined : this.#devices[slot];
        if (slot === undefined) {
          slot = this.#free.pop() ?? this.#ids.length;
          this.#slotOf.set(device.id, slot);
          this.#ensure(slot + 1);
        } else this.#account(slot, -1);
        this.#ids[slot] = device.id;
        this.#devices[slot] = device;
        this.#text[slot] = deviceSearchText(device);
        const name = device.name ? device.name.toLowerCase() : '';
        if (before === undefined || this.#name[slot] !== name) renamed.push(slot);
        this.#name[slot] = name;
        this.#status[slot] = STATUS_RANK[statusKind(device)];
        this.#account(slot, 1);
        for (const keys of this.#keys.values()) keys[slot] = undefined;
        moved.push(slot);
      }
    }
    if (!patch) {
      this.#nameOrder = null;
      this.#orders.clear();
      this.#keys.clear();
      return;
    }
    if (renamed.length > 0 || change.removed.length > 0)
      this.#patchNameOrder(renamed, change.removed.length > 0);
    this.#patchOrders(moved);
  }

  /** Every device id in the order `sort` asks for. */
  sorted(sort: DeviceSort): Id[] {
    const order = this.#order(sort);
    const out = new Array<Id>(order.length);
    for (let i = 0; i < order.length; i++) out[i] = this.#ids[order[i]!]!;
    return out;
  }

  /**
   * The ids of `order` (ids in display order) that pass the filter. `folderIds`: the folders the folder
   * selection stands for; `knownFolder`: whether the tree knows a folder (unknown ones count as none).
   */
  filter(
    order: readonly Id[],
    filter: DeviceFilter,
    folderIds: ReadonlySet<Id> | null,
    knownFolder: (id: Id) => boolean,
  ): Id[] {
    const needle = filter.text.trim().toLowerCase();
    const terms = needle ? needle.split(/\s+/) : [];
    const status = filter.status === 'all' ? -1 : STATUS_RANK[filter.status];
    const out: Id[] = [];
    for (const id of order) {
      const slot = this.#slotOf.get(id);
      if (slot === undefined) continue;
      if (status >= 0 && this.#status[slot] !== status) continue;
      const d = this.#devices[slot]!;
      if (filter.os !== 'all' && (d.os === null ? '' : enumValue(d.os)) !== filter.os) continue;
      if (filter.folder.kind === 'unassigned') {
        if (d.folderId !== null && knownFolder(d.folderId)) continue;
      } else if (filter.folder.kind === 'folder') {
        if (d.folderId === null || !folderIds?.has(d.folderId)) continue;
      }
      if (terms.length) {
        const text = this.#text[slot]!;
        let all = true;
        for (const term of terms)
          if (!text.includes(term)) {
            all = false;
            break;
          }
        if (!all) continue;
      }
      out.push(id);
    }
    return out;
  }

  // ---- internals ---------------------------------------------------------------------------------------

  #clear(): void {
    this.#slotOf.clear();
    this.#ids = [];
    this.#devices = [];
    this.#text = [];
    this.#name = [];
    this.#free.length = 0;
    this.#nameOrder = [];
    this.#orders.clear();
    this.#keys.clear();
    this.#oses.clear();
    this.direct.clear();
    Object.assign(this.counts, { online: 0, offline: 0, busy: 0, unknown: 0, total: 0 });
  }

  #ensure(length: number): void {
    if (length <= this.#status.length) return;
    let size = this.#status.length;
    while (size < length) size *= 2;
    const status = new Uint8Array(size);
    status.set(this.#status);
    this.#status = status;
    const rank = new Float64Array(size);
    rank.set(this.#nameRank);
    this.#nameRank = rank;
  }

  /** Adds (+1) or takes away (-1) one slot's device from the counts. */
  #account(slot: number, sign: 1 | -1): void {
    const d = this.#devices[slot];
    if (!d) return;
    const kind = STATUS_OF_RANK[this.#status[slot]!]!;
    this.counts[kind] += sign;
    this.counts.total += sign;
    if (d.os !== null) {
      const os = enumValue(d.os);
      const n = (this.#oses.get(os) ?? 0) + sign;
      if (n > 0) this.#oses.set(os, n);
      else this.#oses.delete(os);
    }
    let c = this.direct.get(d.folderId);
    if (!c) this.direct.set(d.folderId, (c = { total: 0, online: 0 }));
    c.total += sign;
    if (kind === 'online') c.online += sign;
    if (c.total === 0) this.direct.delete(d.folderId);
  }

  #compareNames(a: number, b: number): number {
    const na = this.#name[a]!;
    const nb = this.#name[b]!;
    if (na !== nb) return na < nb ? -1 : 1;
    const ia = this.#ids[a]!;
    const ib = this.#ids[b]!;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  }

  #nameOrderNow(): number[] {
    if (this.#nameOrder === null) {
      const order: number[] = [];
      for (const slot of this.#slotOf.values()) order.push(slot);
      order.sort((a, b) => this.#compareNames(a, b));
      this.#nameOrder = order;
      this.#rankNames();
    }
    return this.#nameOrder;
  }

  /** Equal names share a rank; ranks grow with the name. */
  #rankNames(): void {
    const order = this.#nameOrder!;
    let rank = 0;
    for (let i = 0; i < order.length; i++) {
      const slot = order[i]!;
      if (i > 0 && this.#name[order[i - 1]!] !== this.#name[slot]) rank++;
      this.#nameRank[slot] = rank;
    }
  }

  #patchNameOrder(renamed: readonly number[], anyRemoved: boolean): void {
    const moving = new Set(renamed);
    let order = this.#nameOrder!;
    if (moving.size > 0 || anyRemoved)
      order = order.filter((s) => !moving.has(s) && this.#ids[s] !== undefined);
    const live = [...moving].filter((s) => this.#ids[s] !== undefined);
    this.#nameOrder = mergeSorted(order, live, (a, b) => this.#compareNames(a, b));
    // Ranks of other names may shift, but never their relative order: the other kept orders stay valid
    // except for the moved devices, which #patchOrders places again. The name orders are cheap to derive.
    this.#rankNames();
    this.#orders.delete('name|asc');
    this.#orders.delete('name|desc');
  }

  #patchOrders(moved: readonly number[]): void {
    if (this.#orders.size === 0 || moved.length === 0) return;
    const set = new Set(moved);
    const live = [...set].filter((s) => this.#ids[s] !== undefined);
    // The name orders are derived from the (patched) name order in one pass; it puts names last that
    // the comparator (which ranks '' first) would not.
    this.#orders.delete('name|asc');
    this.#orders.delete('name|desc');
    for (const [k, order] of this.#orders) {
      const [key, direction] = k.split('|') as [DeviceSortKey, 'asc' | 'desc'];
      const kept = order.filter((s) => !set.has(s));
      this.#orders.set(k, mergeSorted(kept, live.slice(), this.#comparator({ key, direction })));
    }
  }

  #order(sort: DeviceSort): number[] {
    const names = this.#nameOrderNow();
    const k = `${sort.key}|${sort.direction}`;
    let order = this.#orders.get(k);
    if (order) {
      // Most recently used last: the oldest kept order is the first to go.
      this.#orders.delete(k);
    } else if (sort.key === 'name') {
      // Devices without a name sort last in both directions, by id.
      let firstNamed = 0;
      while (firstNamed < names.length && this.#name[names[firstNamed]!] === '') firstNamed++;
      const named = names.slice(firstNamed);
      order = sort.direction === 'asc' ? named : this.#nameDesc(named);
      for (let i = 0; i < firstNamed; i++) order.push(names[i]!);
    } else {
      order = names.slice();
      order.sort(this.#comparator(sort));
    }
    this.#orders.set(k, order);
    while (this.#orders.size > KEPT_ORDERS) this.#orders.delete(this.#orders.keys().next().value!);
    return order;
  }

  /** Name descending, equal names still by id ascending (as every other order breaks its ties). */
  #nameDesc(names: readonly number[]): number[] {
    const out: number[] = [];
    let end = names.length;
    while (end > 0) {
      let start = end - 1;
      while (start > 0 && this.#nameRank[names[start - 1]!] === this.#nameRank[names[end - 1]!]) start--;
      for (let i = start; i < end; i++) out.push(names[i]!);
      end = start;
    }
    return out;
  }

  #comparator(sort: DeviceSort): (a: number, b: number) => number {
    const keys = sort.key === 'name' ? null : this.#keysFor(sort.key);
    const dir = sort.direction === 'asc' ? 1 : -1;
    const rank = this.#nameRank;
    const ids = this.#ids;
    return (a, b) => {
      if (keys) {
        let va = keys[a];
        if (va === undefined) va = this.#key(sort.key, a, keys);
        let vb = keys[b];
        if (vb === undefined) vb = this.#key(sort.key, b, keys);
        if (va !== vb) {
          if (va === null) return 1;
          if (vb === null) return -1;
          // Numbers (IPv4 addresses) before text (anything else in the same column).
          if (typeof va !== typeof vb) return (typeof va === 'number' ? -1 : 1) * dir;
          return (va < vb ? -1 : 1) * dir;
        }
      }
      const ra = rank[a]!;
      const rb = rank[b]!;
      if (ra !== rb) return (ra - rb) * dir;
      const ia = ids[a]!;
      const ib = ids[b]!;
      return ia < ib ? -1 : ia > ib ? 1 : 0;
    };
  }

  #keysFor(key: DeviceSortKey): Keys {
    let keys = this.#keys.get(key);
    if (!keys) this.#keys.set(key, (keys = []));
    return keys;
  }

  #key(key: DeviceSortKey, slot: number, keys: Keys): Key {
    const d = this.#devices[slot]!;
    let v: Key;
    switch (key) {
      case 'name':
        v = d.name ? d.name.toLowerCase() : null;
        break;
      case 'alias':
        v = d.alias ? d.alias.toLowerCase() : null;
        break;
      case 'status':
        v = this.#status[slot]!;
        break;
      case 'os':
        v = d.os ? enumValue(d.os).toLowerCase() : null;
        break;
      case 'ip': {
        // IPv4 numerically, anything else as text after all of them.
        const n = d.ip ? ipv4Number(d.ip) : null;
        v = n !== null ? n : d.ip ? `~${d.ip.toLowerCase()}` : null;
        break;
      }
      case 'lastRefresh': {
        const ms = d.lastRefresh ? Date.parse(d.lastRefresh) : NaN;
        v = Number.isNaN(ms) ? null : ms;
        break;
      }
      case 'folder':
        v = d.folderId !== null ? (this.#folderName(d.folderId)?.toLowerCase() ?? null) : null;
        break;
    }
    keys[slot] = v;
    return v;
  }
}
