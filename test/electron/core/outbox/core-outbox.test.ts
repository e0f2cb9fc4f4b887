// The outbox inside the core: an offline edit survives a restart of the app, is shown again over the
// offline copy, is not undone by a poll that lands before it is sent (SyncEngine.beginWrite's contract),
// and is sent once the service answers again. A conflict found on the way is shown with the service's
// values until the technician chooses.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataChange } from '../../../../shared/ipc/contract.js';
import type { Device } from '../../../../shared/model.js';
import type { OutboxState } from '../../../../shared/outbox.js';
import { POLL_INTERVALS } from '../../../../electron/core/sync-engine.js';
import type { Harness } from '../../support/core-harness.js';
import { makeHarness } from '../../support/core-harness.js';
import { settle } from '../../support/fake-clock.js';
import { serviceError } from '../../support/fake-service.js';

let harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose().catch(() => {});
});

const aliasIn = async (h: Harness, id: string) =>
  (await h.core.snapshot()).data.devices.find((d) => d.id === id)?.alias;
/** Every alias the renderer was shown for a device, in order. */
const shownAliases = (h: Harness, id: string) =>
  h
    .changes('devices')
    .flatMap((c) => [...(c as DataChange<'devices'>).added, ...(c as DataChange<'devices'>).changed])
    .filter((d: Device) => d.id === id)
    .map((d) => d.alias);
const outboxState = (h: Harness): OutboxState | undefined =>
  h.events.filter((e) => e.event === 'outbox:state').at(-1)?.payload as OutboxState | undefined;

describe('the outbox in the core', () => {
  it('a bulk change or conflict that is gone is refused with its own message key', async () => {
    const h = await makeHarness();
    harnesses.push(h);
    await h.signIn();
    expect(await h.invoke('bulk:pause', { batchId: 'gone' })).toMatchObject({
      ok: false,
      error: { kind: 'validation', key: 'error.app.bulkGone' },
    });
    expect(await h.invoke('outbox:resolve', { entryId: 'gone', choice: 'mine' })).toMatchObject({
      ok: false,
      error: { kind: 'validation', key: 'error.app.conflictGone' },
    });
  });

  it('a write still open fences its own device only: the rest of every poll meanwhile lands', async () => {
    const h = await makeHarness();
    harnesses.push(h);
    await h.signIn();
    // Sending the write is cut off again and again (the polls get through): it stays open, retried.
    h.service.failures.set(
      'updateDevice',
      Array.from({ length: 100 }, () => serviceError('network')),
    );
    const shownBefore = shownAliases(h, '1').length;
    expect((await h.invoke('devices:set-alias', { id: '1', alias: 'Mine' })).ok).toBe(true);
    const other = h.service.devices.get('2')!;
    const flipped = other.status === 'offline' ? 'online' : 'offline';
    h.service.devices.set('2', { ...other, status: flipped });
    const sentBefore = h.service.count('updateDevice');
    const polls = h.service.count('listDevices');
    await h.clock.advance(POLL_INTERVALS.background.devices);
    await settle();
    console.log(
      'DBG',
      h.service.count('listDevices') - polls,
      h.core.state().sync.connection,
      h.service.count('getDevice'),
    );
    expect(h.service.count('listDevices')).toBeGreaterThan(polls);
    expect((await h.core.snapshot()).data.devices.find((d) => d.id === '2')?.status).toBe(flipped);
    // Still not sent (each try cut off), so still fenced: the poll's old alias was not shown.
    expect(h.service.count('updateDevice')).toBeGreaterThan(sentBefore);
    expect(h.service.devices.get('1')?.alias).not.toBe('Mine');
    expect(await aliasIn(h, '1')).toBe('Mine');
    expect(shownAliases(h, '1').slice(shownBefore)).toEqual(['Mine']);
  });

  it('an offline edit survives a restart, is not undone by a poll before it is sent, and is sent when back', async () => {
    const h = await makeHarness();
    harnesses.push(h);
    await h.signIn();
    h.service.down = serviceError('network');
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    expect(await h.invoke('devices:set-alias', { id: '1', alias: 'Kept offline' })).toEqual({
      ok: true,
      value: undefined,
    });
    await h.clock.advance(200);
    expect(outboxState(h)).toMatchObject({ pending: 1, waiting: 'offline' });

    // The app quits and starts again, still without the service.
    const h2 = await h.restart();
    harnesses = [h2];
    await settle();
    expect(await aliasIn(h2, '1')).toBe('Kept offline');

    // The service is back, still with the old alias; the outbox's first look at the device is cut off, so
    // polls of the full list land while the edit still waits: they must not show the old alias again.
    h2.service.failures.set('getDevice', [serviceError('network')]);
    h2.service.down = null;
    const sentBefore = h2.service.count('updateDevice');
    await h2.clock.advance(POLL_INTERVALS.background.devices);
    expect(h2.service.count('listDevices')).toBeGreaterThan(0);
    await vi.waitFor(async () => {
      await h2.clock.advance(2_000);
      expect(h2.service.devices.get('1')?.alias).toBe('Kept offline');
    });
    expect(h2.service.count('updateDevice')).toBe(sentBefore + 1);
    expect(shownAliases(h2, '1').every((a) => a === 'Kept offline')).toBe(true);
    expect(await aliasIn(h2, '1')).toBe('Kept offline');
  });

  it('after a long outage the waiting edit goes as soon as the service answers, not at the end of its backoff', async () => {
    const h = await makeHarness();
    harnesses.push(h);
    await h.signIn();
    h.service.down = serviceError('network');
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    await h.invoke('devices:set-alias', { id: '1', alias: 'After the outage' });
    // Ten minutes down: the outbox's own retries have backed off to about a minute apart.
    for (let i = 0; i < 60; i++) await h.clock.advance(10_000);
    h.service.down = null;
    expect(await h.invoke('sync:refresh', {})).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(h.service.devices.get('1')?.alias).toBe('After the outage'));
  });

  it('a conflict shows the service’s value until the technician keeps theirs or takes the service’s', async () => {
    const h = await makeHarness();
    harnesses.push(h);
    await h.signIn();
    h.service.down = serviceError('network');
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    await h.invoke('devices:set-alias', { id: '1', alias: 'Mine' });
    await h.invoke('devices:set-alias', { id: '2', alias: 'Mine too' });
    // Someone else renames both meanwhile.
    h.service.devices.set('1', { ...h.service.devices.get('1')!, alias: 'Theirs' });
    h.service.devices.set('2', { ...h.service.devices.get('2')!, alias: 'Theirs too' });
    const tried = h.service.count('updateDevice'); // the attempts that found the service down
    h.service.down = null;
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    await vi.waitFor(async () => {
      await h.clock.advance(200);
      expect(outboxState(h)?.conflicts).toHaveLength(2);
    });
    expect(h.service.count('updateDevice')).toBe(tried);
    expect(await aliasIn(h, '1')).toBe('Theirs');

    const [c1, c2] = outboxState(h)!.conflicts;
    expect(await h.invoke('outbox:resolve', { entryId: c1!.entryId, choice: 'mine' })).toMatchObject({
      ok: true,
    });
    expect(await h.invoke('outbox:resolve', { entryId: c2!.entryId, choice: 'theirs' })).toMatchObject({
      ok: true,
    });
    await vi.waitFor(() => expect(h.service.devices.get('1')?.alias).toBe('Mine'));
    expect(await aliasIn(h, '1')).toBe('Mine');
    expect(h.service.devices.get('2')?.alias).toBe('Theirs too');
    expect(await aliasIn(h, '2')).toBe('Theirs too');
  });
});
