// The renderer's client: a typed proxy per service over the one Bridge. A call goes out as its channel;
// a cancellable call aborted by its signal is answered 'cancelled' at once and the main side is told
// which call to stop (the callId it was sent with).
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../renderer/state/client.js';
import { createFakeBridge } from '../support/fake-bridge.js';

describe('client', () => {
  it('sends a method as its channel, with an empty payload when none is given', async () => {
    const bridge = createFakeBridge();
    const { client } = createClient(bridge);
    bridge.handle('devices:set-alias', () => undefined);
    expect(await client.devices.setAlias({ id: '1', alias: 'Front desk' })).toEqual({
      ok: true,
      value: undefined,
    });
    await client.outbox.state();
    expect(bridge.calls.map((c) => [c.channel, c.payload])).toEqual([
      ['devices:set-alias', { id: '1', alias: 'Front desk' }],
      ['outbox:state', {}],
    ]);
  });

  it('is no promise: awaiting a service does not send anything', async () => {
    const bridge = createFakeBridge();
    const { client } = createClient(bridge);
    expect(await client.devices).toBe(client.devices);
    expect(bridge.calls).toEqual([]);
  });

  it('a lost main process is an AppError, not a rejection', async () => {
    const bridge = createFakeBridge();
    bridge.invoke = () => Promise.reject(new Error('gone'));
    const { client } = createClient(bridge);
    const result = await client.app.snapshot();
    expect(!result.ok && result.error.key).toBe('error.app.mainLost');
  });

  it('aborting a history export answers cancelled at once and cancels that call on the main side', async () => {
    const bridge = createFakeBridge();
    let release!: () => void;
    bridge.handle(
      'history:export',
      () =>
        new Promise((resolve) => (release = () => resolve({ ok: true, value: { filename: 'x', csv: '' } }))),
    );
    const { client } = createClient(bridge);
    const run = new AbortController();
    const pending = client.status.historyExport(
      { target: { kind: 'device', id: '7' }, days: 30, zone: 'UTC' },
      { signal: run.signal },
    );
    run.abort();
    const result = await pending;
    expect(!result.ok && result.error.kind).toBe('cancelled');
    const [sent] = bridge.callsTo('history:export');
    expect(sent?.callId).toMatch(/.+/);
    expect(bridge.callsTo('app:cancel')).toEqual([{ callId: sent?.callId }]);
    release();
  });

  it('a bulk start whose signal is already aborted is not sent at all', async () => {
    const bridge = createFakeBridge();
    const { client } = createClient(bridge);
    const run = new AbortController();
    run.abort();
    const result = await client.outbox.bulkStart(
      { kind: 'move', ids: ['1'], folderId: null },
      { signal: run.signal },
    );
    expect(!result.ok && result.error.kind).toBe('cancelled');
    expect(bridge.calls).toEqual([]);
  });

  it('each stoppable call has its own callId; one that finishes is not cancelled later', async () => {
    const bridge = createFakeBridge();
    bridge.handle('bulk:start', () => ({ batchId: 'b1', total: 1, unknown: [], unchanged: [] }));
    const { client } = createClient(bridge);
    const run = new AbortController();
    const request = { kind: 'move' as const, ids: ['1'], folderId: null };
    const first = await client.outbox.bulkStart(request, { signal: run.signal });
    await client.outbox.bulkStart(request, { signal: run.signal });
    expect(first.ok && first.value.batchId).toBe('b1');
    const ids = bridge.callsTo('bulk:start').map((p) => p.callId);
    expect(new Set(ids).size).toBe(2);
    run.abort();
    expect(bridge.callsTo('app:cancel')).toEqual([]);
  });
});
