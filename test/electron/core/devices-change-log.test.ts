// The poll worker's change log: every change its mirror takes, numbered; a reader asks for what came after
// the last number it saw, and is sent back to the base (the mirror) when that is no longer all kept: after
// a reset, or once the log dropped its oldest entries to stay far smaller than the account.
import { describe, expect, it } from 'vitest';
import { DevicesChangeLog, LOG_RECORDS } from '../../../electron/core/devices-change-log.js';
import { device } from '../support/fake-service.js';

const changed = (...ids: string[]) => ({
  added: [],
  changed: ids.map((id) => JSON.stringify(device(id, null))),
  removed: [],
});

describe('DevicesChangeLog', () => {
  it('numbers every change in order and answers what came after a cursor', () => {
    const log = new DevicesChangeLog();
    expect(log.append(changed('1')).seq).toBe(1);
    expect(log.append({ added: [], changed: [], removed: ['1'] }).seq).toBe(2);
    expect(log.append(changed()).seq).toBe(3); // an empty poll is numbered, not kept
    const after = log.since(1);
    expect(after.kind).toBe('entries');
    expect(after.kind === 'entries' && after.entries.map((e) => [e.seq, e.removed])).toEqual([[2, ['1']]]);
    expect(after.head).toBe(3);
    expect(log.since(3)).toEqual({ kind: 'entries', entries: [], head: 3 });
  });

  it('after a reset, a cursor from before it starts again from the base', () => {
    const log = new DevicesChangeLog();
    log.append(changed('1'));
    expect(log.reset()).toBe(2);
    log.append(changed('2'));
    expect(log.since(1)).toEqual({ kind: 'base', head: 3 });
    expect(log.since(2).kind).toBe('entries');
    expect(log.since(99)).toEqual({ kind: 'base', head: 3 }); // a cursor of another log (a new worker)
  });

  it('keeps at most LOG_RECORDS records: a reader behind what it dropped starts from the base', () => {
    const log = new DevicesChangeLog();
    const half = Array.from({ length: LOG_RECORDS / 2 }, (_, i) => String(i));
    log.append(changed(...half));
    log.append(changed(...half));
    expect(log.since(0).kind).toBe('entries');
    log.append(changed('x'));
    expect(log.since(0)).toEqual({ kind: 'base', head: 3 });
    const kept = log.since(1);
    expect(kept.kind === 'entries' && kept.entries.map((e) => e.seq)).toEqual([2, 3]);
  });
});
