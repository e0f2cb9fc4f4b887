// A scripted technician: works through the browser host's IPC contract as the renderer does, one write at a
// time, choosing what to do and to what from its own seeded stream, and writes down in the ledger what the
// console answered. It only acts on what it can see (the host's events), as a person at the screen would.
//
// Names carry the write's number so the service's state says which write it came from: a folder created as
// `sf12` and renamed by write 40 is `sf12~r40`; sessions are `ss<n>` and `ss<n>~e<m>`; aliases `a<n>`.
import type { BulkMoveResult, FolderNode } from '../../shared/ipc/contract.js';
import type { BridgeClient, InvokeOutcome } from './bridge-client.js';
import { type Ledger, type Write, outcomeOf } from './ledger.js';
import type { Random } from './random.js';

export const FOLDER_PREFIX = 'sf';
export const SESSION_PREFIX = 'ss';

/** The soak folder or session a name belongs to (its creation name). */
export const baseOf = (name: string): string => name.split('~')[0] as string;
const isSoakFolder = (name: string) => name.startsWith(FOLDER_PREFIX) && /^sf\d+/.test(name);

/** A folder as a register value: the soak's own by its creation name, others by id, root as 'root'. */
export function folderIdentity(id: string | null, folders: ReadonlyMap<string, { name: string }>): string {
  if (id === null) return 'root';
  const folder = folders.get(id);
  return folder && isSoakFolder(folder.name) ? baseOf(folder.name) : `id:${id}`;
}

type Action = () => Promise<void>;

export class Technician {
  #client: BridgeClient | null = null;
  readonly #ledger: Ledger;
  readonly #random: Random;
  /** Writes made, by kind (every outcome). */
  writes = 0;
  /** The batch of the bulk move under way, if any. */
  bulkRunning: string | null = null;
  readonly #actions: Array<[number, Action]>;

  constructor(ledger: Ledger, random: Random) {
    this.#ledger = ledger;
    this.#random = random;
    this.#actions = [
      [14, () => this.createFolder()],
      [9, () => this.renameFolder()],
      [6, () => this.moveFolder()],
      [6, () => this.deleteFolder()],
      [12, () => this.setAlias()],
      [10, () => this.moveDevices()],
      [2, () => this.bulkMove()],
      [8, () => this.createSession()],
      [8, () => this.editSession()],
      [5, () => this.deleteSession()],
      [3, () => this.saveViews()],
      [3, () => this.setWatches()],
    ];
  }

  get client(): BridgeClient {
    if (!this.#client) throw new Error('the technician is not connected');
    return this.#client;
  }

  connect(client: BridgeClient | null): void {
    if (this.#client !== client) this.#client?.close();
    this.#client = client;
  }

  /** One write of a kind drawn by weight. */
  async step(): Promise<void> {
    const total = this.#actions.reduce((sum, [w]) => sum + w, 0);
    let roll = this.#random.next() * total;
    for (const [weight, action] of this.#actions) {
      roll -= weight;
      if (roll < 0) return action();
    }
  }

  // ---- what the technician sees -------------------------------------------------------------------

  #soakFolders(): FolderNode[] {
    return [...this.client.picture.folders.values()].filter((f) => isSoakFolder(f.name)).sort(byId);
  }

  #identity(id: string | null): string {
    return folderIdentity(id, this.client.picture.folders);
  }

  #deviceIds(): string[] {
    return [...this.client.picture.devices.keys()];
  }

  /** One ledger write per register the action sets, all settled by the console's one answer. */
  async #write<T>(
    kind: string,
    registers: Array<[string, string]>,
    call: () => Promise<InvokeOutcome<T>>,
  ): Promise<InvokeOutcome<T>> {
    const seq = this.#ledger.nextSeq();
    const writes = registers.map(([register, value]) =>
      this.#ledger.record({ seq, kind, register, value, outcome: 'lost' }),
    );
    const result = await call();
    const { outcome, error } = outcomeOf(result as never);
    for (const w of writes) this.#ledger.settle(w, outcome, error);
    if (writes[0]) this.#ledger.count(writes[0]);
    this.writes += 1;
    return result;
  }

  /** The number the next write takes (names carry it). */
  #seqNext(): number {
    return this.#ledger.peekSeq();
  }

  // ---- folders ------------------------------------------------------------------------------------

  async createFolder(): Promise<void> {
    const parents = this.#soakFolders();
    const parent = parents.length > 0 && this.#random.chance(0.4) ? this.#random.pick(parents) : null;
    const name = `${FOLDER_PREFIX}${this.#seqNext()}`;
    await this.#write(
      'folder-create',
      [
        [`folder-exists:${name}`, 'yes'],
        [`folder-name:${name}`, name],
        [`folder-parent:${name}`, this.#identity(parent?.id ?? null)],
      ],
      () => this.client.invoke('folders:create', { name, parentId: parent?.id ?? null }),
    );
  }

  async renameFolder(): Promise<void> {
    const folders = this.#soakFolders();
    if (folders.length === 0) return this.createFolder();
    const folder = this.#random.pick(folders);
    const name = `${baseOf(folder.name)}~r${this.#seqNext()}`;
    await this.#write('folder-rename', [[`folder-name:${baseOf(folder.name)}`, name]], () =>
      this.client.invoke('folders:rename', { id: folder.id, name }),
    );
  }

  async moveFolder(): Promise<void> {
    const folders = this.#soakFolders();
    if (folders.length < 2) return this.createFolder();
    const folder = this.#random.pick(folders);
    const target = this.#random.chance(0.3) ? null : this.#random.pick(folders.filter((f) => f !== folder));
    await this.#write(
      'folder-move',
      [[`folder-parent:${baseOf(folder.name)}`, this.#identity(target?.id ?? null)]],
      () => this.client.invoke('folders:move', { id: folder.id, parentId: target?.id ?? null }),
    );
  }

  async deleteFolder(): Promise<void> {
    const picture = this.client.picture;
    const busy = new Set<string | null>();
    for (const f of picture.folders.values()) busy.add(f.parentId);
    for (const d of picture.devices.values()) busy.add(d.folderId);
    const empty = this.#soakFolders().filter((f) => !busy.has(f.id));
    if (empty.length === 0) return this.createFolder();
    const folder = this.#random.pick(empty);
    await this.#write('folder-delete', [[`folder-exists:${baseOf(folder.name)}`, 'no']], () =>
      this.client.invoke('folders:delete', { id: folder.id }),
    );
  }

  // ---- devices ------------------------------------------------------------------------------------

  #targetFolder(): string | null {
    const soak = this.#soakFolders();
    if (soak.length > 0 && this.#random.chance(0.6)) return this.#random.pick(soak).id;
    if (this.#random.chance(0.3)) return null;
    const others = [...this.client.picture.folders.values()].filter((f) => !isSoakFolder(f.name)).sort(byId);
    return others.length > 0 ? this.#random.pick(others).id : null;
  }

  async setAlias(): Promise<void> {
    const ids = this.#deviceIds();
    if (ids.length === 0) return;
    const id = this.#random.pick(ids.sort(byNumber));
    const alias = `a${this.#seqNext()}`;
    await this.#write('device-alias', [[`device-alias:${id}`, alias]], () =>
      this.client.invoke('devices:set-alias', { id, alias }),
    );
  }

  async moveDevices(): Promise<void> {
    const ids = this.#random.sample(this.#deviceIds().sort(byNumber), this.#random.int(1, 20));
    if (ids.length === 0) return;
    const folderId = this.#targetFolder();
    const value = this.#identity(folderId);
    const seq = this.#ledger.nextSeq();
    const writes = new Map(
      ids.map((id) => [
        id,
        this.#ledger.record({
          seq,
          kind: 'device-move',
          register: `device-folder:${id}`,
          value,
          outcome: 'lost',
        }),
      ]),
    );
    const result = await this.client.invoke<BulkMoveResult>('devices:move', { ids, folderId });
    this.writes += 1;
    if ('lost' in result || !result.ok) {
      const { outcome, error } = outcomeOf(result as never);
      for (const w of writes.values()) this.#ledger.settle(w, outcome, error);
    } else {
      for (const id of result.value.moved) this.#ledger.settle(writes.get(id) as Write, 'done');
      for (const f of result.value.failed)
        this.#ledger.settle(writes.get(f.id) as Write, 'failed', f.error.message);
    }
    this.#ledger.count(writes.values().next().value as Write);
  }

  /** Thousands of devices through the outbox; their outcomes come from the batch's progress. */
  async bulkMove(): Promise<void> {
    if (this.bulkRunning) return this.moveDevices();
    const ids = this.#random.sample(this.#deviceIds().sort(byNumber), this.#random.int(1000, 3000));
    if (ids.length === 0) return;
    const folderId = this.#targetFolder();
    const value = this.#identity(folderId);
    const seq = this.#ledger.nextSeq();
    const writes = ids.map((id) =>
      this.#ledger.record({
        seq,
        kind: 'bulk-move',
        register: `device-folder:${id}`,
        value,
        outcome: 'lost',
      }),
    );
    const result = await this.client.invoke<{
      batchId: string | null;
      unknown: string[];
      unchanged: string[];
    }>('bulk:start', { kind: 'move', ids, folderId, label: `soak ${seq}` });
    this.writes += 1;
    if ('lost' in result || !result.ok) {
      const { outcome, error } = outcomeOf(result as never);
      for (const w of writes) this.#ledger.settle(w, outcome, error);
    } else {
      const skipped = new Set([...result.value.unknown, ...result.value.unchanged]);
      const unknown = new Set(result.value.unknown);
      for (const [i, w] of writes.entries()) {
        const id = ids[i] as string;
        if (unknown.has(id)) this.#ledger.settle(w, 'failed', 'unknown device');
        else if (skipped.has(id)) this.#ledger.settle(w, 'done');
        else {
          this.#ledger.settle(w, 'queued');
          if (result.value.batchId) w.batchId = result.value.batchId;
        }
      }
      this.bulkRunning = result.value.batchId;
    }
    if (writes[0]) this.#ledger.count(writes[0]);
  }

  // ---- sessions -----------------------------------------------------------------------------------

  #soakSessions(): Array<{ id: string; customer: string }> {
    return [...this.client.picture.sessions.values()]
      .filter((s) => s.state === 'planned' && s.customer?.startsWith(SESSION_PREFIX))
      .map((s) => ({ id: s.id, customer: s.customer as string }))
      .sort(byId);
  }

  async createSession(): Promise<void> {
    const customer = `${SESSION_PREFIX}${this.#seqNext()}`;
    // Two days ahead on the real clock: it stays planned (editable, deletable) for the whole soak.
    const plannedInitTime = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 2 * 86_400_000)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
    await this.#write(
      'session-create',
      [
        [`session-exists:${customer}`, 'yes'],
        [`session-customer:${customer}`, customer],
      ],
      () => this.client.invoke('sessions:create', { customer, language: 'en', plannedInitTime }),
    );
  }

  async editSession(): Promise<void> {
    const sessions = this.#soakSessions();
    if (sessions.length === 0) return this.createSession();
    const session = this.#random.pick(sessions);
    const customer = `${baseOf(session.customer)}~e${this.#seqNext()}`;
    await this.#write('session-edit', [[`session-customer:${baseOf(session.customer)}`, customer]], () =>
      this.client.invoke('sessions:update', { id: session.id, customer }),
    );
  }

  async deleteSession(): Promise<void> {
    const sessions = this.#soakSessions();
    if (sessions.length === 0) return this.createSession();
    const session = this.#random.pick(sessions);
    await this.#write('session-delete', [[`session-exists:${baseOf(session.customer)}`, 'no']], () =>
      this.client.invoke('sessions:delete', { id: session.id }),
    );
  }

  // ---- the technician's own files: saved views and watches -----------------------------------------

  async saveViews(): Promise<void> {
    const n = this.#seqNext();
    const views = Array.from({ length: this.#random.int(1, 4) }, (_, i) => ({
      id: `v${n}-${i}`,
      name: `Soak view ${n}.${i}`,
      search: '',
      where: { kind: 'group', op: 'and', conditions: [{ kind: 'status', in: ['offline'] }] },
      sort: { key: 'name', direction: 'asc' },
      columns: [],
    }));
    await this.#write('views-save', [['views', views.map((v) => v.id).join(',')]], () =>
      this.client.invoke('views:save', { views }),
    );
  }

  async setWatches(): Promise<void> {
    const n = this.#seqNext();
    const ids = this.#random.sample(this.#deviceIds().sort(byNumber), this.#random.int(1, 5));
    const watches = ids.map((id, i) => ({
      id: `w${n}-${i}`,
      target: { kind: 'device' as const, id },
      when: { offline: true, online: true, offlineLongerMinutes: null, busyLongerMinutes: null },
    }));
    await this.#write('watch-set', [['watches', watches.map((w) => w.id).join(',')]], () =>
      this.client.invoke('watch:set', { watches, quietHours: null }),
    );
  }
}

const byId = (a: { id: string }, b: { id: string }) =>
  Number(a.id) - Number(b.id) || a.id.localeCompare(b.id);
const byNumber = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);
