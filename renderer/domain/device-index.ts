// Over 400 lines on purpose: one index of flat arrays kept in step by deltas; its slots, sort orders,
// search entries and filters share the same private arrays.
// The device list as the table queries it, built for 100,000 devices and kept in step by deltas.
//
// Each device has a slot: its search entry (device-search.ts), status rank and sort keys are computed once
// per change to that device and kept in flat arrays, never per keystroke or per click.
// - Names are ranked once (one string sort at load, then binary insertion for the few that a poll
//   changes): every order breaks ties on that rank, so a sort compares a key and then numbers.
// - Any grid column sorts here, through its `sortValue` in the column table (device-columns.ts). An
//   ascending order is built once per column and then kept (up to KEPT_ORDERS of them), without comparing
//   devices: numbers by a radix pass over their bits, text by the rank of its distinct strings, each
//   stable over the name order (orderByValue in slot-order.ts); a first click at 100,000 devices is a few
//   linear passes. The descending order is derived from it in one pass. A kept order is patched only when
//   it is asked for: the slots that deltas moved since it was last used are taken out and merged back in
//   (O(n + k log k)), so a poll costs one merge for the order on screen, not one per kept order, and a
//   click back to a column sorted before costs a pass over the ids, not a sort.
// - Status counts, OS counts and per-folder counts are adjusted per changed device.
// - `query` walks an order once, testing slots (status, OS, folder, search, saved view) and yields ids.
//   A search that names text every match holds (SearchPredicate.needle) first finds the slots holding it
//   in the entries' texts joined a chunk at a time (search-haystack.ts), and tests only those.

import type { DataChange } from '../../shared/ipc/contract.js';
import type { Device, Id } from '../../shared/model.js';
import { enumValue } from '../../shared/model.js';
import {
  columnByKey,
  columnContext,
  compareSortValues,
  type ColumnContext,
  type DeviceColumn,
} from './device-columns.js';
import { type DeviceFilter, type DeviceSort, type StatusCounts } from './device-query.js';
import { STATUS_ORDER, STATUS_RANK, statusKind } from './device-status.js';
import { searchEntry, type SearchEntry, type SearchPredicate } from './device-search.js';
import { SearchHaystack } from './search-haystack.js';
import { mergeSorted, orderByValue, patchOrder, type Keys } from './slot-order.js';
import { defaultOrderName } from '../../shared/device-order.js';

/** Beyond this many records moved since an order was used, it is sorted again rather than patched. */
const PATCH_LIMIT = 5_000;
/** Ascending orders kept (each ~0.8 MB at 100,000 devices; patched only when used). */
const KEPT_ORDERS = 8;
/**
 * Devices up to which orders are built ahead in idle turns (warmOrders). An order is one task: 10-20 ms at
 * 100,000 devices, but about 50 ms at 300,000, where it was a long task in the saved views' update window
 * (views_20_update_ms 51 ms at 300,000); above this a first click builds its order, as before.
 */
const WARM_ORDERS_UP_TO = 150_000;

/** What `query` keeps: the toolbar's structural filter, the compiled search and the active saved view. */
export interface DeviceQuery {
  filter: Pick<DeviceFilter, 'status' | 'os' | 'folder'>;
  /** The folders a folder selection stands for (with or without sub-folders). */
  folderIds: ReadonlySet<Id> | null;
  /** Whether the tree knows a folder (devices in unknown folders count as unassigned). */
  knownFolder: (id: Id) => boolean;
  search: SearchPredicate | null;
  view: ((d: Device, e: SearchEntry) => boolean) | null;
}

export interface FolderDirectCounts {
  total: number;
  online: number;
}

interface KeptOrder {
  slots: number[];
  /** The delta sequence number the order is right for. */
  seq: number;
}

/**
 * The renderer's devices, their one copy: read by id or walked as a map (DataState.devices is the index
 * itself), changed only by `apply`. Walking visits slot order: a device keeps its slot while it stays.
 */
export class DeviceIndex implements ReadonlyMap<Id, Device> {
  readonly #slotOf = new Map<Id, number>();
  #ids: Array<Id | undefined> = [];
  #devices: Array<Device | undefined> = [];
  #entries: Array<SearchEntry | undefined> = [];
  /** The entries' texts by chunk of slots; a built chunk's slots have entries whose texts are its slices. */
  readonly #hay: SearchHaystack;
  #name: string[] = [];
  #status = new Uint8Array(1024);
  readonly #free: number[] = [];
  /** Live slots sorted by (name, id); null when it must be rebuilt. */
  #nameOrder: number[] | null = [];
  /** Per slot: the group of its lower-case name in #nameOrder (equal names share a group). */
  #nameRank = new Float64Array(1024);
  /** #nameRank no longer matches #nameOrder: ranked again when next read (#ranks), not per delta. */
  #ranksStale = false;
  /** Ascending orders by column key, most recently used last. */
  readonly #orders = new Map<string, KeptOrder>();
  /** The slots each delta moved, by sequence number, back to the oldest kept order's. */
  #moves: Array<{ seq: number; slots: number[] }> = [];
  #seq = 0;
  /** Changes whenever a slot gets or loses its device (the ids behind an order may then differ). */
  #membership = 0;
  #sortedIds: { order: number[]; membership: number; ids: Id[] } | null = null;
  #lastDesc: { key: string; from: number[]; slots: number[] } | null = null;
  /** The last name order asked for, and the #nameOrder it was made from. */
  #byName: { names: number[]; direction: DeviceSort['direction']; order: number[] } | null = null;
  /** Sort keys per column, per slot; dropped for a device when it changes. */
  readonly #keys = new Map<string, Keys>();
  /** Per column: the slots below this one have their sort key (see warmKeys). */
  readonly #keysWarmed = new Map<string, number>();
  #folderName: (id: Id) => string | undefined = () => undefined;
  /** The folder names the search entries and folder keys were built with. */
  readonly #namesUsed = new Map<Id, string | undefined>();
  /** Sort keys read the device and its folder's name only (volatile columns are not kept here). */
  readonly #keyContext: ColumnContext = columnContext({
    folderName: (id) => this.#folderNameUsed(id),
    fetchedAt: null,
    since: null,
    now: 0,
  });
  readonly counts: StatusCounts = { online: 0, offline: 0, busy: 0, unknown: 0, total: 0 };
  readonly #oses = new Map<string, number>();
  /** Devices per folder id (null: no folder), with their online count. */
  readonly direct = new Map<Id | null, FolderDirectCounts>();

  /** Called with each device as it comes in, before it is kept (the store shares its repeated strings). */
  readonly #intern: ((device: Device) => void) | undefined;

  /**
   * `searchChunk`: slots per chunk of the search's joined texts (search-haystack.ts); small in tests.
   * `intern`: called with each device that `apply` keeps, in the same pass.
   */
  constructor(options: { searchChunk?: number; intern?: (device: Device) => void } = {}) {
    this.#hay = new SearchHaystack(options.searchChunk);
    this.#intern = options.intern;
  }

  get size(): number {
    return this.#slotOf.size;
  }

  get(id: Id): Device | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#devices[slot];
  }

  has(id: Id): boolean {
    return this.#slotOf.has(id);
  }

  *entries(): MapIterator<[Id, Device]> {
    for (let slot = 0; slot < this.#ids.length; slot++) {
      const device = this.#devices[slot];
      if (device !== undefined) yield [device.id, device];
    }
  }

  *keys(): MapIterator<Id> {
    for (let slot = 0; slot < this.#ids.length; slot++) {
      const id = this.#ids[slot];
      if (id !== undefined) yield id;
    }
  }

  *values(): MapIterator<Device> {
    for (let slot = 0; slot < this.#ids.length; slot++) {
      const device = this.#devices[slot];
      if (device !== undefined) yield device;
    }
  }

  [Symbol.iterator](): MapIterator<[Id, Device]> {
    return this.entries();
  }

  forEach(callback: (device: Device, id: Id, map: ReadonlyMap<Id, Device>) => void, thisArg?: unknown): void {
    for (const [id, device] of this.entries()) callback.call(thisArg, device, id, this);
  }

  /** The device's search entry (built now if it was not yet). */
  entry(id: Id): SearchEntry | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#entryAt(slot);
  }

  /**
   * Builds missing search entries, a chunk of the search's joined texts at a time, until `more()` says
   * stop; true when none is missing.
   */
  warmEntries(more: () => boolean): boolean {
    const chunks = Math.ceil(this.#ids.length / this.#hay.chunkSize);
    for (let c = 0; c < chunks; c++) {
      if (this.#hay.built(c)) continue;
      if (!more()) return false;
      this.#buildChunk(c);
    }
    return true;
  }

  /**
   * Builds the missing sort keys of `columns` (those this index keeps orders of; the name has its rank)
   * until `more()` says stop; true when none is missing. A first click on a header then only orders them:
   * at 100,000 devices building the keys was a third of the IP column's first click (27 of 82 ms, profiled).
   */
  warmKeys(columns: readonly string[], more: () => boolean): boolean {
    const n = this.#ids.length;
    for (const key of columns) {
      const column = columnByKey(key);
      if (key === 'name' || !column || !DeviceIndex.sorts(key)) continue;
      let slot = this.#keysWarmed.get(key) ?? 0;
      if (slot >= n) continue;
      const keys = this.#keysOf(key, n);
      for (; slot < n; slot++) {
        if ((slot & 255) === 0 && !more()) {
          this.#keysWarmed.set(key, slot);
          return false;
        }
        if (this.#ids[slot] !== undefined) this.#fill(keys, column, slot);
      }
      this.#keysWarmed.set(key, slot);
    }
    return true;
  }

  /**
   * Builds the ascending orders of `columns` that are not kept (their keys warmed first: warmKeys), one
   * column per `more()`, while fewer than KEPT_ORDERS are kept and the list has at most WARM_ORDERS_UP_TO
   * devices; true when none is missing. A first click on such a header is then a kept order patched with
   * what moved since (100,000 addresses radix-sorted cold were 60 ms of the IP column's first click,
   * profiled). An order takes one step (5-20 ms at 100,000 devices), and none is built that would push out
   * one kept: shown columns past KEPT_ORDERS wait for their click.
   */
  warmOrders(columns: readonly string[], more: () => boolean): boolean {
    // No list sorted yet: nothing to stand on. Too many devices: an order would be a long task.
    if (this.#nameOrder === null || this.#nameOrder.length > WARM_ORDERS_UP_TO) return true;
    for (const key of columns) {
      if (key === 'name' || !DeviceIndex.sorts(key) || this.#orders.has(key)) continue;
      if (this.#orders.size >= KEPT_ORDERS - 1) return true;
      if (!more()) return false;
      this.#ascending(key, this.#nameOrderNow());
    }
    return true;
  }

  oses(): string[] {
    return [...this.#oses.keys()].sort();
  }

  /** Whether `sorted`/`query` can order by this column (it sorts by the device and its folder's name). */
  static sorts(key: string): boolean {
    return key === 'name' || columnByKey(key)?.volatile !== true;
  }

  /**
   * Folder names feed the search entries and the folder sort: the entries and keys built with a name
   * that changed are dropped (rebuilt when next needed).
   */
  setFolderNames(folderName: (id: Id) => string | undefined): void {
    this.#folderName = folderName;
    const changed = new Set<Id>();
    for (const [id, used] of this.#namesUsed) if (folderName(id) !== used) changed.add(id);
    if (changed.size === 0) return;
    for (const id of changed) this.#namesUsed.delete(id);
    for (let slot = 0; slot < this.#devices.length; slot++) {
      const folderId = this.#devices[slot]?.folderId;
      if (folderId != null && changed.has(folderId)) this.#dropEntry(slot);
    }
    this.#keys.delete('folder');
    this.#keysWarmed.delete('folder');
    this.#orders.delete('folder');
    if (this.#lastDesc?.key === 'folder') this.#lastDesc = null;
  }

  /**
   * Applies a change of the devices dataset: the index then holds its devices (added and changed kept as
   * given, after `intern`). Returns the ids of the devices it no longer holds: the removed ones it had, or
   * after a reset those it had that the reset does not bring back.
   */
  apply(change: Pick<DataChange<'devices'>, 'reset' | 'added' | 'changed' | 'removed'>): Id[] {
    const gone: Id[] = [];
    if (change.reset) {
      if (this.#slotOf.size > 0) {
        const next = new Set<Id>();
        for (const device of change.added) next.add(device.id);
        for (const id of this.#slotOf.keys()) if (!next.has(id)) gone.push(id);
      }
      this.#clear();
    }
    const touched = change.added.length + change.changed.length + change.removed.length;
    const patch = !change.reset && touched <= PATCH_LIMIT && this.#nameOrder !== null;
    const moved: number[] = [];
    const renamed: number[] = [];
    /** A device already in the name order was renamed (a new one is not in it yet). */
    let renamedInOrder = false;
    for (const id of change.removed) {
      const slot = this.#slotOf.get(id);
      if (slot === undefined) continue;
      gone.push(id);
      this.#account(slot, -1);
      this.#slotOf.delete(id);
      this.#ids[slot] = undefined;
      this.#devices[slot] = undefined;
      this.#dropEntry(slot);
      this.#free.push(slot);
      this.#membership++;
      moved.push(slot);
    }
    for (const list of [change.added, change.changed]) {
      for (const device of list) {
        this.#intern?.(device);
        let slot = this.#slotOf.get(device.id);
        const before = slot === undefined ? undefined : this.#devices[slot];
        if (slot === undefined) {
          slot = this.#free.pop() ?? this.#ids.length;
          this.#slotOf.set(device.id, slot);
          this.#membership++;
          this.#ensure(slot + 1);
        } else this.#account(slot, -1);
        this.#ids[slot] = device.id;
        this.#devices[slot] = device;
        this.#dropEntry(slot);
        const name = defaultOrderName(device.name);
        if (before === undefined || this.#name[slot] !== name) {
          renamed.push(slot);
          if (before !== undefined) renamedInOrder = true;
        }
        this.#name[slot] = name;
        this.#status[slot] = STATUS_RANK[statusKind(device)];
        this.#account(slot, 1);
        for (const keys of this.#keys.values()) keys[slot] = undefined;
        moved.push(slot);
      }
    }
    this.#lastDesc = null;
    let lowest = Infinity;
    for (const slot of moved) if (slot < lowest) lowest = slot;
    for (const [key, warmed] of this.#keysWarmed) if (lowest < warmed) this.#keysWarmed.set(key, lowest);
    if (!patch) {
      this.#nameOrder = null;
      this.#orders.clear();
      this.#moves = [];
      this.#keys.clear();
      this.#keysWarmed.clear();
      return gone;
    }
    if (renamed.length > 0 || change.removed.length > 0)
      this.#patchNameOrder(renamed, renamedInOrder || change.removed.length > 0);
    if (moved.length > 0 && this.#orders.size > 0) {
      this.#moves.push({ seq: ++this.#seq, slots: moved });
      this.#dropStaleOrders();
    }
    return gone;
  }

  /**
   * Drops the kept orders more than PATCH_LIMIT moves behind (they would be sorted again when used), with
   * the moves kept for them only: orders warmed but never clicked would otherwise hold every poll's moves.
   */
  #dropStaleOrders(): void {
    let behind = 0;
    for (let i = this.#moves.length - 1; i >= 0; i--) {
      behind += this.#moves[i]!.slots.length;
      if (behind <= PATCH_LIMIT) continue;
      const seq = this.#moves[i]!.seq;
      for (const [key, kept] of this.#orders) if (kept.seq < seq) this.#orders.delete(key);
      this.#moves = this.#moves.slice(i + 1);
      return;
    }
  }

  /** Every device id in the order `sort` asks for. */
  sorted(sort: DeviceSort): Id[] {
    const order = this.#order(sort);
    const cached = this.#sortedIds;
    // A poll that moved nothing in this order keeps its array (patchOrder): so do its ids.
    if (cached?.order === order && cached.membership === this.#membership) return cached.ids;
    const ids = new Array<Id>(order.length);
    for (let i = 0; i < order.length; i++) ids[i] = this.#ids[order[i]!]!;
    this.#sortedIds = { order, membership: this.#membership, ids };
    return ids;
  }

  /** The ids, in the order `sort` asks for, of the devices that pass `q`. */
  query(sort: DeviceSort, q: DeviceQuery): Id[] {
    const passed = this.#match(q);
    const order = this.#order(sort);
    const out: Id[] = [];
    for (const slot of order) if (passed[slot] === 1) out.push(this.#ids[slot]!);
    return out;
  }

  /** The ids of `order` (ids in any order, e.g. a column sorted elsewhere) that pass `q`. */
  filterIds(order: readonly Id[], q: DeviceQuery): Id[] {
    const passed = this.#match(q);
    const out: Id[] = [];
    for (const id of order) {
      const slot = this.#slotOf.get(id);
      if (slot !== undefined && passed[slot] === 1) out.push(id);
    }
    return out;
  }

  // ---- internals ---------------------------------------------------------------------------------------

  #clear(): void {
    this.#membership++;
    this.#slotOf.clear();
    this.#ids = [];
    this.#devices = [];
    this.#entries = [];
    this.#hay.clear();
    this.#name = [];
    this.#free.length = 0;
    this.#nameOrder = [];
    this.#orders.clear();
    this.#moves = [];
    this.#keys.clear();
    this.#keysWarmed.clear();
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

  /**
   * 1 for each slot whose device passes `q`. The devices are tested in slot order, the order their
   * objects and search entries were made in: walking a sort order instead reads them scattered over the
   * heap, and at 100,000 devices the cache misses cost four times the tests themselves.
   */
  #match(q: DeviceQuery): Uint8Array {
    const { filter, search, view } = q;
    const status = filter.status === 'all' ? -1 : STATUS_RANK[filter.status];
    const passed = new Uint8Array(this.#ids.length);
    const found = search?.needle === undefined ? null : this.#holding(search.needle);
    /** The slots found are the search's answer: only the view, if any, is left to test. */
    const test = found !== null && search?.exact === true ? null : search;
    for (let slot = 0; slot < this.#ids.length; slot++) {
      if (found !== null && found[slot] !== 1) continue;
      const d = this.#devices[slot];
      if (d === undefined) continue;
      if (status !== -1 && this.#status[slot] !== status) continue;
      if (filter.os !== 'all' && (d.os === null ? '' : enumValue(d.os)) !== filter.os) continue;
      if (filter.folder.kind === 'unassigned') {
        if (d.folderId !== null && q.knownFolder(d.folderId)) continue;
      } else if (filter.folder.kind === 'folder') {
        if (d.folderId === null || !q.folderIds?.has(d.folderId)) continue;
      }
      if (test || view) {
        const e = this.#entryAt(slot);
        if (test && !test(e)) continue;
        if (view && !view(d, e)) continue;
      }
      passed[slot] = 1;
    }
    return passed;
  }

  /** 1 for each slot whose search text holds `needle` (SearchPredicate.needle); chunks built as needed. */
  #holding(needle: string): Uint8Array {
    const found = new Uint8Array(this.#ids.length);
    const chunks = Math.ceil(this.#ids.length / this.#hay.chunkSize);
    for (let c = 0; c < chunks; c++) {
      if (!this.#hay.built(c)) this.#buildChunk(c);
      this.#hay.mark(c, needle, found);
    }
    return found;
  }

  /**
   * Joins chunk `c`'s texts (building the entries it lacks) and gives each of its entries its text as a
   * slice of the joined one: the characters are then held once, in the chunk.
   */
  #buildChunk(c: number): void {
    const from = c * this.#hay.chunkSize;
    const to = Math.min(from + this.#hay.chunkSize, this.#ids.length);
    const texts = new Array<string>(to - from);
    for (let slot = from; slot < to; slot++)
      texts[slot - from] = this.#ids[slot] === undefined ? '' : this.#entryAt(slot).text;
    const { hay, starts } = this.#hay.build(c, texts);
    for (let slot = from; slot < to; slot++) {
      const e = this.#entries[slot];
      if (e === undefined) continue;
      const start = starts[slot - from]!;
      this.#entries[slot] = { text: hay.slice(start, start + e.text.length), ip: e.ip, mac: e.mac };
    }
  }

  /** The slot's device changed or left: its entry is built again when next needed, and its chunk. */
  #dropEntry(slot: number): void {
    this.#entries[slot] = undefined;
    this.#hay.dirty(slot);
  }

  #folderNameUsed(id: Id): string | undefined {
    const name = this.#folderName(id);
    this.#namesUsed.set(id, name);
    return name;
  }

  #entryAt(slot: number): SearchEntry {
    let e = this.#entries[slot];
    if (e === undefined) {
      const d = this.#devices[slot]!;
      e = searchEntry(d, d.folderId === null ? null : this.#folderNameUsed(d.folderId));
      this.#entries[slot] = e;
    }
    return e;
  }

  /** Adds (+1) or takes away (-1) one slot's device from the counts. */
  #account(slot: number, sign: 1 | -1): void {
    const d = this.#devices[slot];
    if (!d) return;
    const kind = STATUS_ORDER[this.#status[slot]!]!;
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
      this.#ranksStale = true;
    }
    return this.#nameOrder;
  }

  /** Equal names share a rank; ranks grow with the name. Ranked when read after the order changed. */
  #ranks(): Float64Array {
    if (this.#ranksStale) {
      const order = this.#nameOrderNow();
      let rank = 0;
      for (let i = 0; i < order.length; i++) {
        const slot = order[i]!;
        if (i > 0 && this.#name[order[i - 1]!] !== this.#name[slot]) rank++;
        this.#nameRank[slot] = rank;
      }
      this.#ranksStale = false;
    }
    return this.#nameRank;
  }

  /**
   * Places the renamed and new slots in the name order. `inOrder`: some of them (or removed slots) are in
   * it now and are taken out first; a part of a first load only adds, and skips that pass over 100,000.
   */
  #patchNameOrder(renamed: readonly number[], inOrder: boolean): void {
    const moving = new Set(renamed);
    let order = this.#nameOrder!;
    if (inOrder) order = order.filter((s) => !moving.has(s) && this.#ids[s] !== undefined);
    const live = [...moving].filter((s) => this.#ids[s] !== undefined);
    this.#nameOrder = mergeSorted(order, live, (a, b) => this.#compareNames(a, b));
    // Ranks of other names may shift, but never their relative order: the kept orders stay valid except
    // for the moved devices, which are placed again when the order is next used.
    this.#ranksStale = true;
  }

  #order(sort: DeviceSort): number[] {
    const names = this.#nameOrderNow();
    if (sort.key === 'name') {
      // Kept while the name order is the same array: a delta that renamed nobody (a status poll, a search
      // keystroke) then costs no copy of 100,000 slots, and `sorted` keeps its ids.
      const kept = this.#byName;
      if (kept?.names === names && kept.direction === sort.direction) return kept.order;
      // Devices without a name sort last in both directions, by id.
      let firstNamed = 0;
      while (firstNamed < names.length && this.#name[names[firstNamed]!] === '') firstNamed++;
      const named = names.slice(firstNamed);
      const order = sort.direction === 'asc' ? named : this.#reverseGroups(named, null);
      for (let i = 0; i < firstNamed; i++) order.push(names[i]!);
      this.#byName = { names, direction: sort.direction, order };
      return order;
    }
    const asc = this.#ascending(sort.key, names);
    if (sort.direction === 'asc') return asc;
    if (this.#lastDesc?.key === sort.key && this.#lastDesc.from === asc) return this.#lastDesc.slots;
    // Empty values stay last: the groups of the valued part are reversed, then those of the empty part.
    const keys = this.#keys.get(sort.key)!;
    let split = asc.length;
    while (split > 0 && keys[asc[split - 1]!] === null) split--;
    const slots = this.#reverseGroups(asc.slice(0, split), keys);
    slots.push(...this.#reverseGroups(asc.slice(split), keys));
    this.#lastDesc = { key: sort.key, from: asc, slots };
    return slots;
  }

  /** The column's ascending order: kept, patched with what moved since it was used, or sorted now. */
  #ascending(key: string, names: readonly number[]): number[] {
    const kept = this.#orders.get(key);
    this.#orders.delete(key); // most recently used last: the oldest kept order is the first to go
    let slots: number[] | null = null;
    if (kept) {
      const moved = new Set<number>();
      for (const m of this.#moves) if (m.seq > kept.seq) for (const s of m.slots) moved.add(s);
      if (moved.size === 0) slots = kept.slots;
      else if (moved.size <= PATCH_LIMIT) {
        const live: number[] = [];
        for (const s of moved) if (this.#ids[s] !== undefined) live.push(this.#fillKey(key, s));
        slots = patchOrder(kept.slots, moved, live, this.#comparator(key));
      }
    }
    if (!slots) slots = orderByValue(names, this.#fillKeys(key, names));
    this.#orders.set(key, { slots, seq: this.#seq });
    while (this.#orders.size > KEPT_ORDERS) this.#orders.delete(this.#orders.keys().next().value!);
    let oldest = this.#seq;
    for (const o of this.#orders.values()) oldest = Math.min(oldest, o.seq);
    if (this.#moves.length && this.#moves[0]!.seq <= oldest)
      this.#moves = this.#moves.filter((m) => m.seq > oldest);
    return slots;
  }

  /** Reverses the runs of equal (key, name) in `asc`, keeping each run's order (ids ascending). */
  #reverseGroups(asc: readonly number[], keys: Keys | null): number[] {
    const rank = this.#ranks();
    const same = (a: number, b: number) => rank[a] === rank[b] && (keys === null || keys[a] === keys[b]);
    const out: number[] = [];
    let end = asc.length;
    while (end > 0) {
      let start = end - 1;
      while (start > 0 && same(asc[start - 1]!, asc[end - 1]!)) start--;
      for (let i = start; i < end; i++) out.push(asc[i]!);
      end = start;
    }
    return out;
  }

  /** The column's keys, at least `length` long. */
  #keysOf(key: string, length: number): Keys {
    let keys = this.#keys.get(key);
    if (!keys) this.#keys.set(key, (keys = []));
    // Grown by push, never by a far index: V8 would keep a sparse array as a slow dictionary.
    while (keys.length < length) keys.push(undefined);
    return keys;
  }

  /** Every slot's key for the column (those not computed yet). */
  #fillKeys(key: string, slots: readonly number[]): Keys {
    const keys = this.#keysOf(key, this.#ids.length);
    const column = columnByKey(key)!;
    for (const slot of slots) this.#fill(keys, column, slot);
    return keys;
  }

  #fillKey(key: string, slot: number): number {
    this.#fill(this.#keysOf(key, slot + 1), columnByKey(key)!, slot);
    return slot;
  }

  /** The slot's key for the column, computed from its device when missing (dropped when it changes). */
  #fill(keys: Keys, column: DeviceColumn, slot: number): void {
    if (keys[slot] === undefined) keys[slot] = column.sortValue(this.#devices[slot]!, this.#keyContext);
  }

  /** Ascending by the column's value (empty values last), then by name, then by id. */
  #comparator(key: string): (a: number, b: number) => number {
    const keys = this.#keys.get(key)!;
    const rank = this.#ranks();
    const ids = this.#ids;
    return (a, b) => {
      const va = keys[a]!;
      const vb = keys[b]!;
      if (va !== vb) return compareSortValues(va, vb);
      const ra = rank[a]!;
      const rb = rank[b]!;
      if (ra !== rb) return ra - rb;
      const ia = ids[a]!;
      const ib = ids[b]!;
      return ia < ib ? -1 : ia > ib ? 1 : 0;
    };
  }
}
