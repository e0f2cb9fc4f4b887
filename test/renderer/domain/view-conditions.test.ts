import * as z from 'zod';
import { setLanguage } from '../../../renderer/i18n/index.js';
import type { Device } from '../../../shared/model.js';
import { searchEntry } from '../../../renderer/domain/device-search.js';
import {
  BUILT_IN_KIND_NAMES,
  builtInConditionSchemas,
  compileConditions,
  conditionSchema,
  freeSpacePercent,
  parseIpRange,
  registerConditionKind,
  type Condition,
  type ConditionContext,
} from '../../../renderer/domain/view-conditions.js';
import {
  compileView,
  viewFromShareText,
  viewToShareText,
  type SavedView,
} from '../../../renderer/domain/saved-view.js';
import { makeDevice } from '../../shared/support/fixtures.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
// Folders: 1 > 2 > 3, and 9 alone.
const tree: Record<string, string[]> = { '1': ['1', '2', '3'], '2': ['2', '3'], '3': ['3'], '9': ['9'] };
const ctx: ConditionContext = {
  now: NOW,
  subtree: (id) => new Set(tree[id] ?? [id]),
  knownFolder: (id) => id in tree,
};

function names(where: Condition, devices: Device[]): string[] {
  const { match } = compileConditions(where, ctx);
  return devices.filter((d) => match(d, searchEntry(d, null))).map((d) => d.name!);
}

const and = (...conditions: Condition[]): Condition => ({ kind: 'group', op: 'and', conditions });
const or = (...conditions: Condition[]): Condition => ({ kind: 'group', op: 'or', conditions });

const devices: Device[] = [
  makeDevice(1, {
    name: 'a',
    status: 'online',
    os: 'Linux',
    folderId: '3',
    ip: '10.4.1.7',
    alias: null,
    ram: 2048,
    freeSpace: '8% of 500 GB',
    lastRefresh: '2026-11-21T11:59:00Z',
  }),
  makeDevice(2, {
    name: 'b',
    status: 'offline',
    os: 'Windows 7',
    folderId: '9',
    ip: '10.40.0.1',
    alias: 'Front',
    ram: 8192,
    freeSpace: '42% of 1 TB',
    lastRefresh: '2026-11-21T09:00:00Z',
  }),
  makeDevice(3, {
    name: 'c',
    status: { unknown: 'sleeping' },
    os: { unknown: 'Haiku' },
    folderId: null,
    ip: '192.168.1.20',
    alias: '  ',
    ram: null,
    freeSpace: null,
    lastRefresh: null,
  }),
  makeDevice(4, {
    name: 'd',
    status: 'busy',
    os: null,
    folderId: '77',
    ip: null,
    alias: 'x',
    ram: 1000,
    freeSpace: '9,5 % free',
    lastRefresh: '2026-11-20',
  }),
];

describe('view conditions', () => {
  it('status, OS (unknown values by their raw text, "" for none)', () => {
    expect(names({ kind: 'status', in: ['online', 'unknown'] }, devices)).toEqual(['a', 'c']);
    expect(names({ kind: 'os', in: ['Haiku', ''] }, devices)).toEqual(['c', 'd']);
  });

  it('folder: alone, with its subtree, or unassigned (an unknown folder counts as unassigned)', () => {
    expect(names({ kind: 'folder', folderId: '1', subtree: true }, devices)).toEqual(['a']);
    expect(names({ kind: 'folder', folderId: '1', subtree: false }, devices)).toEqual([]);
    expect(names({ kind: 'folder', folderId: null, subtree: false }, devices)).toEqual(['c', 'd']);
    expect(compileConditions({ kind: 'folder', folderId: '1', subtree: true }, ctx).usesFolders).toBe(true);
  });

  it('IP in a CIDR range or under a prefix at an octet boundary', () => {
    expect(names({ kind: 'ip', range: '10.4.0.0/16' }, devices)).toEqual(['a']);
    expect(names({ kind: 'ip', range: '10.0.0.0/8' }, devices)).toEqual(['a', 'b']);
    // Host bits in the base are ignored, as routers do: 10.4.9.9/16 is 10.4.0.0/16.
    expect(names({ kind: 'ip', range: '10.4.9.9/16' }, devices)).toEqual(['a']);
    expect(names({ kind: 'ip', range: '10.4' }, devices)).toEqual(['a']);
    expect(names({ kind: 'ip', range: '10.4.' }, devices)).toEqual(['a']);
    expect(names({ kind: 'ip', range: '192.168.1.20/32' }, devices)).toEqual(['c']);
    expect(names({ kind: 'ip', range: '0.0.0.0/0' }, devices)).toEqual(['a', 'b', 'c']);
    expect(parseIpRange('10.4.1.300/24')).toBeNull();
    expect(parseIpRange('10.4.0.0/33')).toBeNull();
    expect(parseIpRange('10.x')).toBeNull();
    // A prefix names real octets: none above 255, no dot after the fourth.
    expect(parseIpRange('10.4.300.')).toBeNull();
    expect(parseIpRange('256')).toBeNull();
    expect(parseIpRange('10.4.1.2.')).toBeNull();
    expect(parseIpRange('10.4.255.')).toEqual({ kind: 'prefix', prefix: '10.4.255.' });
    expect(parseIpRange('10.4.1.2')).toEqual({ kind: 'prefix', prefix: '10.4.1.2.' });
  });

  it('alias empty (blank counts as empty) or not; RAM below; free space below a percentage', () => {
    expect(names({ kind: 'alias', empty: true }, devices)).toEqual(['a', 'c']);
    expect(names({ kind: 'alias', empty: false }, devices)).toEqual(['b', 'd']);
    expect(names({ kind: 'ramBelow', mb: 4096 }, devices)).toEqual(['a', 'd']);
    expect(names({ kind: 'freeSpaceBelow', percent: 10 }, devices)).toEqual(['a', 'd']);
    expect(freeSpacePercent('9,5 % free')).toBe(9.5);
  });

  it('status older than: by the last report, never-reported included, and flagged as reading the clock', () => {
    expect(names({ kind: 'statusOlderThan', minutes: 60 }, devices)).toEqual(['b', 'c', 'd']);
    expect(names({ kind: 'statusOlderThan', minutes: 24 * 60 }, devices)).toEqual(['c', 'd']);
    expect(compileConditions({ kind: 'statusOlderThan', minutes: 5 }, ctx).timeDependent).toBe(true);
    expect(compileConditions({ kind: 'alias', empty: true }, ctx).timeDependent).toBe(false);
  });

  it('AND, OR and NOT groups nest; an empty group is no condition', () => {
    const where = or(and({ kind: 'status', in: ['online'] }, { kind: 'ip', range: '10.' }), {
      kind: 'not',
      condition: { kind: 'alias', empty: true },
    });
    expect(names(where, devices)).toEqual(['a', 'b', 'd']);
    expect(names(and(), devices)).toHaveLength(4);
    expect(names(or(), devices)).toHaveLength(4);
    expect(names(or({ kind: 'alias', empty: true }, and()), devices)).toEqual(['a', 'c']);
    expect(names(and({ kind: 'text', query: 'name:b' }), devices)).toEqual(['b']);
  });

  it('validates conditions and lets another module add kinds (device history)', () => {
    expect(conditionSchema().safeParse({ kind: 'ip', range: 'nonsense' }).success).toBe(false);
    expect(conditionSchema().safeParse({ kind: 'status', in: ['asleep'] }).success).toBe(false);
    expect(conditionSchema().safeParse({ kind: 'offlineLongerThan', minutes: 60 }).success).toBe(false);
    registerConditionKind({
      kind: 'offlineLongerThan',
      schema: () => z.object({ kind: z.literal('offlineLongerThan'), minutes: z.number() }),
      timeDependent: true,
      compile: (c, context) => {
        const since = context.extensions?.['history'] as Record<string, number>;
        return (d) => d.status === 'offline' && (since[d.id] ?? Infinity) < context.now - c.minutes * 60_000;
      },
    });
    const cond = { kind: 'offlineLongerThan', minutes: 60 };
    expect(conditionSchema().safeParse(cond).success).toBe(true);
    expect(conditionSchema().safeParse({ kind: 'offlineLongerThan', minutes: 'x' }).success).toBe(false);
    const compiled = compileConditions(cond, {
      ...ctx,
      extensions: { history: { [devices[1]!.id]: NOW - 7_200_000 } },
    });
    expect(compiled.timeDependent).toBe(true);
    expect(devices.filter((d) => compiled.match(d, searchEntry(d, null))).map((d) => d.name)).toEqual(['b']);
  });
});

describe('the condition schemas, built when first asked for', () => {
  it('name exactly the built-in kinds, in order, and no other kind may take one of their names', () => {
    expect([...builtInConditionSchemas().keys()]).toEqual([...BUILT_IN_KIND_NAMES]);
    for (const kind of [...BUILT_IN_KIND_NAMES, 'group', 'not'])
      expect(() =>
        registerConditionKind({
          kind,
          schema: () => z.object({ kind: z.literal(kind) }),
          compile: () => () => true,
        }),
      ).toThrow(/built-in/);
    expect(conditionSchema()).toBe(conditionSchema());
  });
});

describe('saved views as text', () => {
  const view: SavedView = {
    id: 'v1',
    name: 'Old Linux boxes in 10.4',
    search: 'desk',
    where: {
      kind: 'group',
      op: 'and',
      conditions: [
        { kind: 'os', in: ['Linux'] },
        { kind: 'ip', range: '10.4.0.0/16' },
      ],
    },
    sort: { key: 'lastRefresh', direction: 'desc' },
    columns: [
      { key: 'name', width: 200 },
      { key: 'ip', width: 120 },
    ],
  };

  it('round-trips without the local id', () => {
    const text = viewToShareText(view);
    expect(text).not.toContain('"v1"');
    const { id: _id, ...body } = view;
    expect(viewFromShareText(`  ${text}\n`)).toEqual({ ok: true, view: body });
  });

  it('refuses what is not a view, a newer format, or a damaged one, saying which', () => {
    expect(viewFromShareText('hello')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not JSON'),
    });
    expect(viewFromShareText('{"a":1}')).toMatchObject({ ok: false, error: 'This is not a shared view.' });
    const newer = JSON.parse(viewToShareText(view));
    newer.version = 2;
    expect(viewFromShareText(JSON.stringify(newer))).toMatchObject({
      ok: false,
      error: expect.stringContaining('newer'),
    });
    const damaged = JSON.parse(viewToShareText(view));
    damaged.view.where.conditions[1].range = '10.4.0.0/99';
    expect(viewFromShareText(JSON.stringify(damaged))).toMatchObject({
      ok: false,
      error:
        'The shared view has an IP range that is not an IPv4 prefix or CIDR range (at where.conditions.1.range).',
    });
    setLanguage('ge');
    try {
      expect(viewFromShareText('hello')).toEqual({
        ok: false,
        error: 'Das ist keine geteilte Ansicht (kein JSON).',
      });
      expect(viewFromShareText(JSON.stringify(newer))).toMatchObject({
        error: expect.stringContaining('Format 2'),
      });
    } finally {
      setLanguage('en');
    }
  });

  it('refuses nesting deeper than an editor shows, even absurdly deep', () => {
    let where: Condition = { kind: 'alias', empty: true };
    for (let i = 0; i < 8; i++) where = { kind: 'group', op: 'and', conditions: [where] };
    const nine = JSON.parse(viewToShareText({ ...view, where: where as SavedView['where'] }));
    expect(viewFromShareText(JSON.stringify(nine))).toMatchObject({
      ok: false,
      error: expect.stringContaining('deeper'),
    });
    nine.view.where = nine.view.where.conditions[0];
    expect(viewFromShareText(JSON.stringify(nine))).toMatchObject({ ok: true });
    const deep =
      '{"type":"support-console/view","version":1,"view":' +
      '{"a":'.repeat(50_000) +
      '1' +
      '}'.repeat(50_001);
    expect(viewFromShareText(deep)).toMatchObject({ ok: false });
  });

  it('compiles the search AND the conditions', () => {
    const ds = [
      makeDevice(1, { name: 'Desk 1', os: 'Linux', ip: '10.4.0.9' }),
      makeDevice(2, { name: 'Desk 2', os: 'Linux', ip: '10.5.0.9' }),
      makeDevice(3, { name: 'Shelf', alias: null, os: 'Linux', ip: '10.4.0.10' }),
    ];
    const { match } = compileView(view, ctx);
    expect(ds.filter((d) => match(d, searchEntry(d, null))).map((d) => d.name)).toEqual(['Desk 1']);
  });
});
