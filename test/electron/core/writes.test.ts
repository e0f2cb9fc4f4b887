// Writes: checked before sending, optimistic with rollback, creates never retried, bulk moves capped.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataChange } from '../../../shared/ipc/contract.js';
import { settle } from '../support/fake-clock.js';
import { device, serviceError } from '../support/fake-service.js';
import type { Harness } from '../support/core-harness.js';
import { makeHarness } from '../support/core-harness.js';

let h: Harness;
afterEach(async () => h?.dispose());

async function signedIn(): Promise<Harness> {
  h = await makeHarness();
  await h.signIn();
  return h;
}

describe('checked before sending', () => {
  it('refuses a folder name already used at that level with the 1101 error on the name field', async () => {
    await signedIn();
    const r = await h.invoke('folders:create', { name: 'Branch B', parentId: null });
    expect(!r.ok && r.error).toMatchObject({ kind: 'validation', code: 1101, field: 'name' });
    const rename = await h.invoke('folders:rename', { id: '20', name: 'Branch A' });
    expect(!rename.ok && rename.error.code).toBe(1101);
    // the same name one level down is fine
    const ok = await h.invoke('folders:create', { name: 'Branch B', parentId: '10' });
    expect(ok.ok).toBe(true);
    expect(h.service.count('createFolder')).toBe(1);
  });

  it('explains why a non-empty folder cannot be deleted, with the counts', async () => {
    await signedIn();
    h.service.devices.set('7', device('7', '10'));
    await h.invoke('sync:refresh', { datasets: ['devices'] });
    const r = await h.invoke('folders:delete', { id: '10' });
    expect(!r.ok && r.error).toMatchObject({ code: 1103 });
    expect(!r.ok && r.error.message).toContain('move its 2 devices and 1 sub-folder first');
    expect(h.service.count('deleteFolder')).toBe(0);
  });

  it("counts a folder's devices as their owner holds them, a move just made included", async () => {
    await signedIn();
    // Named like the folder's id: not in it for that.
    h.service.devices.set('8', { ...device('8', '20'), name: '10' });
    await h.invoke('sync:refresh', { datasets: ['devices'] });
    const moved = await h.invoke('devices:move', { ids: ['1'], folderId: '20' });
    expect(moved.ok && moved.value.moved).toEqual(['1']);
    const r = await h.invoke('folders:delete', { id: '10' });
    expect(!r.ok && r.error.message).toContain('move its 1 sub-folder first');
    expect(!r.ok && r.error.values).toMatchObject({ devices: 0, folders: 1 });
    // Moved there already: nothing to send, and it counts as moved.
    const again = await h.invoke('devices:move', { ids: ['1'], folderId: '20' });
    expect(again.ok && again.value).toEqual({ moved: ['1'], failed: [] });
    expect(h.service.count('updateDevice')).toBe(1);
  });

  it('refuses to delete a finished session and to move a folder into its own sub-folder', async () => {
    await signedIn();
    const del = await h.invoke('sessions:delete', { id: '501' });
    expect(!del.ok && del.error.message).toMatch(/finished session cannot be deleted/);
    const move = await h.invoke('folders:move', { id: '10', parentId: '12' });
    expect(!move.ok && move.error.field).toBe('parentId');
    expect(h.service.count('deleteSession') + h.service.count('updateFolder')).toBe(0);
  });
});

describe('optimistic writes', () => {
  it('applies a rename at once and rolls it back when the service refuses', async () => {
    await signedIn();
    h.service.failures.set('updateFolder', [
      serviceError('service', { code: 1101, httpStatus: 403, field: 'name' }),
    ]);
    const before = h.changes('folders').length;
    const r = await h.invoke('folders:rename', { id: '20', name: 'Elsewhere' });
    expect(!r.ok && r.error).toMatchObject({ kind: 'service', code: 1101, field: 'name' });
    const [applied, rolledBack] = h.changes('folders').slice(before) as DataChange<'folders'>[];
    expect(applied?.changed[0]).toMatchObject({ id: '20', name: 'Elsewhere' });
    expect(rolledBack?.changed[0]).toMatchObject({ id: '20', name: 'Branch B' });
    expect(h.core.state().data.folders.find((f) => f.id === '20')?.name).toBe('Branch B');
  });

  it('keeps a successful write even if a poll that started before it returns old data', async () => {
    await signedIn();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const original = h.service.listDevices.bind(h.service);
    h.service.listDevices = async (...args) => {
      const list = await original(...args); // taken before the write
      await gate;
      return list;
    };
    const poll = h.invoke('sync:refresh', { datasets: ['devices'] });
    await settle();
    const write = await h.invoke('devices:set-alias', { id: '1', alias: 'Reception' });
    expect(write.ok).toBe(true);
    release();
    await poll;
    expect((await h.core.snapshot()).data.devices.find((d) => d.id === '1')?.alias).toBe('Reception');
  });

  it('moves devices in bulk with one PUT each and reports which failed, rolling those back', async () => {
    await signedIn();
    h.service.failures.set('updateDevice', [serviceError('service', { code: 1000, httpStatus: 404 })]);
    const r = await h.invoke('devices:move', { ids: ['1', '2', '3', 'nope'], folderId: '20' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.moved.sort()).toEqual(['2', '3']);
    expect(r.value.failed.map((f) => f.id).sort()).toEqual(['1', 'nope']);
    expect(h.service.count('updateDevice')).toBe(3);
    const devices = new Map((await h.core.snapshot()).data.devices.map((d) => [d.id, d.folderId]));
    expect(devices.get('1')).toBe('10');
    expect(devices.get('2')).toBe('20');
    expect(devices.get('3')).toBe('20');
  });
});

describe('the outcome of an edit, told once', () => {
  it('a refused edit is answered in its reply and not listed again for a retry', async () => {
    await signedIn();
    h.service.failures.set('updateDevice', [
      serviceError('service', { code: 1002, httpStatus: 422, field: 'alias' }),
    ]);
    const r = await h.invoke('devices:set-alias', { id: '1', alias: 'Refused' });
    expect(!r.ok && r.error).toMatchObject({ code: 1002, field: 'alias' });
    expect((await h.core.snapshot()).data.devices.find((d) => d.id === '1')?.alias).not.toBe('Refused');
    const outbox = await h.invoke('outbox:state', {});
    expect(outbox.ok && outbox.value.items).toEqual([]);
  });

  it('an edit left waiting (signed out) and refused later is listed: no reply waits for it', async () => {
    await signedIn();
    const refused = serviceError('service', { code: 1002, httpStatus: 422, field: 'alias' });
    h.service.failures.set('updateDevice', [serviceError('not-signed-in', { httpStatus: 401 }), refused]);
    const waiting = await h.invoke('devices:set-alias', { id: '1', alias: 'Later' });
    expect(waiting.ok).toBe(true);
    await h.signIn();
    await vi.waitFor(async () => {
      const outbox = await h.invoke('outbox:state', {});
      const items = outbox.ok ? outbox.value.items : [];
      expect(items.map((i) => [i.state, i.error?.code])).toEqual([['failed', 1002]]);
    });
  });
});

describe('creates', () => {
  it('fetches the new session by id so the picture has the service values', async () => {
    await signedIn();
    const r = await h.invoke('sessions:create', { customer: 'Zoe', language: 'en' });
    expect(r.ok).toBe(true);
    const id = r.ok ? r.value.id : '';
    expect(h.core.state().data.sessions.find((s) => s.id === id)?.code).toBe(`K${id}`);
    expect(h.service.calls.filter((c) => c.method === 'getSession').map((c) => c.args[0])).toEqual([id]);
  });

  it('never retries a create: a timeout says the outcome is unknown and refreshes the list', async () => {
    await signedIn();
    h.service.failures.set('createSession', [serviceError('timeout', { outcomeUnknown: true })]);
    const listed = h.service.count('listSessions');
    const r = await h.invoke('sessions:create', { customer: 'Zoe', language: 'en' });
    expect(!r.ok && r.error).toMatchObject({ kind: 'timeout', outcomeUnknown: true, retryable: false });
    expect(!r.ok && r.error.message).toMatch(/may or may not have been created/);
    await settle();
    expect(h.service.count('createSession')).toBe(1);
    expect(h.service.count('listSessions')).toBe(listed + 1);
  });
});
