// The pump sends every data:change in order and in bounded parts, one part per macrotask once a queue
// forms, so a 100,000-device change never serialises in one go and a later write's change never
// overtakes the tail of an earlier delta.
import { describe, expect, it } from 'vitest';
import { ChangePump } from '../../../electron/core/change-pump.js';
import type { DataChange } from '../../../shared/ipc/contract.js';
import { device } from '../support/fake-service.js';

const devices = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => device(String(from + i), null));
const change = (patch: Partial<DataChange<'devices'>>): DataChange<'devices'> => ({
  dataset: 'devices',
  reset: false,
  added: [],
  changed: [],
  removed: [],
  fetchedAt: null,
  ...patch,
});

function rig(size = 3) {
  const sent: DataChange[] = [];
  const turns: Array<() => void> = [];
  const pump = new ChangePump(
    (c) => sent.push(c),
    (next) => turns.push(next),
    size,
  );
  const turn = () => turns.shift()?.();
  return { sent, pump, turn, turns };
}

describe('ChangePump', () => {
  it('sends a small change at once when nothing is queued', () => {
    const r = rig();
    r.pump.push(change({ changed: devices(1, 2) }));
    expect(r.sent).toHaveLength(1);
  });

  it('sends at once one part’s worth of records a turn: small changes pushed in one loop queue beyond it', () => {
    const r = rig();
    for (let i = 0; i < 4; i += 1) r.pump.push(change({ added: devices(i * 2, 2) }));
    // 2 records, then 2 more would be 4 > 3: that one and the rest wait, in order, one per turn.
    expect(r.sent).toHaveLength(1);
    while (r.turns.length) r.turn();
    expect(r.sent.flatMap((c) => c.added.map((d) => d.id))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    // A new turn: at once again.
    r.pump.push(change({ changed: devices(1, 1) }));
    expect(r.sent).toHaveLength(5);
  });

  it('splits a large change into parts, one per turn; only the first part of a reset is a reset', () => {
    const r = rig();
    r.pump.push(change({ reset: true, added: devices(1, 7) }));
    expect(r.sent).toHaveLength(0);
    r.turn();
    expect(r.sent.map((c) => [c.reset, c.added.length])).toEqual([[true, 3]]);
    r.turn();
    r.turn();
    expect(r.sent.map((c) => [c.reset, c.added.length])).toEqual([
      [true, 3],
      [false, 3],
      [false, 1],
    ]);
    expect(r.sent.flatMap((c) => c.added.map((d) => d.id))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('a small change pushed while parts are queued waits its turn behind them', async () => {
    const r = rig();
    r.pump.push(change({ changed: devices(1, 5) }));
    const write = change({ changed: [{ ...device('1', null), alias: 'mine' }] });
    r.pump.push(write);
    const drained = r.pump.drained();
    while (r.turns.length) r.turn();
    await drained;
    expect(r.sent.at(-1)).toBe(write);
    expect(r.sent).toHaveLength(3);
  });

  it('clear drops what was not sent (an account being left)', () => {
    const r = rig();
    r.pump.push(change({ added: devices(1, 9) }));
    r.turn();
    let told = 0;
    r.pump.onClear = () => told++;
    r.pump.clear();
    while (r.turns.length) r.turn();
    expect(r.sent).toHaveLength(1);
    // A sender that counted what was dropped as sent (the since rows) hears of it, and sends again.
    expect(told).toBe(1);
  });
});
