// The core against the running stand-in service over real loopback HTTP: the real token flow, signed XML,
// the devices decoded in the worker thread, the control API for revocation and fault injection.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { vaultAccount } from '../../../electron/core/vault.js';
import type { AuthState, DataChange } from '../../../shared/ipc/contract.js';
import type { Harness as ServiceHarness } from '../../service/support/service-harness.js';
import { ADMIN, control, startTestService } from '../../service/support/service-harness.js';
import { settle } from '../support/fake-clock.js';
import { liveCores } from '../support/live-core.js';

let svc: ServiceHarness;
const cores = liveCores(() => svc);
const { launch, signIn } = cores;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.service.close();
  cores.removeDirs();
});
afterEach(() => cores.disposeAll());

describe('against the stand-in service', () => {
  it('signs in with the PIN flow and builds the whole picture, nested folders and devices with their folders', async () => {
    const run = await launch();
    await signIn(run);
    const snap = await run.core.snapshot();
    expect(snap.auth).toMatchObject({ status: 'signed-in', account: { user: { email: ADMIN.email } } });
    const store = svc.service.store;
    expect(snap.data.devices.length).toBe(store.listDevices().length);
    expect(new Map(snap.data.devices.map((d) => [d.id, d.folderId]))).toEqual(
      new Map(store.listDevices().map((d) => [d.id, d.folderId])),
    );
    const all = await store.snapshot();
    const expectedFolders = new Map(Object.values(all.folders ?? {}).map((f) => [f.id, f.parentId ?? null]));
    expect(new Map(snap.data.folders.map((f) => [f.id, f.parentId]))).toEqual(expectedFolders);
    expect(snap.data.folders.some((f) => f.parentId !== null)).toBe(true); // nested levels were walked
    expect(snap.data.sessions.length).toBe(store.listSessions().length);
    expect(snap.data.users.length).toBe(store.listUsers().length);

    const before = run.changes.length;
    await run.invoke('sync:refresh', {});
    expect(run.changes.length).toBe(before); // nothing changed: nothing sent
  });

  it('a revoked token asks for sign-in again with the data kept; signing in resumes syncing', async () => {
    const run = await launch();
    await signIn(run);
    const user = (run.core.state().auth as Extract<AuthState, { status: 'signed-in' }>).account.user;
    const stored = await run.vault.read(vaultAccount(svc.service.baseUrl, user.id));
    expect((await control(svc, 'POST', 'tokens/revoke', { token: stored?.token })).status).toBe(200);
    await run.invoke('sync:refresh', { datasets: ['sessions'] });
    const snap = await run.core.snapshot();
    expect(snap.auth.status).toBe('reauth-required');
    expect(snap.data.devices.length).toBeGreaterThan(0);
    await signIn(run);
    expect(run.core.state().auth.status).toBe('signed-in');
    expect(run.core.state().sync.connection).toBe('online');
  });

  it('rolls back an optimistic rename the service refuses with 1101', async () => {
    const run = await launch();
    await signIn(run);
    const top = run.core.state().data.folders.filter((f) => f.parentId === null);
    const target = top[0]!;
    // Created behind the app's back: its picture does not know the name yet, the service does.
    const admin = svc.service.store.listUsers().find((u) => u.email === ADMIN.email)!;
    svc.service.store.createFolder(admin, { name: 'Taken elsewhere' });
    const r = await run.invoke('folders:rename', { id: target.id, name: 'Taken elsewhere' });
    expect(!r.ok && r.error).toMatchObject({ code: 1101, field: 'name' });
    expect(run.core.state().data.folders.find((f) => f.id === target.id)?.name).toBe(target.name);
    const last = run.changes.at(-1) as DataChange<'folders'>;
    expect(last.changed[0]).toMatchObject({ id: target.id, name: target.name });
  });

  it('clears a session’s planned end with null: at once in the picture, on the service, back after a refused try', async () => {
    const run = await launch();
    await signIn(run);
    const start = new Date(Date.now() + 3_600_000);
    const end = new Date(start.getTime() + 1_800_000);
    const created = await run.invoke('sessions:create', {
      customer: 'Ends planned',
      language: 'en',
      plannedInitTime: start.toISOString().replace(/\.\d+Z$/, 'Z'),
      plannedEndTime: end.toISOString().replace(/\.\d+Z$/, 'Z'),
    });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.id;
    await settle();
    const plannedEnd = () => run.core.state().data.sessions.find((s) => s.id === id)?.plannedEndTime;
    const withEnd = plannedEnd();
    expect(withEnd).toBeTruthy();

    // Refused: the picture shows no end while it is tried, then the old end again.
    await control(svc, 'POST', 'faults', {
      kind: 'error',
      count: 5,
      method: 'PUT',
      pathPrefix: '/support_sessions',
    });
    const refused = await run.invoke('sessions:update', { id, plannedEndTime: null });
    expect(refused.ok).toBe(false);
    await control(svc, 'DELETE', 'faults');
    expect(plannedEnd()).toBe(withEnd);
    expect(svc.service.store.getSession(id).plannedEndTime).toBeTruthy();
    const optimistic = run.changes.find(
      (c) =>
        c.dataset === 'sessions' &&
        (c as DataChange<'sessions'>).changed.some((s) => s.id === id && s.plannedEndTime === null),
    );
    expect(optimistic).toBeDefined();

    const cleared = await run.invoke('sessions:update', { id, plannedEndTime: null });
    expect(cleared).toEqual({ ok: true, value: undefined });
    expect(plannedEnd()).toBeNull();
    expect(svc.service.store.getSession(id).plannedEndTime ?? null).toBeNull();
    // Read back from the service: the end stays cleared, the rest of the session is kept.
    await run.invoke('sync:refresh', { datasets: ['sessions'] });
    expect(plannedEnd()).toBeNull();
    expect(run.core.state().data.sessions.find((s) => s.id === id)?.customer).toBe('Ends planned');
  });

  it('sends a create once when the connection drops, saying the outcome is unknown', async () => {
    const run = await launch();
    await signIn(run);
    await control(svc, 'POST', 'faults', {
      kind: 'reset',
      count: 3,
      method: 'POST',
      pathPrefix: '/support_sessions',
    });
    const r = await run.invoke('sessions:create', { customer: 'Once only', language: 'en' });
    expect(!r.ok && r.error.outcomeUnknown).toBe(true);
    const left = svc.service.controls.faults.pending()[0]?.count;
    expect(left).toBe(2); // one POST reached the service; nothing was retried
    await control(svc, 'DELETE', 'faults');
    // As the error says, the list is being refreshed: the technician tries again once the console has
    // heard back from the service (until then it counts as offline and sends no change).
    await vi.waitFor(() => expect(run.core.state().sync.connection).toBe('online'), { timeout: 5_000 });

    const created = await run.invoke('sessions:create', { customer: 'Created', language: 'en' });
    expect(created.ok).toBe(true);
    await settle();
    const session = run.core.state().data.sessions.find((s) => created.ok && s.id === created.value.id);
    expect(session?.code).toBeTruthy(); // read back from the service by id
  });
});
