// The main thread's collection after a burst of changes to the renderer (burst-release.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BURST_HEAP_BYTES,
  BURST_QUIET_MS,
  BURST_RECORDS,
  BurstRelease,
  YOUNG_SHRINK_MS,
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

  it('follows the collection with a young one once the burst has been over for YOUNG_SHRINK_MS', () => {
    const release = vi.fn();
    const shrink = vi.fn();
    const burst = new BurstRelease(release, () => BURST_HEAP_BYTES / 2, shrink);
    burst.sent(BURST_RECORDS);
    vi.advanceTimersByTime(BURST_QUIET_MS);
    expect(release).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(YOUNG_SHRINK_MS - 1);
    expect(shrink).not.toHaveBeenCalled();
    // Another burst meanwhile: it uses the young generation; the shrink waits for its end.
    burst.sent(BURST_RECORDS);
    vi.advanceTimersByTime(BURST_QUIET_MS + YOUNG_SHRINK_MS - 1);
    expect(shrink).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(release).toHaveBeenCalledTimes(2);
    expect(shrink).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * YOUNG_SHRINK_MS);
    expect(shrink).toHaveBeenCalledTimes(1);
    // A heap too large for the full collection still gets the young one, and a disposed one none.
    const large = vi.fn();
    const big = new BurstRelease(release, () => BURST_HEAP_BYTES + 1, large);
    big.sent(BURST_RECORDS);
    vi.advanceTimersByTime(BURST_QUIET_MS + YOUNG_SHRINK_MS);
    expect(large).toHaveBeenCalledTimes(1);
    expect(release).toHaveBeenCalledTimes(2);
    const gone = vi.fn();
    const disposed = new BurstRelease(release, () => 0, gone);
    disposed.sent(BURST_RECORDS);
    vi.advanceTimersByTime(BURST_QUIET_MS);
    disposed.dispose();
    vi.advanceTimersByTime(YOUNG_SHRINK_MS);
    expect(gone).not.toHaveBeenCalled();
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
