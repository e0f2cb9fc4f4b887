// The shared ServiceClient (real signer, Node's HMAC-SHA1) against the running stand-in over real HTTP:
// every operation of spec §4 in both path forms, every error code of §7 and the "not shown" choices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../shared/client/service-client.js';
import { AppFailure } from '../../shared/errors.js';
import type { OAuthToken } from '../../shared/oauth/types.js';
import {
  ADMIN,
  USER_PASSWORD,
  signInWithPin,
  startTestService,
  type Harness,
} from './support/service-harness.js';

let h: Harness;
let admin: ServiceClient;
let plainUser: ServiceClient;
let adminToken: OAuthToken & { userId?: string };

function client(token: OAuthToken): ServiceClient {
  return new ServiceClient({
    baseUrl: h.service.baseUrl,
    consumer: h.consumer,
    token,
    signer: h.signer,
    getRetries: 0,
  });
}

async function failure(promise: Promise<unknown>): Promise<AppFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  h = await startTestService();
  adminToken = await signInWithPin(h, ADMIN.email, ADMIN.password);
  admin = client(adminToken);
  const user = h.service.store.listUsers().find((u) => u.role === 'user');
  plainUser = client(await signInWithPin(h, user?.email ?? '', USER_PASSWORD));
});

afterAll(async () => {
  await h.service.close();
});

describe('sign-in', () => {
  it('the PIN flow gives an access token of the approving user', () => {
    expect(adminToken.userId).toBe('1');
    expect(adminToken.token).not.toBe('');
  });
});

describe('users (§4.4)', () => {
  it('lists users, shows one and the current one; 1200 for an unknown id', async () => {
    const users = await admin.listUsers();
    expect(users.length).toBe(h.service.store.listUsers().length);
    expect(await admin.getUser('2')).toEqual(h.service.store.getUser('2'));
    expect((await admin.getCurrentUser()).email).toBe(ADMIN.email);
    expect((await plainUser.getCurrentUser()).role).toBe('user');
    const error = await failure(admin.getUser('999'));
    expect([error.code, error.httpStatus]).toEqual([1200, 404]);
  });
});

describe('folders (§4.1)', () => {
  it('lists root and a parent’s children (both paths) and shows a folder with nested content', async () => {
    const root = await admin.listFolders();
    expect(root.map((f) => f.name)).toEqual(h.service.store.listFolders().map((f) => f.name));
    const customers = root.find((f) => f.name === 'Customers')!;
    const children = await admin.listFolders(customers.id);
    expect(children.length).toBeGreaterThan(0);
    const shown = await admin.getFolder(customers.id);
    expect(shown.folders?.map((f) => f.id)).toEqual(children.map((f) => f.id));
    expect(shown.folders?.[0]?.dateCreation).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await failure(admin.getFolder('999'))).code).toBe(1100);
    expect((await failure(admin.listFolders('999'))).code).toBe(1100);
  });

  it('creates under root and under a parent (body and path forms), moving listed devices', async () => {
    const top = await admin.createFolder({ name: 'Client Top' });
    expect((await admin.getFolder(top)).parentId).toBeNull();
    const device = (await admin.listDevices())[0]!;
    const inBody = await admin.createFolder({ name: 'Child Body', parentId: top, devices: [device.id] });
    const inPath = await admin.createFolder({ name: 'Child Path', parentId: top }, { parentInPath: true });
    expect((await admin.listFolders(top)).map((f) => f.id).sort()).toEqual([inBody, inPath].sort());
    expect((await admin.getDevice(device.id)).folderId).toBe(inBody);
  });

  it('answers 1100, 1101 and 1000 on create; non-administrators get 403 without a code', async () => {
    expect((await failure(admin.createFolder({ name: 'X', parentId: '999' }))).code).toBe(1100);
    const clash = await failure(admin.createFolder({ name: 'customers' }));
    expect([clash.code, clash.httpStatus]).toEqual([1101, 403]);
    expect((await failure(admin.createFolder({ name: 'Y', devices: ['999999'] }))).code).toBe(1000);
    const denied = await failure(plainUser.createFolder({ name: 'Mine' }));
    expect(denied.httpStatus).toBe(403);
    expect(denied.code).toBeUndefined();
  });

  it('updates with absent, empty and listed collections, via both paths', async () => {
    const parent = await admin.createFolder({ name: 'Upd Parent' });
    const other = await admin.createFolder({ name: 'Upd Other' });
    const sub = await admin.createFolder({ name: 'Upd Sub', parentId: parent });
    const [d1, d2] = (await admin.listDevices()).slice(5, 7);
    await admin.updateFolder(parent, { name: 'Upd Parent', devices: [d1!.id, d2!.id] });
    await admin.updateFolder(parent, { name: 'Upd Parent 2' });
    let shown = await admin.getFolder(parent);
    expect(shown.name).toBe('Upd Parent 2');
    expect(shown.folders?.map((f) => f.id)).toEqual([sub]);
    expect(shown.devices?.map((d) => d.id)).toEqual([d1!.id, d2!.id]);
    await admin.updateFolder(parent, { name: 'Upd Parent 2', folders: [], devices: [] });
    shown = await admin.getFolder(parent);
    expect(shown.folders).toEqual([]);
    expect(shown.devices).toEqual([]);
    expect((await admin.getFolder(sub)).parentId).toBeNull();
    expect((await admin.getDevice(d1!.id)).folderId).toBeNull();
    // The parent in the path wins over the body's.
    await admin.updateFolder(sub, { name: 'Upd Sub', parentId: parent }, { viaParent: other });
    expect((await admin.getFolder(sub)).parentId).toBe(other);
  });

  it('answers 1100, 1101, 1000 on update and refuses a cycle with 422', async () => {
    const a = await admin.createFolder({ name: 'Cyc A' });
    const b = await admin.createFolder({ name: 'Cyc B', parentId: a });
    expect((await failure(admin.updateFolder('999', { name: 'X' }))).code).toBe(1100);
    expect((await failure(admin.updateFolder(b, { name: 'Cyc B', parentId: '999' }))).code).toBe(1100);
    expect((await failure(admin.updateFolder(a, { name: 'Customers' }))).code).toBe(1101);
    expect((await failure(admin.updateFolder(a, { name: 'Cyc A', devices: ['999999'] }))).code).toBe(1000);
    const cycle = await failure(admin.updateFolder(a, { name: 'Cyc A', parentId: b }));
    expect(cycle.httpStatus).toBe(422);
    expect(cycle.code).toBeUndefined();
    expect((await admin.getFolder(a)).parentId).toBeNull();
  });

  it('destroys an empty folder; 1103 when not empty, 1100 when unknown', async () => {
    const a = await admin.createFolder({ name: 'Del A' });
    await admin.createFolder({ name: 'Del B', parentId: a });
    const notEmpty = await failure(admin.deleteFolder(a));
    expect([notEmpty.code, notEmpty.httpStatus]).toEqual([1103, 403]);
    const empty = await admin.createFolder({ name: 'Del C' });
    await admin.deleteFolder(empty);
    expect((await failure(admin.getFolder(empty))).code).toBe(1100);
    expect((await failure(admin.deleteFolder(empty))).code).toBe(1100);
  });
});

describe('devices (§4.3)', () => {
  it('lists all devices and a folder’s, shows one; 1100 and 1000 for unknown ids', async () => {
    const all = await admin.listDevices();
    expect(all.length).toBe(40);
    expect(all[0]).toEqual(h.service.store.getDevice(all[0]!.id));
    const folderId = all.find((d) => d.folderId !== null)!.folderId!;
    const inFolder = await admin.listDevices(folderId);
    expect(inFolder.every((d) => d.folderId === folderId)).toBe(true);
    expect(inFolder.length).toBe(all.filter((d) => d.folderId === folderId).length);
    expect((await failure(admin.listDevices('999'))).code).toBe(1100);
    expect((await failure(admin.getDevice('999999'))).code).toBe(1000);
  });

  it('updates alias and folder (both paths), unassigns with null; 1000 and 1100 on update', async () => {
    const device = (await admin.listDevices())[10]!;
    const target = await admin.createFolder({ name: 'Dev Target' });
    await admin.updateDevice(device.id, { alias: 'Reception PC' });
    expect((await admin.getDevice(device.id)).alias).toBe('Reception PC');
    await admin.updateDevice(device.id, { folderId: null }, { viaFolder: target });
    expect((await admin.getDevice(device.id)).folderId).toBe(target);
    await admin.updateDevice(device.id, { folderId: null });
    expect((await admin.getDevice(device.id)).folderId).toBeNull();
    await admin.updateDevice(device.id, { alias: 'Kept folder' });
    expect((await admin.getDevice(device.id)).folderId).toBeNull();
    expect((await failure(admin.updateDevice('999999', { alias: 'x' }))).code).toBe(1000);
    const unknownFolder = await failure(admin.updateDevice(device.id, { folderId: '999' }));
    expect([unknownFolder.code, unknownFolder.httpStatus]).toEqual([1100, 404]);
  });
});

describe('support sessions (§4.2)', () => {
  it('creates (Location → id), lists, shows, updates and destroys', async () => {
    const id = await admin.createSession({
      customer: 'Carmen Ruiz',
      language: 'es',
      customerMail: 'carmen@customer.example',
    });
    const session = await admin.getSession(id);
    expect(session).toMatchObject({
      id,
      customer: 'Carmen Ruiz',
      state: 'planned',
      userId: '1',
      plannedEndTime: null,
    });
    expect(session.code).toMatch(/^\d{9}$/);
    expect((await admin.listSessions()).map((s) => s.id)).toContain(id);
    expect(
      h.service.outbox.list().some((m) => m.sessionId === id && m.to === 'carmen@customer.example'),
    ).toBe(true);
    await admin.updateSession(id, { language: 'fr', plannedEndTime: '2099-01-01T10:00:00Z' });
    expect(await admin.getSession(id)).toMatchObject({
      language: 'fr',
      customer: 'Carmen Ruiz',
      plannedEndTime: '2099-01-01T10:00:00Z',
    });
    await admin.deleteSession(id);
    expect((await failure(admin.getSession(id))).code).toBe(1300);
  });

  it('answers 1301, 1302 on create, 1002 and 1300 on update, 1300 on destroy', async () => {
    const blankCustomer = await failure(admin.createSession({ customer: ' ', language: 'en' }));
    expect([blankCustomer.code, blankCustomer.httpStatus]).toEqual([1301, 422]);
    const blankLanguage = await failure(admin.createSession({ customer: 'Ana', language: '' as 'en' }));
    expect([blankLanguage.code, blankLanguage.httpStatus]).toEqual([1302, 422]);
    const id = await admin.createSession({
      customer: 'Ana',
      language: 'en',
      plannedInitTime: '2099-01-01T09:00:00Z',
    });
    const invalid = await failure(admin.updateSession(id, { plannedEndTime: '2099-01-01T08:00:00Z' }));
    expect([invalid.code, invalid.httpStatus]).toEqual([1002, 403]);
    expect((await failure(admin.updateSession('999', { customer: 'X' }))).code).toBe(1300);
    expect((await failure(admin.deleteSession('999'))).code).toBe(1300);
  });

  it('refuses deleting a finished session with 403 without a code', async () => {
    const finished = h.service.store.listSessions().find((s) => s.state === 'finished')!;
    const error = await failure(admin.deleteSession(finished.id));
    expect(error.httpStatus).toBe(403);
    expect(error.code).toBeUndefined();
    expect((await admin.getSession(finished.id)).state).toBe('finished');
  });
});
