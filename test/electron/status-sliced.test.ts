// The first full comparison of a large account is recorded in slices (turns of the event loop between
// them), not in one task: it must record exactly what recording it at once records (same frames on disk,
// same index), and what the history is told meanwhile must be recorded after it, never under it.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../electron/core/clock.js';
import { silentLogger } from '../../electron/core/logger.js';
import { Picture } from '../../electron/core/picture.js';
import { readCheckpoint } from '../../electron/core/status-history/checkpoint.js';
import { RECORD_SLICE, StatusHistory } from '../../electron/core/status-history/history-store.js';
import { StatusIndex } from '../../electron/core/status-history/status-index.js';
import { StatusKeeper } from '../../electron/core/status-keeper.js';
import type { Device } from '../../shared/model.js';
import { deltaChange, device, resetChange } from './support/history-fixtures.js';
import { listedDevices } from './support/device-facts.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const MIN = 60_000;
const N = RECORD_SLICE * 2 + 1_234;

let dir: string;
beforeEach(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'history-sliced-'));
});
afterEach(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

const fleet = (status: (i: number) => 'online' | 'offline'): Device[] =>
  Array.from({ length: N }, (_, i) => device(`d${i}`, status(i), `f${i % 7}`));

async function filesOf(d: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await fsp.readdir(d)).sort())
    if (name.endsWith('.seg') || !name.includes('.'))
      out[name] = (await fsp.readFile(path.join(d, name))).toString('base64');
  return out;
}

describe('StatusHistory.recordDevicesSliced', () => {
  it('records what recordDevices records, frame for frame, giving the thread back between slices', async () => {
    const first = fleet(() => 'online');
    // Every third device went offline, the last 100 are gone and 50 are new: a reset with all three kinds.
    const next = [
      ...fleet((i) => (i % 3 === 0 ? 'offline' : 'online')).slice(0, N - 100),
      ...Array.from({ length: 50 }, (_, i) => device(`new${i}`, 'online')),
    ];
    const runs: Array<{ poll: unknown; index: unknown; files: Record<string, string>; turns: number }> = [];
    for (const sliced of [false, true]) {
      const d = path.join(dir, sliced ? 'sliced' : 'whole');
      const h = await StatusHistory.open({ dir: d });
      let turns = 0;
      const turn = () => {
        turns += 1;
        return new Promise<void>((resolve) => setImmediate(resolve));
      };
      const record = (devices: Device[], at: number) =>
        sliced
          ? h.recordDevicesSliced(resetChange(devices, at), at, turn)
          : Promise.resolve(h.recordDevices(resetChange(devices, at), at));
      const baseline = await record(first, T0);
      expect(baseline?.baseline).toBe(true);
      const poll = await record(next, T0 + MIN);
      await h.close(T0 + 2 * MIN);
      const index = [...h.index.entries.entries()];
      // What is on disk says the same: replayed from the segments alone (no checkpoint), the same index.
      await fsp.rm(path.join(d, 'index.json'), { force: true });
      const replayed = await StatusHistory.open({ dir: d });
      expect([...replayed.index.entries.entries()]).toEqual(index);
      await replayed.close(T0 + 3 * MIN);
      runs.push({ poll, index, files: await filesOf(d), turns });
    }
    const [whole, sliced] = runs;
    expect(sliced!.turns).toBeGreaterThanOrEqual(10);
    expect(whole!.turns).toBe(0);
    expect((sliced!.poll as { transitions: unknown[] }).transitions).toHaveLength(
      Math.ceil((N - 100) / 3) + 150,
    );
    expect(sliced!.poll).toEqual(whole!.poll);
    expect(sliced!.index).toEqual(whole!.index);
    expect(Object.keys(sliced!.files).length).toBeGreaterThan(0);
    expect(sliced!.files).toEqual(whole!.files);
  });
});

describe('a reset over what is recorded', () => {
  it('gives the thread back within its search for devices that are gone, as within its comparison', async () => {
    const h = await StatusHistory.open({ dir });
    const devices = fleet(() => 'online');
    await h.recordDevicesSliced(resetChange(devices, T0), T0);
    let turns = 0;
    const turn = () => {
      turns += 1;
      return new Promise<void>((resolve) => setImmediate(resolve));
    };
    // Nothing changed, nothing gone: all that is left to slice is the comparison and the search.
    const poll = await h.recordDevicesSliced(resetChange(devices, T0 + MIN), T0 + MIN, turn);
    expect(poll?.transitions).toEqual([]);
    // N devices compared, N put in the set of those present, N recorded ones looked up in it.
    expect(turns).toBeGreaterThanOrEqual(3 * Math.floor(N / RECORD_SLICE));
    await h.close(T0 + 2 * MIN);
  });
});

describe('the index checkpoint', () => {
  it('is read back in slices: other work runs while a reopened console fills its index', async () => {
    const many = Array.from({ length: 50_000 }, (_, i) =>
      device(`d${i}`, i % 2 ? 'online' : 'offline', 'f1'),
    );
    const h = await StatusHistory.open({ dir });
    h.recordDevices(resetChange(many, T0), T0);
    await h.close(T0 + MIN); // writes the checkpoint
    const index = new StatusIndex();
    // The index's size as other tasks see it, turn after turn, while the checkpoint is read.
    const seen = new Set<number>();
    let done = false;
    const look = () => {
      seen.add(index.entries.size);
      if (!done) setImmediate(look);
    };
    setImmediate(look);
    const position = await readCheckpoint(dir, index);
    done = true;
    expect(position).not.toBeNull();
    expect(index.entries.size).toBe(50_000);
    expect(index.get('d1')).toMatchObject({ status: 'online', since: T0 });
    const between = [...seen].filter((n) => n > 0 && n < 50_000);
    expect(between.length).toBeGreaterThanOrEqual(10);
  });
});

describe('StatusKeeper', () => {
  const keeperOver = (devices: Device[], onSinceMoved: () => void, onDemand = false) => {
    const picture = new Picture();
    picture.reset('devices', devices, new Date(T0).toISOString());
    const keeper = new StatusKeeper({
      dataDir: dir,
      picture,
      clock: systemClock,
      logger: silentLogger,
      settings: () => ({
        notificationsEnabled: false,
        notificationsPausedUntil: null,
        historyRetentionDays: 90,
      }),
      notify: () => undefined,
      onTrayChange: () => undefined,
      devices: listedDevices(() => devices),
      onSinceMoved,
      onDemand,
    });
    return { keeper, picture };
  };

  it('tells the since rows between the slices of the first comparison, not only once it is over', async () => {
    const positions: number[] = [];
    const { keeper } = keeperOver(
      fleet(() => 'online'),
      () => positions.push(keeper.monitor?.history.index.cursor ?? -1),
    );
    await keeper.open('account-1');
    const opened = keeper.monitor!.history.index.cursor;
    keeper.devicesFetched(true);
    await keeper.settled();
    const final = keeper.monitor!.history.index.cursor;
    expect(keeper.monitor!.history.index.entries.size).toBe(N);
    // The stream (since-stream.ts) is told with the index part-way: its rows flow while the rest is compared.
    const between = new Set(positions.filter((p) => p > opened && p < final));
    expect(between.size).toBeGreaterThanOrEqual(1);
    expect(positions.at(-1)).toBe(final);
    await keeper.close({ reason: 'closed', forget: false });
  });

  it('opens a history deferred to its first use when a poll comes, and records the poll after it', async () => {
    const devices = fleet(() => 'online');
    const { keeper } = keeperOver(devices, () => undefined, true);
    await keeper.open('account-1');
    expect(keeper.monitor).toBeNull(); // nothing read yet
    keeper.devicesFetched(true); // the first full comparison: it opens the history and waits for it
    keeper.blind('offline');
    await keeper.settled();
    const history = keeper.monitor!.history;
    expect(history.index.entries.size).toBe(N);
    expect(history.index.gaps.at(-1)).toMatchObject({ reason: 'offline', end: null });
    await keeper.close({ reason: 'closed', forget: false });
  });

  it('leaves a history never used in this run as it was, and removes it when forgotten', async () => {
    const devices = fleet(() => 'online');
    const eager = keeperOver(devices, () => undefined).keeper;
    await eager.open('account-1');
    eager.devicesFetched(true);
    await eager.settled();
    await eager.close({ reason: 'closed', forget: false });
    const files = async () => {
      const out: string[] = [];
      for (const name of (await fsp.readdir(dir, { recursive: true })).sort()) {
        const info = await fsp.stat(path.join(dir, name));
        if (info.isFile()) out.push(`${name} ${info.size} ${info.mtimeMs}`);
      }
      return out;
    };
    const before = await files();
    expect(before.length).toBeGreaterThan(0);
    const { keeper } = keeperOver(devices, () => undefined, true);
    await keeper.open('account-1');
    keeper.blind('asleep'); // no watching in this run to interrupt
    await keeper.close({ reason: 'closed', forget: false });
    expect(await files()).toEqual(before);
    await keeper.open('account-1');
    await keeper.close({ reason: 'signed-out', forget: true });
    expect(await files()).toEqual([]);
  });

  it('records a change that comes during the sliced first comparison after it, not under it', async () => {
    const moved: number[] = [];
    const devices = fleet(() => 'online');
    const { keeper, picture } = keeperOver(devices, () =>
      moved.push(keeper.monitor?.history.index.cursor ?? -1),
    );
    await keeper.open('account-1');
    keeper.devicesFetched(true); // the first full comparison: sliced, still under way on return
    const offline = device('d7', 'offline', 'f0');
    picture.applyPolledPart({ added: [], changed: [offline], removed: [] }, false, picture.fetchedAt.devices);
    keeper.devicesPolled([deltaChange([offline], T0 + MIN)]);
    keeper.blind('offline');
    await keeper.settled();
    const history = keeper.monitor!.history;
    expect(history.index.get('d7')).toMatchObject({ status: 'offline', since: T0 + MIN, sinceExact: true });
    expect(history.index.get('d8')).toMatchObject({ status: 'online', since: T0 });
    expect(history.index.entries.size).toBe(N);
    expect(history.index.gaps.at(-1)).toMatchObject({ reason: 'offline', end: null });
    // Said once the comparison and what waited for it were recorded, with the log's final position.
    expect(moved.at(-1)).toBe(history.index.cursor);
    await keeper.close({ reason: 'closed', forget: false });
  });
});
