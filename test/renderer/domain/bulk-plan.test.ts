import { parseAliasPattern } from '../../../renderer/domain/alias-pattern.js';
import {
  directExecutor,
  planBulk,
  previewBulk,
  type DirectCalls,
} from '../../../renderer/domain/bulk-plan.js';
import { makeDevice } from '../../shared/support/fixtures.js';

const devices = [
  makeDevice(1, { name: 'A', folderId: 'f1', alias: null }),
  makeDevice(2, { name: 'B', folderId: 'f1', alias: 'f1-02' }),
  makeDevice(3, { name: 'C', folderId: 'f2', alias: null }),
  makeDevice(4, { name: 'D', folderId: null, alias: null }),
];
const folderName = (id: string) => ({ f1: 'Sales', f2: 'Lab' })[id];

describe('bulk plan', () => {
  it('previews a move: how many, from which folders, leaving out those already there', () => {
    const plan = planBulk(devices, { kind: 'move', folderId: 'f2' }, folderName);
    expect(previewBulk(devices, plan)).toEqual({
      count: 3,
      fromFolders: [
        { folderId: 'f1', count: 2 },
        { folderId: null, count: 1 },
      ],
      firstAliases: ['', '', ''],
      unchanged: 1,
    });
  });

  it('previews aliases from a pattern with the counter in view order', () => {
    const parsed = parseAliasPattern('{folder}-{n:2}');
    if (!parsed.ok) throw new Error('pattern');
    const plan = planBulk(devices, { kind: 'alias', parts: parsed.parts }, folderName);
    // B already has "f1-02"? No: it would get "Sales-02", so it changes; D has no folder: "-04".
    expect(plan.items.map((i) => i.alias)).toEqual(['Sales-01', 'Sales-02', 'Lab-03', '-04']);
    expect(previewBulk(devices, plan, 2).firstAliases).toEqual(['Sales-01', 'Sales-02']);
  });

  it('executes moves in chunks and aliases at most 4 at a time, reporting failures', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => makeDevice(i, { folderId: 'x' }));
    const moves: number[] = [];
    let inFlight = 0;
    let peak = 0;
    const calls: DirectCalls = {
      move: async (ids) => {
        moves.push(ids.length);
        return { moved: ids.slice(1), failed: [{ id: ids[0]!, message: 'nope' }] };
      },
      setAlias: async (id) => {
        peak = Math.max(peak, ++inFlight);
        await new Promise((r) => setTimeout(r, 1));
        inFlight--;
        return id.endsWith('7') ? 'refused' : null;
      },
    };
    const exec = directExecutor(calls);
    const seen: number[] = [];
    const moved = await exec.run(
      planBulk(many, { kind: 'unassign' }, folderName),
      (p) => seen.push(p.done),
      new AbortController().signal,
    );
    expect(moves).toEqual([500, 500, 200]);
    expect(moved).toMatchObject({ done: 1197, total: 1200 });
    expect(moved.failed).toHaveLength(3);
    expect(seen).toEqual([499, 998, 1197]);

    const parsed = parseAliasPattern('x{n}');
    if (!parsed.ok) throw new Error('pattern');
    const aliases = await exec.run(
      planBulk(many.slice(0, 40), { kind: 'alias', parts: parsed.parts }, folderName),
      () => {},
      new AbortController().signal,
    );
    expect(peak).toBe(4);
    expect(aliases.done + aliases.failed.length).toBe(40);
    expect(aliases.failed.every((f) => f.id.endsWith('7'))).toBe(true);
  });

  it('stops at cancel before the next chunk', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => makeDevice(i, { folderId: 'x' }));
    const abort = new AbortController();
    const calls: DirectCalls = {
      move: async (ids) => {
        abort.abort();
        return { moved: ids, failed: [] };
      },
      setAlias: async () => null,
    };
    const result = await directExecutor(calls).run(
      planBulk(many, { kind: 'unassign' }, folderName),
      () => {},
      abort.signal,
    );
    expect(result.done).toBe(500);
  });
});
