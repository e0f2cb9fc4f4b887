// An in-memory ServiceApi for unit tests of the core: a small account, call counters and scripted
// failures. Tests against the real stand-in service over HTTP live in core-service.test.ts.
import { makeDevice } from '../../support/make-device.js';
import type { CallOptions, ServiceApi } from '../../../shared/client/api.js';
import { AppFailure } from '../../../shared/errors.js';
import type { AppErrorKind } from '../../../shared/errors.js';
import type {
  Device,
  DeviceUpdate,
  Folder,
  FolderInput,
  Id,
  SessionCreate,
  SessionUpdate,
  SupportSession,
  User,
} from '../../../shared/model.js';
import type { ServicePorts } from '../../../electron/core/service-ports.js';

export function device(id: Id, folderId: Id | null, extra: Partial<Device> = {}): Device {
  return makeDevice({
    id,
    folderId,
    cpu: 'x86',
    freeSpace: '50% of 100 GB',
    mac: '00:11:22:33:44:55',
    ...extra,
  });
}

export function session(
  id: Id,
  state: SupportSession['state'],
  extra: Partial<SupportSession> = {},
): SupportSession {
  return {
    id,
    code: `C${id}`,
    state,
    customer: `Customer ${id}`,
    customerMail: null,
    language: 'en',
    plannedInitTime: null,
    plannedEndTime: null,
    initTime: null,
    endTime: null,
    note: null,
    userId: '1',
    ...extra,
  };
}

export const ADMIN: User = {
  id: '1',
  firstname: 'Ada',
  lastname: 'Admin',
  email: 'admin@example.com',
  role: 'administrator',
  language: 'en',
  timeZone: '(GMT+01:00)',
  lastLogin: null,
  registerDate: null,
};

export function serviceError(
  kind: AppErrorKind,
  extra: Partial<ConstructorParameters<typeof AppFailure>[0]> = {},
) {
  return new AppFailure({ kind, message: `scripted ${kind}`, ...extra });
}

type Method = keyof ServiceApi;

export class FakeService implements ServiceApi {
  folders = new Map<Id, { id: Id; name: string; parentId: Id | null }>();
  devices = new Map<Id, Device>();
  sessions = new Map<Id, SupportSession>();
  users = new Map<Id, User>([[ADMIN.id, ADMIN]]);
  calls: Array<{ method: Method; args: unknown[] }> = [];
  /** Errors to throw on the next calls of a method, in order. */
  failures = new Map<Method, Error[]>();
  /** While set, every call fails with this (a service that is down). */
  down: Error | null = null;
  /** Whether GET /folders nests the children of top-level folders (the spec leaves it open). */
  nestTopLevel = false;
  #nextId = 100;

  constructor() {
    this.folders.set('10', { id: '10', name: 'Branch A', parentId: null });
    this.folders.set('11', { id: '11', name: 'Front desk', parentId: '10' });
    this.folders.set('12', { id: '12', name: 'Cashier', parentId: '11' });
    this.folders.set('20', { id: '20', name: 'Branch B', parentId: null });
    this.devices.set('1', device('1', '10'));
    this.devices.set('2', device('2', '12'));
    this.devices.set('3', device('3', null));
    this.sessions.set('500', session('500', 'planned', { plannedInitTime: '2026-03-02T12:00:00Z' }));
    this.sessions.set('501', session('501', 'finished'));
  }

  count(method: Method): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  async #call(method: Method, args: unknown[]): Promise<void> {
    this.calls.push({ method, args });
    await Promise.resolve();
    if (this.down) throw this.down;
    const queued = this.failures.get(method);
    const next = queued?.shift();
    if (next) throw next;
  }

  #folder(id: Id): Folder {
    const f = this.folders.get(id);
    if (!f) throw serviceError('service', { code: 1100, httpStatus: 404 });
    return { id: f.id, name: f.name, parentId: f.parentId, dateCreation: '2025-01-01' };
  }

  #children(parentId: Id | null): Folder[] {
    return [...this.folders.values()].filter((f) => f.parentId === parentId).map((f) => this.#folder(f.id));
  }

  async getFolder(id: Id, o?: CallOptions) {
    await this.#call('getFolder', [id, o]);
    return this.#folder(id);
  }
  async listFolders(parentId?: Id, o?: CallOptions) {
    await this.#call('listFolders', [parentId, o]);
    const list = this.#children(parentId ?? null);
    if (parentId === undefined && this.nestTopLevel) {
      return list.map((f) => ({ ...f, folders: this.#children(f.id) }));
    }
    return list;
  }
  async createFolder(input: FolderInput, o?: CallOptions & { parentInPath?: boolean }) {
    await this.#call('createFolder', [input, o]);
    const id = String(this.#nextId++);
    this.folders.set(id, { id, name: input.name, parentId: input.parentId ?? null });
    return id;
  }
  async updateFolder(id: Id, input: FolderInput, o?: CallOptions) {
    await this.#call('updateFolder', [id, input, o]);
    const f = this.folders.get(id);
    if (!f) throw serviceError('service', { code: 1100 });
    this.folders.set(id, {
      ...f,
      name: input.name,
      parentId: input.parentId === undefined ? f.parentId : input.parentId,
    });
  }
  async deleteFolder(id: Id, o?: CallOptions) {
    await this.#call('deleteFolder', [id, o]);
    this.folders.delete(id);
  }
  async listDevices(folderId?: Id, o?: CallOptions) {
    await this.#call('listDevices', [folderId, o]);
    return [...this.devices.values()].map((d) => ({ ...d }));
  }
  async getDevice(id: Id, o?: CallOptions) {
    await this.#call('getDevice', [id, o]);
    const d = this.devices.get(id);
    if (!d) throw serviceError('service', { code: 1000 });
    return { ...d };
  }
  async updateDevice(id: Id, update: DeviceUpdate, o?: CallOptions) {
    await this.#call('updateDevice', [id, update, o]);
    const d = this.devices.get(id);
    if (!d) throw serviceError('service', { code: 1000 });
    this.devices.set(id, {
      ...d,
      ...(update.alias !== undefined ? { alias: update.alias } : {}),
      ...(update.folderId !== undefined ? { folderId: update.folderId } : {}),
    });
  }
  async listSessions(o?: CallOptions) {
    await this.#call('listSessions', [o]);
    return [...this.sessions.values()].map((s) => ({ ...s }));
  }
  async getSession(id: Id, o?: CallOptions) {
    await this.#call('getSession', [id, o]);
    const s = this.sessions.get(id);
    if (!s) throw serviceError('service', { code: 1300 });
    return { ...s };
  }
  async createSession(input: SessionCreate, o?: CallOptions) {
    await this.#call('createSession', [input, o]);
    const id = String(this.#nextId++);
    this.sessions.set(id, session(id, 'planned', { customer: input.customer, code: `K${id}` }));
    return id;
  }
  async updateSession(id: Id, update: SessionUpdate, o?: CallOptions) {
    await this.#call('updateSession', [id, update, o]);
    const s = this.sessions.get(id);
    if (!s) throw serviceError('service', { code: 1300 });
    this.sessions.set(id, { ...s, ...update } as SupportSession);
  }
  async deleteSession(id: Id, o?: CallOptions) {
    await this.#call('deleteSession', [id, o]);
    this.sessions.delete(id);
  }
  async listUsers(o?: CallOptions) {
    await this.#call('listUsers', [o]);
    return [...this.users.values()];
  }
  async getUser(id: Id, o?: CallOptions) {
    await this.#call('getUser', [id, o]);
    return this.users.get(id) ?? ADMIN;
  }
  async getCurrentUser(o?: CallOptions) {
    await this.#call('getCurrentUser', [o]);
    return ADMIN;
  }
}

/** Ports over a FakeService: the PIN "1234" is the right one; every client is the same fake. */
export function fakePorts(
  service: FakeService,
): ServicePorts & { clientsMade: number; lastCredentials: unknown } {
  const ports = {
    clientsMade: 0,
    lastCredentials: null as unknown,
    tokenFlow: {
      requestToken: async () => ({ token: 'request-token', secret: 'request-secret' }),
      authorizeUrl: (baseUrl: string, token: string) => `${baseUrl}/oauth/authorize?oauth_token=${token}`,
      accessToken: async (_b: string, _c: unknown, _r: unknown, verifier: string) => {
        if (verifier !== '1234')
          throw serviceError('not-signed-in', { message: 'The verification code was not accepted.' });
        return { token: 'access-token', secret: 'access-secret' };
      },
    },
    createClient: (config: { credentials: unknown }) => {
      ports.clientsMade += 1;
      ports.lastCredentials = config.credentials;
      return service;
    },
  };
  return ports;
}
