// The devices a poll may not set: touched by a write while it was out, or still being written.
import { describe, expect, it } from 'vitest';
import { DeviceWriteFence, withoutFenced } from '../../../electron/core/device-write-fence.js';
import { makeDevice } from '../../support/make-device.js';

describe('DeviceWriteFence', () => {
  it('fences devices written during the poll or still being written, and forgets them after', () => {
    const fence = new DeviceWriteFence();
    const endA = fence.begin(['a']);
    fence.pollStarted();
    expect([...fence.fenced()]).toEqual(['a']); // still being written
    const endB = fence.begin(['b']);
    endB();
    endB(); // ending twice counts once
    expect([...fence.fenced()].sort()).toEqual(['a', 'b']); // b ended, but during this poll
    endA();
    fence.pollStarted();
    expect([...fence.fenced()]).toEqual([]);
    const end1 = fence.begin(['c']);
    const end2 = fence.begin(['c']);
    end1();
    fence.pollStarted();
    expect([...fence.fenced()]).toEqual(['c']); // one of its two writes is still open
    end2();
  });
});

describe('withoutFenced', () => {
  const a = makeDevice({ id: 'a', alias: 'polled' });
  const b = makeDevice({ id: 'b' });
  it('takes the fenced devices out of a poll’s delta, keeping the same delta when none is fenced', () => {
    const delta = { added: [b], changed: [a], removed: ['a', 'c'] };
    expect(withoutFenced(delta, new Set())).toBe(delta);
    expect(withoutFenced(delta, new Set(['a']))).toEqual({ added: [b], changed: [], removed: ['c'] });
  });
});
