import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../support/seeded-random.js';
import {
  NO_TRANSITIONS,
  StatusColumns,
  type IndexEntry,
} from '../../../../electron/core/status-history/status-columns.js';

const STATUSES = ['online', 'offline', 'busy', 'none', 'maintenance', 'Sleeping'];

describe('StatusColumns', () => {
  it('answers as a Map of the same entries would, in the same order, through deletes and compactions', () => {
    const next = seededRandom(7);
    const columns = new StatusColumns();
    const reference = new Map<string, IndexEntry>();
    for (let step = 0; step < 20_000; step++) {
      const id = String(Math.floor(next() * 3_000));
      const roll = next();
      if (roll < 0.45) {
        const recent = next() < 0.3 ? [step - 2, step - 1] : NO_TRANSITIONS;
        const entry: IndexEntry = {
          status: STATUSES[Math.floor(next() * STATUSES.length)]!,
          since: 1.7e12 + step * 1000.5,
          sinceExact: next() < 0.5,
          recent,
        };
        columns.set(id, entry);
        reference.set(id, entry);
      } else if (roll < 0.9) {
        expect(columns.delete(id)).toBe(reference.delete(id));
      } else {
        expect(columns.get(id)).toEqual(reference.get(id));
        expect(columns.statusOf(id)).toBe(reference.get(id)?.status);
        expect(columns.has(id)).toBe(reference.has(id));
        let read: IndexEntry | undefined;
        const held = columns.read(id, (status, since, sinceExact, recent) => {
          read = { status, since, sinceExact, recent };
        });
        expect(held).toBe(reference.has(id));
        expect(read).toEqual(reference.get(id));
      }
      if (step % 997 === 0) {
        expect(columns.size).toBe(reference.size);
        expect([...columns]).toEqual([...reference]);
      }
    }
    expect([...columns.keys()]).toEqual([...reference.keys()]);
    expect(columns.idList()).toEqual([...reference.keys()]);
    expect([...columns.entries()]).toEqual([...reference.entries()]);
    const seen: Array<[string, string, number]> = [];
    columns.forEach((id, status, since) => seen.push([id, status, since]));
    expect(seen).toEqual([...reference].map(([id, e]) => [id, e.status, e.since]));
  });

  it('puts a device deleted and added again at the end, as a Map does', () => {
    const columns = new StatusColumns();
    const entry = (status: string): IndexEntry => ({ status, since: 1, sinceExact: false, recent: [] });
    columns.set('a', entry('online')).set('b', entry('offline')).set('c', entry('busy'));
    columns.delete('b');
    columns.set('b', entry('online'));
    columns.set('a', entry('busy'));
    expect([...columns.keys()]).toEqual(['a', 'c', 'b']);
    expect(columns.get('a')?.status).toBe('busy');
  });

  it('keeps an entry it handed out apart from what it holds', () => {
    const columns = new StatusColumns();
    columns.set('a', { status: 'online', since: 5, sinceExact: true, recent: [1, 2] });
    const copy = columns.get('a')!;
    copy.status = 'offline';
    copy.since = 9;
    expect(columns.get('a')).toEqual({ status: 'online', since: 5, sinceExact: true, recent: [1, 2] });
  });
});
