// The sync engine through the AppCore: the first picture, diffs, polling rhythm, backoff, offline, 401.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Backoff } from '../../../electron/core/backoff.js';
import { POLL_INTERVALS } from '../../../electron/core/sync-engine.js';
import type { AuthState, FolderNode, SyncState } from '../../../shared/ipc/contract.js';
import { settle } from '../support/fake-clock.js';
import { device, serviceError } from '../support/fake-service.js';
import type { Harness } from '../support/core-harness.js';
import { lastSyncState, makeHarness } from '../support/core-harness.js';

let h: Harness;
afterEach(async () => h?.dispose());

const lastSync = (x: Harness): SyncState => lastSyncState(x.events);
const lastAuth = (x: Harness) =>
  x.events.filter((e) => e.event === 'auth:state').at(-1)?.payload as AuthState;

describe('first sync', () => {
  it('builds the folder tree level by level, all devices in one request, sessions, users and the current user', async () => {
    h = await makeHarness();
    await h.signIn();
    const snap = await h.core.snapshot();
    const folders = new Map(snap.data.folders.map((f: FolderNode) => [f.id, f]));
    expect([...folders.keys()].sort()).toEqual(['10', '11', '12', '20']);
    expect(folders.get('12')?.parentId).toBe('11');
    expect(folders.get('11')?.parentId).toBe('10');
    expect(folders.get('10')?.parentId).toBeNull();
    expect(snap.data.devices.find((d) => d.id === '2')?.folderId).toBe('12');
    expect(snap.data.sessions).toHaveLength(2);
    expect(snap.data.users.map((u) => u.id)).toEqual(['1']);
    // root, then one request per folder whose children were not nested: 1 + 4
    expect(h.service.count('listFolders')).toBe(5);
    expect(h.service.count('listDevices')).toBe(1);
    expect(h.service.count('getCurrentUser')).toBeGreaterThanOrEqual(2); // sign-in + users dataset
    const sync = lastSync(h);
    expect(sync.connection).toBe('online');
    expect(sync.progress).toBeNull();
    const progress = h.events
      .filter((e) => e.event === 'sync:state')
      .map((e) => (e.payload as SyncState).progress)
      .filter((p) => p !== null);
    // the tree's size is learnt while walking it: 4 requests beside the folders, 5 for the folders
    expect(progress.at(-1)).toMatchObject({ label: 'Loading the account', total: 9 });
    for (const p of progress) expect(p!.done).toBeLessThanOrEqual(p!.total);
    for (const d of ['folders', 'devices', 'sessions', 'users'] as const) {
      expect(sync.datasets[d].fetchedAt).toBe(new Date(h.clock.now()).toISOString());
    }
    expect(h.changes('devices')[0]?.reset).toBe(true);
  });

  it('uses children nested in the list answer instead of asking for them', async () => {
    h = await makeHarness();
    h.service.nestTopLevel = true;
    await h.signIn();
    // root (nesting 10's and 20's children) + 11 (its children were not nested) + 12 = 3 requests
    expect(h.service.count('listFolders')).toBe(3);
    expect(h.core.state().data.folders).toHaveLength(4);
  });
});

describe('polling and diffs', () => {
  it('an idle poll tells the renderer one small sync:dataset per dataset polled, and sends no data', async () => {
    h = await makeHarness();
    await h.signIn();
    await h.clock.advance(1_000); // what signing in started (the outbox's first state) has been said
    const before = h.events.length;
    await h.clock.advance(POLL_INTERVALS.background.devices - 1_000);
    const after = h.events.slice(before);
    expect(h.service.count('listDevices')).toBe(2);
    expect(after.length).toBeGreaterThan(0);
    // Sessions poll four times in that minute, devices once: each poll's end is one small event.
    expect(new Set(after.map((e) => e.event))).toEqual(new Set(['sync:dataset']));
    for (const e of after) expect(JSON.stringify(e.payload).length).toBeLessThan(200);
    expect(after.filter((e) => (e.payload as { dataset: string }).dataset === 'devices')).toHaveLength(1);
    // What the renderer folds from them is the core's own state.
    expect(lastSync(h)).toEqual(h.core.state().sync);
  });

  it('sends nothing when a poll finds nothing new, and only the changed records otherwise', async () => {
    h = await makeHarness();
    await h.signIn();
    const before = h.changes('devices').length;
    await h.clock.advance(POLL_INTERVALS.background.devices);
    expect(h.service.count('listDevices')).toBe(2);
    expect(h.changes('devices')).toHaveLength(before);

    h.service.devices.set('1', { ...h.service.devices.get('1')!, status: 'busy' });
    h.service.devices.delete('3');
    h.service.devices.set('4', device('4', '20'));
    await h.clock.advance(POLL_INTERVALS.background.devices);
    const change = h.changes('devices').at(-1)!;
    expect(change.reset).toBe(false);
    expect(change.changed.map((d) => d.id)).toEqual(['1']);
    expect(change.added.map((d) => d.id)).toEqual(['4']);
    expect(change.removed).toEqual(['3']);
  });

  it('polls faster in front, slower hidden, not at all while suspended, at once on refresh and on wake', async () => {
    h = await makeHarness();
    await h.signIn();
    const sessionsCalls = () => h.service.count('listSessions');
    const start = sessionsCalls();
    h.core.setWindowActivity({ visible: true, focused: true });
    // In front, sessions every 15 s (the "sessions often, ~15 s"); devices faster than in the tray.
    expect(POLL_INTERVALS.foreground.sessions).toBe(15_000);
    expect(POLL_INTERVALS.foreground.devices).toBeLessThan(POLL_INTERVALS.background.devices);
    await h.clock.advance(15_000 - 1);
    expect(sessionsCalls()).toBe(start);
    await h.clock.advance(1);
    expect(sessionsCalls()).toBe(start + 1);

    h.core.setWindowActivity({ visible: false, focused: false });
    await h.clock.advance(POLL_INTERVALS.foreground.sessions);
    expect(sessionsCalls()).toBe(start + 1);
    await h.clock.advance(POLL_INTERVALS.hidden.sessions - POLL_INTERVALS.foreground.sessions);
    expect(sessionsCalls()).toBe(start + 2);

    h.core.setSuspended(true);
    await h.clock.advance(10 * 60_000);
    expect(sessionsCalls()).toBe(start + 2);
    h.core.setSuspended(false);
    await settle();
    expect(sessionsCalls()).toBe(start + 3);

    const refreshed = await h.invoke('sync:refresh', { datasets: ['sessions'] });
    expect(refreshed.ok).toBe(true);
    expect(sessionsCalls()).toBe(start + 4);

    // Refreshes asked while a poll is in flight poll once more after it, together: the poll in flight may
    // have been asked before the change the user refreshes for.
    const asked = await Promise.all(
      [1, 2, 3].map(() => h.invoke('sync:refresh', { datasets: ['sessions'] })),
    );
    expect(asked.every((r) => r.ok)).toBe(true);
    expect(sessionsCalls()).toBe(start + 6);
  });
});

describe('failures', () => {
  it('backs off with growing, jittered, capped delays and resets after a success', () => {
    const seq = [0, 1, 0.5];
    let i = 0;
    const backoff = new Backoff({ baseMs: 1_000, capMs: 8_000, random: () => seq[i++ % seq.length]! });
    const delays = Array.from({ length: 6 }, () => backoff.fail());
    // ceilings 1s, 2s, 4s, 8s, 8s, 8s; half fixed, half random
    expect(delays).toEqual([500, 2_000, 3_000, 4_000, 8_000, 6_000]);
    backoff.reset();
    expect(backoff.fail()).toBeLessThanOrEqual(1_000);
  });

  it('goes offline with the data kept, retries with backoff, comes back online', async () => {
    h = await makeHarness();
    await h.signIn();
    h.service.down = serviceError('network');
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    let sync = lastSync(h);
    expect(sync.connection).toBe('offline');
    expect(sync.offlineSince).toBe(new Date(h.clock.now()).toISOString());
    expect(sync.datasets.sessions.error?.kind).toBe('network');
    expect((await h.core.snapshot()).data.devices).toHaveLength(3);

    // backoff: 2 s base, random 0.5 -> 1.5 s, then 3 s, 6 s ...
    const calls = h.service.count('listSessions');
    await h.clock.advance(1_500);
    expect(h.service.count('listSessions')).toBe(calls + 1);
    await h.clock.advance(2_999);
    expect(h.service.count('listSessions')).toBe(calls + 1);
    await h.clock.advance(1);
    expect(h.service.count('listSessions')).toBe(calls + 2);

    // Offline, an edit waits in the outbox (shown at once) instead of being refused…
    const write = await h.invoke('devices:set-alias', { id: '1', alias: 'x' });
    expect(write).toEqual({ ok: true, value: undefined });
    expect((await h.core.snapshot()).data.devices.find((d) => d.id === '1')?.alias).toBe('x');
    expect(h.service.devices.get('1')?.alias).not.toBe('x');

    h.service.down = null;
    await h.clock.advance(6_000);
    sync = lastSync(h);
    expect(sync.connection).toBe('online');
    expect(sync.offlineSince).toBeNull();
    expect(sync.datasets.sessions.error).toBeNull();
    // …and is sent once the service answers again.
    await vi.waitFor(() => expect(h.service.devices.get('1')?.alias).toBe('x'));
  });

  it('treats clock skew as a dataset error to explain, not as a sign-out', async () => {
    h = await makeHarness();
    await h.signIn();
    h.service.failures.set('listSessions', [serviceError('clock-skew', { httpStatus: 401 })]);
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    expect(lastAuth(h).status).toBe('signed-in');
    expect(lastSync(h).datasets.sessions.error?.kind).toBe('clock-skew');
  });

  it('on 401 keeps the data and asks for sign-in again; signing in resumes syncing', async () => {
    h = await makeHarness();
    await h.signIn();
    h.service.failures.set('listSessions', [serviceError('not-signed-in', { httpStatus: 401 })]);
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    const auth = lastAuth(h);
    expect(auth.status).toBe('reauth-required');
    expect((await h.core.snapshot()).data.devices).toHaveLength(3);
    expect(h.core.trayState().status).toBe('signed-out');
    const calls = h.service.calls.length;
    await h.clock.advance(10 * 60_000);
    expect(h.service.calls.length).toBe(calls); // stopped

    const write = await h.invoke('folders:rename', { id: '10', name: 'New' });
    expect(!write.ok && write.error).toMatchObject({
      kind: 'not-signed-in',
      key: 'error.app.reauthToChange',
    });
    // A bulk start passes the same gate, with the same answer.
    const bulk = await h.invoke('bulk:start', { kind: 'move', ids: ['1'], folderId: null });
    expect(!bulk.ok && bulk.error).toMatchObject({ kind: 'not-signed-in', key: 'error.app.reauthToChange' });

    const resets = h.changes().filter((c) => c.reset).length;
    await h.signIn();
    expect(lastAuth(h).status).toBe('signed-in');
    expect(h.changes().filter((c) => c.reset).length).toBe(resets); // the picture was kept, not reloaded
    h.service.sessions.set('777', { ...h.service.sessions.get('500')!, id: '777' });
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    expect(h.core.state().data.sessions.map((s) => s.id)).toContain('777');
  });
});
