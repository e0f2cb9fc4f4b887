// Over 400 lines on purpose: spec §4's rules are checked against one planned state before anything is
// applied; the plan, its validation and its application share private indexes that a split would expose.
// The account: users, the folder tree, devices and support sessions, with every rule of spec §4.
//
// Each mutation is planned, validated in full against the planned result, and only then applied: a refused
// request changes nothing. Choices where the spec is silent are listed in service/README.md.
import {
  DEFAULT_SESSION_CODE_VALIDITY_MS,
  LANGUAGES,
  type Device,
  type Folder,
  type Id,
  type KnownDeviceStatus,
  type KnownLanguage,
  type KnownSessionState,
  type User,
} from '../../shared/model.js';
import type { AccountState, FolderRecord, SessionRecord } from './account-state.js';
import type { Clock } from './clock.js';
import { DomainError, serviceError, uncodedError } from './errors.js';
import { invitation, type Outbox } from './outbox.js';
import { newSessionCode } from './session-codes.js';
import { parseTimestamp, toIso, toIsoDate } from './timestamps.js';

/** A folder create/update as decoded from a request. Collections: undefined = absent, [] = empty, [..] = listed. */
export interface FolderCommand {
  name?: string | null;
  /** undefined: not given; null: root. */
  parentId?: Id | null;
  folders?: readonly Id[];
  devices?: readonly Id[];
}

export interface DeviceCommand {
  /** undefined: not given; null or "": clear the alias. */
  alias?: string | null;
  /** undefined: keep; null: unassign. */
  folderId?: Id | null;
  /** Names of other fields the request tried to set (spec: 1001). */
  readOnlyFields?: readonly string[];
}

/** Session create/update as sent: raw strings, validated here. undefined = not given, null = empty element. */
export interface SessionCommand {
  customer?: string | null;
  customerMail?: string | null;
  language?: string | null;
  plannedInitTime?: string | null;
  plannedEndTime?: string | null;
  /** Names of fields that are not create/update arguments (update: 1002). */
  invalidFields?: readonly string[];
}

export type ChangeKind = 'folders' | 'devices' | 'sessions';
export interface ChangeEvent {
  kind: ChangeKind;
  ids: readonly Id[];
}

export interface AccountSummary {
  users: number;
  folders: number;
  devices: { total: number; unassigned: number; offline: number; online: number; busy: number };
  sessions: { total: number; planned: number; ongoing: number; finished: number };
}

export const MAX_NAME_LENGTH = 255;
export const MAX_TEXT_LENGTH = 255;
// Deliberately simple: one "@", something on both sides, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Control characters, and what XML 1.0 cannot carry at all (U+FFFE, U+FFFF, a lone surrogate): such a
// character would be dropped when the text is served, so "a\uFFFEb" would be stored and read back as "ab".
// Refused, never stripped: the caller learns the text was not taken as sent.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f\ufffe\uffff\ud800-\udfff]/u;

/** Folder names are unique per level ignoring case and surrounding white space ("Acme" = " acme "). */
export function folderNameKey(name: string): string {
  return name.trim().normalize('NFC').toLocaleLowerCase('en-US');
}

interface TreePlan {
  created?: FolderRecord;
  parents: Map<Id, Id | null>;
  names: Map<Id, string>;
  deviceFolders: Map<Id, Id | null>;
}

function emptyPlan(): TreePlan {
  return { parents: new Map(), names: new Map(), deviceFolders: new Map() };
}

function addTo<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}

function byNumericId(a: { id: Id }, b: { id: Id }): number {
  return Number(a.id) - Number(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export class AccountStore {
  private readonly users = new Map<Id, User>();
  private readonly folders = new Map<Id, FolderRecord>();
  private readonly devices = new Map<Id, Device>();
  private readonly sessions = new Map<Id, SessionRecord>();
  /** parent id (null = root) -> child folder ids */
  private readonly childFolders = new Map<Id | null, Set<Id>>();
  /** folder id (null = unassigned) -> device ids */
  private readonly folderDevices = new Map<Id | null, Set<Id>>();
  private nextFolderId: number;
  private nextSessionId: number;
  private allDevicesCache: Device[] | null = null;
  private readonly listeners = new Set<(event: ChangeEvent) => void>();

  constructor(
    state: AccountState,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
  ) {
    for (const user of state.users) this.users.set(user.id, user);
    for (const folder of state.folders) {
      if (this.folders.has(folder.id)) throw new Error(`Account state: folder ${folder.id} appears twice`);
      this.folders.set(folder.id, folder);
      addTo(this.childFolders, folder.parentId, folder.id);
    }
    for (const device of state.devices) {
      if (this.devices.has(device.id)) throw new Error(`Account state: device ${device.id} appears twice`);
      this.devices.set(device.id, device);
      addTo(this.folderDevices, device.folderId, device.id);
    }
    for (const session of state.sessions) this.sessions.set(session.id, session);
    this.nextFolderId = state.nextId.folder;
    this.nextSessionId = state.nextId.session;
    const problem = this.integrityProblem();
    if (problem) throw new Error(`Account state is inconsistent: ${problem}`);
  }

  // ---- observation ---------------------------------------------------------------------------------

  onChange(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(kind: ChangeKind, ids: readonly Id[]): void {
    if (ids.length === 0) return;
    if (kind === 'devices') this.allDevicesCache = null;
    for (const listener of this.listeners) listener({ kind, ids });
  }

  snapshot(): AccountState {
    return {
      users: [...this.users.values()],
      folders: [...this.folders.values()],
      devices: [...this.devices.values()],
      sessions: [...this.sessions.values()],
      nextId: { folder: this.nextFolderId, session: this.nextSessionId },
    };
  }

  /** The current records of these ids, null for one that no longer exists (the journal's upserts). */
  records(kind: ChangeKind, ids: Iterable<Id>): Record<Id, FolderRecord | Device | SessionRecord | null> {
    const source: ReadonlyMap<Id, FolderRecord | Device | SessionRecord> =
      kind === 'folders' ? this.folders : kind === 'devices' ? this.devices : this.sessions;
    const out: Record<Id, FolderRecord | Device | SessionRecord | null> = {};
    for (const id of ids) out[id] = source.get(id) ?? null;
    return out;
  }

  nextIds(): AccountState['nextId'] {
    return { folder: this.nextFolderId, session: this.nextSessionId };
  }

  summary(): AccountSummary {
    const devices = {
      total: this.devices.size,
      unassigned: this.folderDevices.get(null)?.size ?? 0,
      offline: 0,
      online: 0,
      busy: 0,
    };
    for (const device of this.devices.values()) {
      const status = device.status as KnownDeviceStatus;
      if (status in devices) devices[status]++;
    }
    const sessions = { total: this.sessions.size, planned: 0, ongoing: 0, finished: 0 };
    for (const session of this.sessions.values()) sessions[session.state]++;
    return { users: this.users.size, folders: this.folders.size, devices, sessions };
  }

  /**
   * The tree's invariants, checked in full: parents exist, no cycle, names unique per level, every device
   * in at most one existing folder and the indexes agree with the records. null when all hold.
   */
  integrityProblem(): string | null {
    for (const folder of this.folders.values()) {
      if (folder.parentId !== null && !this.folders.has(folder.parentId))
        return `folder ${folder.id} has a missing parent`;
      if (!this.childFolders.get(folder.parentId)?.has(folder.id))
        return `folder ${folder.id} is not indexed under its parent`;
      const seen = new Set<Id>([folder.id]);
      for (let up = folder.parentId; up !== null; up = this.folders.get(up)?.parentId ?? null) {
        if (seen.has(up)) return `folder ${folder.id} is its own ancestor`;
        seen.add(up);
      }
    }
    for (const [parent, children] of this.childFolders) {
      const names = new Set<string>();
      for (const child of children) {
        const folder = this.folders.get(child);
        if (!folder || folder.parentId !== parent)
          return `index lists folder ${child} under the wrong parent`;
        const key = folderNameKey(folder.name);
        if (names.has(key)) return `two folders named "${folder.name}" at one level`;
        names.add(key);
      }
    }
    let indexed = 0;
    for (const [folderId, ids] of this.folderDevices) {
      if (folderId !== null && !this.folders.has(folderId))
        return `devices indexed under missing folder ${folderId}`;
      for (const id of ids) {
        if (this.devices.get(id)?.folderId !== folderId) return `device ${id} indexed under the wrong folder`;
        indexed++;
      }
    }
    if (indexed !== this.devices.size) return 'a device is missing from the folder index';
    return null;
  }

  // ---- users ---------------------------------------------------------------------------------------

  listUsers(): User[] {
    return [...this.users.values()].sort(byNumericId);
  }

  getUser(id: Id): User {
    const user = this.users.get(id);
    if (!user) throw serviceError(1200, `User ${id} not found`);
    return user;
  }

  findUser(id: Id): User | undefined {
    return this.users.get(id);
  }

  findUserByEmail(email: string): User | undefined {
    const wanted = email.trim().toLowerCase();
    for (const user of this.users.values()) if (user.email?.toLowerCase() === wanted) return user;
    return undefined;
  }

  // ---- folders -------------------------------------------------------------------------------------

  private requireFolder(id: Id): FolderRecord {
    const folder = this.folders.get(id);
    if (!folder) throw serviceError(1100, `Folder ${id} not found`, 'id');
    return folder;
  }

  /** The folder with its direct sub-folders (dated without a time, as the service does) and devices. */
  getFolder(id: Id): Folder {
    const folder = this.requireFolder(id);
    const folders = [...(this.childFolders.get(id) ?? [])]
      .map((child) => this.folders.get(child) as FolderRecord)
      .sort(byNumericId)
      .map((child) => ({ ...child, dateCreation: toIsoDate(child.dateCreation) }));
    const devices = [...(this.folderDevices.get(id) ?? [])]
      .map((d) => this.devices.get(d) as Device)
      .sort(byNumericId);
    return { ...folder, folders, devices };
  }

  /** Children of root (no parent) or of a folder. */
  listFolders(parentId?: Id): FolderRecord[] {
    if (parentId !== undefined) this.requireFolder(parentId);
    return [...(this.childFolders.get(parentId ?? null) ?? [])]
      .map((id) => this.folders.get(id) as FolderRecord)
      .sort(byNumericId);
  }

  createFolder(actor: User, command: FolderCommand): FolderRecord {
    if (actor.role !== 'administrator') {
      throw uncodedError(403, 'Only an administrator can create folders');
    }
    const name = this.validName(command.name);
    const parentId = command.parentId ?? null;
    if (parentId !== null) this.requireFolder(parentId);
    const created: FolderRecord = {
      id: String(this.nextFolderId),
      name,
      dateCreation: toIso(this.clock.now()),
      parentId,
    };
    const plan = emptyPlan();
    plan.created = created;
    for (const child of this.existingFolders(command.folders)) plan.parents.set(child, created.id);
    for (const device of this.existingDevices(command.devices)) plan.deviceFolders.set(device, created.id);
    this.validatePlan(plan);
    this.nextFolderId++;
    this.applyPlan(plan);
    return created;
  }

  updateFolder(id: Id, command: FolderCommand): FolderRecord {
    const folder = this.requireFolder(id);
    const name = this.validName(command.name);
    const plan = emptyPlan();
    if (name !== folder.name) plan.names.set(id, name);
    if (command.parentId !== undefined) {
      if (command.parentId !== null) this.requireFolder(command.parentId);
      if (command.parentId !== folder.parentId) plan.parents.set(id, command.parentId);
    }
    if (command.folders !== undefined) {
      const listed = new Set(this.existingFolders(command.folders));
      for (const child of this.childFolders.get(id) ?? [])
        if (!listed.has(child)) plan.parents.set(child, null);
      for (const child of listed) if (this.folders.get(child)?.parentId !== id) plan.parents.set(child, id);
    }
    if (command.devices !== undefined) {
      const listed = new Set(this.existingDevices(command.devices));
      for (const device of this.folderDevices.get(id) ?? [])
        if (!listed.has(device)) plan.deviceFolders.set(device, null);
      for (const device of listed)
        if (this.devices.get(device)?.folderId !== id) plan.deviceFolders.set(device, id);
    }
    this.validatePlan(plan);
    this.applyPlan(plan);
    return this.folders.get(id) as FolderRecord;
  }

  deleteFolder(id: Id): void {
    this.requireFolder(id);
    const children = this.childFolders.get(id)?.size ?? 0;
    const devices = this.folderDevices.get(id)?.size ?? 0;
    if (children > 0 || devices > 0) {
      throw serviceError(
        1103,
        `Folder ${id} is not empty: it holds ${children} folder(s) and ${devices} device(s)`,
      );
    }
    const folder = this.folders.get(id) as FolderRecord;
    this.folders.delete(id);
    this.childFolders.get(folder.parentId)?.delete(id);
    this.childFolders.delete(id);
    this.folderDevices.delete(id);
    this.emit('folders', [id]);
  }

  private validName(name: string | null | undefined): string {
    const trimmed = (name ?? '').trim();
    if (trimmed === '') throw uncodedError(422, "Name can't be blank", 'name');
    if (trimmed.length > MAX_NAME_LENGTH)
      throw uncodedError(422, `Name is longer than ${MAX_NAME_LENGTH} characters`, 'name');
    if (CONTROL_CHARS.test(trimmed))
      throw uncodedError(
        422,
        'Name contains control characters or characters XML cannot carry (U+FFFE, U+FFFF)',
        'name',
      );
    return trimmed;
  }

  private existingFolders(ids: readonly Id[] | undefined): Id[] {
    const unique = [...new Set(ids ?? [])];
    for (const id of unique)
      if (!this.folders.has(id)) throw serviceError(1100, `Folder ${id} not found`, 'folders');
    return unique;
  }

  private existingDevices(ids: readonly Id[] | undefined): Id[] {
    const unique = [...new Set(ids ?? [])];
    for (const id of unique)
      if (!this.devices.has(id)) throw serviceError(1000, `Device ${id} not found`, 'devices');
    return unique;
  }

  private parentAfter(plan: TreePlan, id: Id): Id | null {
    if (plan.parents.has(id)) return plan.parents.get(id) as Id | null;
    if (plan.created?.id === id) return plan.created.parentId;
    return this.folders.get(id)?.parentId ?? null;
  }

  private nameAfter(plan: TreePlan, id: Id): string {
    if (plan.names.has(id)) return plan.names.get(id) as string;
    if (plan.created?.id === id) return plan.created.name;
    return this.folders.get(id)?.name ?? '';
  }

  /** Checks the tree as it would be after the plan: acyclic and names unique per level. */
  private validatePlan(plan: TreePlan): void {
    const touched = new Set<Id>([...plan.parents.keys(), ...plan.names.keys()]);
    if (plan.created) touched.add(plan.created.id);
    const limit = this.folders.size + 2;
    for (const id of plan.parents.keys()) {
      let steps = 0;
      for (let up = this.parentAfter(plan, id); up !== null; up = this.parentAfter(plan, up)) {
        if (up === id || ++steps > limit) {
          throw uncodedError(
            422,
            `Folder ${id} cannot be placed inside itself or one of its own sub-folders`,
            'parent_id',
          );
        }
      }
    }
    const levels = new Set<Id | null>();
    for (const id of touched) levels.add(this.parentAfter(plan, id));
    for (const level of levels) {
      const candidates = new Set<Id>(this.childFolders.get(level) ?? []);
      for (const id of touched) candidates.add(id);
      const seen = new Map<string, Id>();
      for (const id of candidates) {
        if (this.parentAfter(plan, id) !== level) continue;
        const name = this.nameAfter(plan, id);
        const key = folderNameKey(name);
        if (seen.has(key)) {
          const where = level === null ? 'the top level' : `folder ${level}`;
          throw serviceError(1101, `A folder named "${name}" already exists at ${where}`, 'name');
        }
        seen.set(key, id);
      }
    }
  }

  private applyPlan(plan: TreePlan): void {
    const changedFolders: Id[] = [];
    if (plan.created) {
      this.folders.set(plan.created.id, plan.created);
      addTo(this.childFolders, plan.created.parentId, plan.created.id);
      changedFolders.push(plan.created.id);
    }
    for (const [id, name] of plan.names) {
      this.folders.set(id, { ...(this.folders.get(id) as FolderRecord), name });
      changedFolders.push(id);
    }
    for (const [id, parentId] of plan.parents) {
      const folder = this.folders.get(id) as FolderRecord;
      this.childFolders.get(folder.parentId)?.delete(id);
      addTo(this.childFolders, parentId, id);
      this.folders.set(id, { ...folder, parentId });
      changedFolders.push(id);
    }
    const changedDevices: Id[] = [];
    for (const [id, folderId] of plan.deviceFolders) {
      this.moveDevice(id, folderId);
      changedDevices.push(id);
    }
    this.emit('folders', changedFolders);
    this.emit('devices', changedDevices);
  }

  private moveDevice(id: Id, folderId: Id | null): void {
    const device = this.devices.get(id) as Device;
    this.folderDevices.get(device.folderId)?.delete(id);
    addTo(this.folderDevices, folderId, id);
    this.devices.set(id, { ...device, folderId });
  }

  // ---- devices -------------------------------------------------------------------------------------

  /** All devices (id order), or those directly in one folder. */
  listDevices(folderId?: Id): Device[] {
    if (folderId === undefined) {
      this.allDevicesCache ??= [...this.devices.values()].sort(byNumericId);
      return this.allDevicesCache;
    }
    this.requireFolder(folderId);
    return [...(this.folderDevices.get(folderId) ?? [])]
      .map((id) => this.devices.get(id) as Device)
      .sort(byNumericId);
  }

  getDevice(id: Id): Device {
    const device = this.devices.get(id);
    if (!device) throw serviceError(1000, `Device ${id} not found`, 'id');
    return device;
  }

  updateDevice(id: Id, command: DeviceCommand): Device {
    const device = this.getDevice(id);
    const readOnly = command.readOnlyFields ?? [];
    if (readOnly.length > 0) {
      throw serviceError(
        1001,
        `Read-only parameter: ${readOnly.join(', ')} (only alias and folder_id can be changed)`,
        readOnly[0],
      );
    }
    let alias = device.alias;
    if (command.alias !== undefined) {
      const trimmed = (command.alias ?? '').trim();
      if (trimmed.length > MAX_TEXT_LENGTH)
        throw uncodedError(422, `Alias is longer than ${MAX_TEXT_LENGTH} characters`, 'alias');
      if (CONTROL_CHARS.test(trimmed))
        throw uncodedError(
          422,
          'Alias contains control characters or characters XML cannot carry (U+FFFE, U+FFFF)',
          'alias',
        );
      alias = trimmed === '' ? null : trimmed;
    }
    let folderId = device.folderId;
    if (command.folderId !== undefined) {
      if (command.folderId !== null && !this.folders.has(command.folderId)) {
        throw serviceError(1100, `Folder ${command.folderId} not found`, 'folder_id');
      }
      folderId = command.folderId;
    }
    if (alias === device.alias && folderId === device.folderId) return device;
    if (folderId !== device.folderId) this.moveDevice(id, folderId);
    this.devices.set(id, { ...(this.devices.get(id) as Device), alias });
    this.emit('devices', [id]);
    return this.devices.get(id) as Device;
  }

  /** Simulator and control API: a batch of status changes observed at `atMs`. */
  setDeviceStatuses(changes: ReadonlyArray<readonly [Id, KnownDeviceStatus]>, atMs: number): void {
    const lastRefresh = toIso(atMs);
    const ids: Id[] = [];
    for (const [id, status] of changes) {
      const device = this.getDevice(id);
      this.devices.set(id, { ...device, status, lastRefresh });
      ids.push(id);
    }
    this.emit('devices', ids);
  }

  deviceIds(): Id[] {
    return [...this.devices.keys()];
  }

  // ---- support sessions ----------------------------------------------------------------------------

  listSessions(): SessionRecord[] {
    return [...this.sessions.values()].sort(byNumericId);
  }

  getSession(id: Id): SessionRecord {
    const session = this.sessions.get(id);
    if (!session) throw serviceError(1300, `Support session ${id} not found`, 'id');
    return session;
  }

  createSession(actor: User, command: SessionCommand): SessionRecord {
    const customer = (command.customer ?? '').trim();
    if (customer === '') throw serviceError(1301, "Customer can't be blank", 'customer');
    const languageText = (command.language ?? '').trim();
    if (languageText === '') throw serviceError(1302, "Language can't be blank", 'language');
    const language = this.validLanguage(languageText);
    this.validCustomer(customer);
    const customerMail = this.validMail(command.customerMail);
    const now = this.clock.now();
    const init = this.validTime(command.plannedInitTime, 'planned_init_time') ?? now;
    const end = this.validTime(command.plannedEndTime, 'planned_end_time');
    if (end !== null && end <= init)
      throw serviceError(1002, 'The planned end must be after the planned start', 'planned_end_time');
    const session: SessionRecord = {
      id: String(this.nextSessionId++),
      code: newSessionCode((code) => this.codeTaken(code)),
      state: 'planned',
      customer,
      customerMail,
      language,
      plannedInitTime: toIso(init),
      plannedEndTime: end === null ? null : toIso(end),
      initTime: null,
      endTime: null,
      note: null,
      userId: actor.id,
    };
    this.sessions.set(session.id, session);
    if (customerMail) this.invite(session);
    this.emit('sessions', [session.id]);
    return session;
  }

  updateSession(id: Id, command: SessionCommand): SessionRecord {
    const session = this.getSession(id);
    const invalid = command.invalidFields ?? [];
    if (invalid.length > 0) {
      throw serviceError(1002, `Parameter not valid: ${invalid.join(', ')} cannot be set`, invalid[0]);
    }
    if (session.state === 'finished')
      throw serviceError(1002, 'A finished session cannot be changed', 'state');
    let customer = session.customer;
    if (command.customer !== undefined) {
      customer = (command.customer ?? '').trim();
      if (customer === '') throw serviceError(1002, "Customer can't be blank", 'customer');
      this.validCustomer(customer);
    }
    let language = session.language;
    if (command.language !== undefined) {
      const text = (command.language ?? '').trim();
      if (text === '') throw serviceError(1002, "Language can't be blank", 'language');
      language = this.validLanguage(text);
    }
    const customerMail =
      command.customerMail === undefined ? session.customerMail : this.validMail(command.customerMail);
    let init = Date.parse(session.plannedInitTime);
    if (command.plannedInitTime !== undefined) {
      const requested = this.validTime(command.plannedInitTime, 'planned_init_time') ?? this.clock.now();
      if (session.state !== 'planned' && requested !== init) {
        throw serviceError(
          1002,
          'The planned start of a session that has started cannot be changed',
          'planned_init_time',
        );
      }
      init = requested;
    }
    let end = session.plannedEndTime === null ? null : Date.parse(session.plannedEndTime);
    if (command.plannedEndTime !== undefined)
      end = this.validTime(command.plannedEndTime, 'planned_end_time');
    if (end !== null && end <= init)
      throw serviceError(1002, 'The planned end must be after the planned start', 'planned_end_time');
    const updated: SessionRecord = {
      ...session,
      customer,
      language,
      customerMail,
      plannedInitTime: toIso(init),
      plannedEndTime: end === null ? null : toIso(end),
    };
    this.sessions.set(id, updated);
    if (customerMail && customerMail !== session.customerMail) this.invite(updated);
    this.emit('sessions', [id]);
    return updated;
  }

  deleteSession(id: Id): void {
    const session = this.getSession(id);
    if (session.state === 'finished')
      throw uncodedError(403, 'A finished support session cannot be deleted', 'state');
    this.sessions.delete(id);
    this.emit('sessions', [id]);
  }

  /**
   * The scheduled life of sessions up to `nowMs`. Deterministic stand-in for customers: the customer joins
   * at the planned start; the session ends at the planned end, or, without one, when its code's 15 minutes
   * are over.
   */
  advanceSessions(nowMs: number): Id[] {
    const changed: Id[] = [];
    for (const session of this.sessions.values()) {
      if (session.state === 'finished') continue;
      const start = Date.parse(session.plannedInitTime);
      const end =
        session.plannedEndTime === null
          ? start + DEFAULT_SESSION_CODE_VALIDITY_MS
          : Date.parse(session.plannedEndTime);
      let next: SessionRecord = session;
      if (next.state === 'planned' && nowMs >= start)
        next = { ...next, state: 'ongoing', initTime: toIso(start) };
      if (next.state === 'ongoing' && nowMs >= end)
        next = { ...next, state: 'finished', endTime: toIso(Math.max(end, start)) };
      if (next !== session) {
        this.sessions.set(session.id, next);
        changed.push(session.id);
      }
    }
    this.emit('sessions', changed);
    return changed;
  }

  /** Control API: a customer joins now, or the session ends now. Finished sessions stay finished. */
  forceSessionState(id: Id, to: Exclude<KnownSessionState, 'planned'>): SessionRecord {
    const session = this.getSession(id);
    if (session.state === 'finished') throw uncodedError(409, `Support session ${id} is already finished`);
    const now = toIso(this.clock.now());
    const next: SessionRecord =
      to === 'ongoing'
        ? session.state === 'ongoing'
          ? session
          : { ...session, state: 'ongoing', initTime: now }
        : { ...session, state: 'finished', endTime: now };
    this.sessions.set(id, next);
    this.emit('sessions', [id]);
    return next;
  }

  private codeTaken(code: string): boolean {
    for (const session of this.sessions.values()) if (session.code === code) return true;
    return false;
  }

  private invite(session: SessionRecord): void {
    this.outbox.send(
      invitation({
        to: session.customerMail as string,
        customer: session.customer,
        code: session.code,
        plannedInitTime: session.plannedInitTime,
        language: session.language,
        sessionId: session.id,
        sentAt: toIso(this.clock.now()),
      }),
    );
  }

  private validLanguage(text: string): KnownLanguage {
    if (!(LANGUAGES as readonly string[]).includes(text)) {
      throw serviceError(
        1002,
        `Language "${text.slice(0, 20)}" is not one of ${LANGUAGES.join(', ')}`,
        'language',
      );
    }
    return text as KnownLanguage;
  }

  private validCustomer(customer: string): void {
    if (customer.length > MAX_TEXT_LENGTH || CONTROL_CHARS.test(customer)) {
      throw serviceError(
        1002,
        `Customer must be at most ${MAX_TEXT_LENGTH} printable characters`,
        'customer',
      );
    }
  }

  private validMail(mail: string | null | undefined): string | null {
    const trimmed = (mail ?? '').trim();
    if (trimmed === '') return null;
    if (trimmed.length > MAX_TEXT_LENGTH || !EMAIL.test(trimmed) || CONTROL_CHARS.test(trimmed)) {
      throw serviceError(1002, 'Customer e-mail is not a valid address', 'customer_mail');
    }
    return trimmed;
  }

  /** null for absent/empty; the time in ms; 1002 for anything unreadable. */
  private validTime(text: string | null | undefined, field: string): number | null {
    if (text === undefined || text === null || text.trim() === '') return null;
    const ms = parseTimestamp(text);
    if (ms === null)
      throw serviceError(1002, `${field} is not an ISO 8601 date-time with a time zone`, field);
    return ms;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
