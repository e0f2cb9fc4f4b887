// The main thread's collection after a burst of changes to the renderer (burst-release.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BURST_HEAP_BYTES,
  BURST_QUIET_MS,
  BURST_RECORDS,
  BurstRelease,
} from '../../../electron/core/burst-release.js';

describe('BurstRelease', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('collects once a burst of many records has been quiet for a while, not during it', () => {
    const release = vi.fn();
    const burst = new BurstRelease(release, () => BURST_HEAP_BYTES / 2);
    for (let i = 0; i < 50; i++) {
      burst.sent(BURST_RECORDS / 10);
      vi.advanceTimersByTime(BURST_QUIET_MS / 2);
    }
    expect(release).not.toHaveBeenCalled();
    vi.advanceTimersByTime(BURST_QUIET_MS);
    expect(release).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * BURST_QUIET_MS);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('does not collect after small changes, however many, when each is its own burst', () => {
    const release = vi.fn();
    const burst = new BurstRelease(release);
    for (let i = 0; i < 20; i++) {
      burst.sent(BURST_RECORDS / 2);
      vi.advanceTimersByTime(BURST_QUIET_MS + 1);
    }
    burst.sent(BURST_RECORDS - 1);
    vi.advanceTimersByTime(BURST_QUIET_MS);
    expect(release).not.toHaveBeenCalled();
  });

  it('collects nothing once disposed, and does nothing where no collection can be had', () => {
    const release = vi.fn();
    const burst = new BurstRelease(release);
    burst.sent(BURST_RECORDS * 2);
    burst.dispose();
    vi.advanceTimersByTime(BURST_QUIET_MS * 2);
    expect(release).not.toHaveBeenCalled();
    const none = new BurstRelease(null);
    none.sent(BURST_RECORDS * 2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves a heap too large for a short pause to V8 (its collection took 101 ms at 300,000 devices)', () => {
    const release = vi.fn();
    let inUse = BURST_HEAP_BYTES + 1;
    const burst = new BurstRelease(release, () => inUse);
    burst.sent(BURST_RECORDS * 5);
    vi.advanceTimersByTime(BURST_QUIET_MS);
    expect(release).not.toHaveBeenCalled();
    inUse = BURST_HEAP_BYTES;
    burst.sent(BURST_RECORDS * 5);
    vi.advanceTimersByTime(BURST_QUIET_MS);
    expect(release).toHaveBeenCalledTimes(1);
  });
});
