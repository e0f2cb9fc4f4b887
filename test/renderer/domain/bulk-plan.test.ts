import { parseAliasPattern } from '../../../renderer/domain/alias-pattern.js';
import { planBulk, previewBulk } from '../../../renderer/domain/bulk-plan.js';
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
});
