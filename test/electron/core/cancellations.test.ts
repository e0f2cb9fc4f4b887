// Long calls the technician can stop (app:cancel with the callId the renderer's client chose): the work
// is stopped on the main side, not merely forgotten by the renderer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppFailure } from '../../../shared/errors.js';
import { Cancellations } from '../../../electron/core/cancellations.js';
import { StatusHistory } from '../../../electron/core/status-history/history-store.js';
import { statusHandlers } from '../../../electron/core/status-handlers.js';
import type { MonitorData, StatusMonitor } from '../../../electron/core/status-monitor.js';
import type { Harness } from '../support/core-harness.js';
import { makeHarness } from '../support/core-harness.js';
import { deltaChange, device, resetChange } from '../support/history-fixtures.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const DAY = 24 * 60 * 60_000;

function kindOf(caught: unknown): string | undefined {
  return caught instanceof AppFailure ? caught.kind : undefined;
}

describe('Cancellations', () => {
  it('aborts the running call named, and refuses one whose cancel came first', async () => {
    const calls = new Cancellations();
    let seen: AbortSignal | null = null;
    let release!: () => void;
    const running = calls.run('c1', async (signal) => {
      seen = signal;
      await new Promise<void>((resolve) => (release = resolve));
      return signal.aborted;
    });
    expect(calls.cancel('c1')).toBe(true);
    release();
    expect(await running).toBe(true);
    expect(seen!.aborted).toBe(true);
    // Over HTTP a cancel may overtake its call: the call then does not start.
    expect(calls.cancel('c2')).toBe(false);
    let started = false;
    const late = calls.run('c2', async () => (started = true));
    await expect(late).rejects.toSatisfy((e) => kindOf(e) === 'cancelled');
    expect(started).toBe(false);
  });

  it('refuses a callId already running, so one cancel cannot stop the wrong call', async () => {
    const calls = new Cancellations();
    let release!: () => void;
    const first = calls.run('same', () => new Promise<void>((resolve) => (release = resolve)));
    await expect(calls.run('same', async () => 1)).rejects.toSatisfy((e) => kindOf(e) === 'validation');
    release();
    await first;
  });
});

describe('history:export', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stops reading the history once cancelled, and answers cancelled', async () => {
    let release!: () => void;
    let given: AbortSignal | undefined;
    const monitor = {
      history: {
        transitions: async (_from: number, _to: number, _ids: unknown, signal?: AbortSignal) => {
          given = signal;
          await new Promise<void>((resolve) => (release = resolve));
          return [];
        },
        gaps: () => [],
      },
    } as unknown as StatusMonitor;
    const data = {
      devices: () => ({ idsInFolders: () => [], labelOf: () => null }),
      folderIds: () => [],
      folderParent: () => null,
    } as unknown as MonitorData;
    const calls = new Cancellations();
    const handlers = statusHandlers(
      () => monitor,
      () => data,
      () => T0,
      undefined,
      calls,
    );
    const exporting = handlers['history:export']({
      target: { kind: 'device', id: 'd1' },
      days: 30,
      zone: 'UTC',
      callId: 'x1',
    });
    // Reading the history has begun (it waits for the history to be open first: status-keeper.ts ready).
    await vi.waitFor(() => expect(given).toBeDefined());
    expect(calls.cancel('x1')).toBe(true);
    expect(given?.aborted).toBe(true);
    release();
    await expect(exporting).rejects.toSatisfy((e) => kindOf(e) === 'cancelled');
  });

  it('the history store reads no further day once the signal is aborted', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sc-cancel-'));
    const h = await StatusHistory.open({ dir });
    h.recordDevices(resetChange([device('d1', 'online')], T0), T0);
    h.recordDevices(deltaChange([device('d1', 'offline')], T0 + DAY), T0 + DAY);
    h.recordDevices(deltaChange([device('d1', 'online')], T0 + 2 * DAY), T0 + 2 * DAY);
    await h.flush();
    expect(await h.transitions(T0 - DAY, T0 + 3 * DAY)).toHaveLength(3);
    const stopped = new AbortController();
    stopped.abort();
    await expect(h.transitions(T0 - DAY, T0 + 3 * DAY, undefined, stopped.signal)).rejects.toSatisfy(
      (e) => kindOf(e) === 'cancelled',
    );
    await h.close(T0 + 3 * DAY);
  });
});

describe('bulk:start', () => {
  let h: Harness;
  afterEach(async () => h?.dispose());

  it('cancelled before its writes are queued, queues nothing and sends nothing', async () => {
    h = await makeHarness();
    await h.signIn();
    const before = h.service.count('updateDevice');
    const starting = h.invoke('bulk:start', {
      kind: 'alias',
      items: [
        { id: '1', alias: 'One' },
        { id: '2', alias: 'Two' },
      ],
      callId: 'b1',
    });
    const cancel = h.invoke('app:cancel', { callId: 'b1' });
    const [started, cancelled] = await Promise.all([starting, cancel]);
    expect(!started.ok && started.error.kind).toBe('cancelled');
    expect(cancelled.ok && cancelled.value).toEqual({ cancelled: true });
    const state = await h.invoke('outbox:state');
    expect(state.ok && state.value.pending).toBe(0);
    expect((await h.core.snapshot()).data.devices.map((d) => d.alias)).not.toContain('One');
    expect(h.service.count('updateDevice')).toBe(before);
  });

  it('without a cancel, the same start queues its writes', async () => {
    h = await makeHarness();
    await h.signIn();
    const started = await h.invoke('bulk:start', {
      kind: 'alias',
      items: [{ id: '1', alias: 'One' }],
      callId: 'b2',
    });
    expect(started.ok && started.value.total).toBe(1);
  });
});
