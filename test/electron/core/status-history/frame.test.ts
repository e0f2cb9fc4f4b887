// A frame made a piece at a time (a first sync's batch) is the frame of the whole payload, byte for byte,
// and the store encodes such a batch as it slices it: no turn of the event loop holds the whole frame's
// encoding (at 300,000 devices that one step was ~150 ms of the main thread).
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { decodeFrames, encodeFrame, FrameBuilder } from '../../../../electron/core/status-history/frame.js';
import { RECORD_SLICE, StatusHistory } from '../../../../electron/core/status-history/history-store.js';
import { device, resetChange } from '../../support/history-fixtures.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');

describe('FrameBuilder', () => {
  it('gives the bytes of the whole payload’s frame, in pieces; a reader takes it as one frame', () => {
    const payload = {
      k: 'p',
      t: T0,
      x: [
        ['a', null, 'online', null],
        ['ü→b', 'online', 'offline', 5],
      ],
    };
    const text = JSON.stringify(payload);
    const built = new FrameBuilder();
    for (const piece of [text.slice(0, 7), text.slice(7, 30), text.slice(30)]) built.add(piece);
    const pieces = built.finish();
    expect(pieces.length).toBe(4); // the header, then each piece as it was added
    const frame = Buffer.concat(pieces);
    expect(frame.equals(encodeFrame(payload))).toBe(true);
    expect(decodeFrames(frame).records.map((r) => r.value)).toEqual([payload]);
  });
});

describe('a large batch', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'history-frame-'));
  });
  afterEach(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('is encoded a slice per turn, and reads back whole after a reopen', async () => {
    const n = 12 * RECORD_SLICE;
    const devices = Array.from({ length: n }, (_, i) => device(`d${i}`, i % 7 ? 'online' : 'offline'));
    const h = await StatusHistory.open({ dir });
    // Characters encoded between two turns of the event loop.
    const perTurn: number[] = [0];
    const original = FrameBuilder.prototype.add;
    const add = vi.spyOn(FrameBuilder.prototype, 'add').mockImplementation(function (
      this: FrameBuilder,
      text: string,
    ) {
      perTurn[perTurn.length - 1]! += text.length;
      original.call(this, text);
    });
    await h.recordDevicesSliced(resetChange(devices, T0), T0, async () => {
      perTurn.push(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
    add.mockRestore();
    await h.close(T0 + 1000);
    const total = perTurn.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(n * 20);
    // One slice's JSON at most, never the frame's: twelve slices, so well under a quarter of it.
    expect(Math.max(...perTurn)).toBeLessThan(total / 4);
    const again = await StatusHistory.open({ dir });
    expect(again.index.entries.size).toBe(n);
    expect(again.index.get('d7')).toMatchObject({ status: 'offline', since: T0 });
    await again.close(T0 + 2000);
  });
});
