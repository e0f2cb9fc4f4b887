import { beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../renderer/i18n/index.js';
import { registerHistoryConditions } from '../../../renderer/domain/history-conditions.js';
import {
  changeKind,
  emptyGroup,
  emptyRow,
  fromDraft,
  toDraft,
  updateNode,
  type DraftGroup,
  type DraftRow,
} from '../../../renderer/domain/condition-draft.js';
import { conditionField, conditionFields } from '../../../renderer/domain/condition-fields.js';
import { viewFromShareText, viewToShareText, type SavedView } from '../../../renderer/domain/saved-view.js';
import {
  VIEW_STATUSES,
  builtInConditionSchemas,
  type ConditionGroup,
} from '../../../renderer/domain/view-conditions.js';

beforeAll(() => {
  setLanguage('en');
  registerHistoryConditions();
});

describe('the condition editor’s fields', () => {
  it('offers every kind of the schemas, built-in then the history’s, labelled by the device field it reads', () => {
    expect(conditionFields().map((f) => f.kind)).toEqual([
      ...builtInConditionSchemas().keys(),
      'statusLongerThan',
      'changedWithin',
      'flapping',
    ]);
    const labels = Object.fromEntries(conditionFields().map((f) => [f.kind, f.label]));
    expect(labels).toMatchObject({ ip: 'IP', ramBelow: 'RAM', freeSpaceBelow: 'Free space', text: 'Search' });
  });

  it('names each kind by the one registry column that lists it, or by a label of its own, never by its key', () => {
    const byKind = Object.fromEntries(conditionFields().map((f) => [f.kind, f]));
    // The age condition compares the last refresh only: the registry lists it under that column alone.
    expect(byKind.statusOlderThan).toMatchObject({ column: 'lastRefresh', label: 'Last refresh' });
    expect(byKind.status).toMatchObject({ column: 'status', label: 'Status' });
    expect(byKind.statusLongerThan!.column).toBeNull();
    for (const field of conditionFields()) expect(field.label, field.kind).not.toBe(field.kind);
  });

  it('reads each value’s type and bounds from the schema', () => {
    expect(conditionField('status')!.value).toEqual({ type: 'choices', prop: 'in', options: VIEW_STATUSES });
    expect(conditionField('os')!.value).toEqual({ type: 'choices', prop: 'in', options: null });
    expect(conditionField('freeSpaceBelow')!.value).toMatchObject({ type: 'number', min: 0, max: 100 });
    expect(conditionField('ramBelow')!.value).toMatchObject({ type: 'number', min: 0, minExclusive: true });
    expect(conditionField('folder')!.value).toEqual({ type: 'folder', prop: 'folderId' });
    expect(conditionField('alias')!.value).toEqual({ type: 'none' });
    // The yes/no property is the operator.
    expect(conditionField('alias')!.operators.map((o) => [o.value, o.label])).toEqual([
      ['false', 'is not empty'],
      ['true', 'is empty'],
    ]);
    expect(conditionField('folder')!.opProp).toBe('subtree');
    // A single choice of the schema is the operator too: offline / busy / online for more than N minutes.
    const longer = conditionField('statusLongerThan')!;
    expect(longer.operators.map((o) => o.value)).toEqual(['online', 'offline', 'busy']);
    expect(longer.defaultOp).toBe('offline');
    expect(longer.value).toMatchObject({ type: 'number', prop: 'minutes', min: 1, integer: true });
    expect(conditionField('flapping')!.value).toEqual({ type: 'none' });
  });
});

const where: ConditionGroup = {
  kind: 'group',
  op: 'and',
  conditions: [
    { kind: 'ip', range: '10.4.0.0/16' },
    {
      kind: 'group',
      op: 'or',
      conditions: [
        { kind: 'alias', empty: true },
        { kind: 'ramBelow', mb: 4096 },
        { kind: 'status', in: ['offline', 'busy'] },
      ],
    },
    { kind: 'folder', folderId: null, subtree: false },
    { kind: 'not', condition: { kind: 'os', in: ['Windows'] } },
    {
      kind: 'group',
      op: 'or',
      conditions: [
        { kind: 'statusLongerThan', status: 'busy', minutes: 120 },
        { kind: 'changedWithin', minutes: 60 },
        { kind: 'flapping' },
      ],
    },
  ],
};

describe('the condition draft', () => {
  it('turns a view’s conditions into rows and back unchanged (a NOT kept as it is)', () => {
    const draft = toDraft(where) as DraftGroup;
    expect(draft.items.map((n) => n.type)).toEqual(['row', 'group', 'row', 'kept', 'group']);
    expect(fromDraft(draft)).toEqual({ ok: true, where });
  });

  it('saves what the paste path accepts', () => {
    const draft = toDraft(where) as DraftGroup;
    const result = fromDraft(draft);
    if (!result.ok) throw new Error('draft did not read');
    const view: SavedView = {
      id: 'v1',
      name: 'Edited',
      search: '',
      where: result.where,
      sort: { key: 'name', direction: 'asc' },
      columns: [],
    };
    expect(viewFromShareText(viewToShareText(view))).toEqual({
      ok: true,
      view: { name: 'Edited', search: '', where, sort: view.sort, columns: [] },
    });
  });

  it('keeps an unusable value as typed and names the problem of its row', () => {
    let draft: DraftGroup = { type: 'group', key: 0, op: 'and', items: [] };
    const ip = { ...emptyRow('ip'), text: '10.four.' };
    const ram = { ...emptyRow('ramBelow'), text: '0' };
    const free = { ...emptyRow('freeSpaceBelow'), text: '120' };
    const status = { ...emptyRow('status'), choices: [] };
    const folder = emptyRow('folder');
    const longer = { ...emptyRow('statusLongerThan'), text: '1.5' };
    draft = { ...draft, items: [ip, ram, free, status, folder, longer] };
    const result = fromDraft(draft);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.get(ip.key)).toEqual({ key: 'views.edit.error.range' });
    expect(result.problems.get(ram.key)).toEqual({ key: 'views.edit.error.above', min: 0 });
    expect(result.problems.get(free.key)).toEqual({ key: 'views.edit.error.number', min: 0, max: 100 });
    expect(result.problems.get(status.key)).toEqual({ key: 'views.edit.error.choose' });
    expect(result.problems.get(folder.key)).toEqual({ key: 'views.edit.error.folder' });
    expect(result.problems.get(longer.key)).toMatchObject({ key: 'views.edit.error.whole', min: 1 });
    // Typed values read: a decimal comma, an octet prefix.
    const fixed = updateNode(
      updateNode(draft, ip.key, (n) => ({ ...(n as DraftRow), text: '10.4.' })),
      ram.key,
      (n) => ({ ...(n as DraftRow), text: '2048,5' }),
    );
    const again = fromDraft(fixed);
    expect(again.ok).toBe(false);
    if (again.ok) return;
    expect(again.problems.has(ip.key)).toBe(false);
    expect(again.problems.has(ram.key)).toBe(false);
  });

  it('adds, changes and removes rows and groups at any depth', () => {
    const top = toDraft({ kind: 'group', op: 'and', conditions: [] }) as DraftGroup;
    const group = emptyGroup('or');
    let draft = updateNode(top, top.key, (n) => ({ ...(n as DraftGroup), items: [group] }));
    const row = group.items[0] as DraftRow;
    draft = updateNode(draft, row.key, (n) => ({ ...changeKind(n as DraftRow, 'alias') }));
    expect(fromDraft(draft)).toEqual({
      ok: true,
      where: {
        kind: 'group',
        op: 'and',
        conditions: [{ kind: 'group', op: 'or', conditions: [{ kind: 'alias', empty: true }] }],
      },
    });
    draft = updateNode(draft, row.key, () => null);
    expect(fromDraft(draft)).toEqual({
      ok: true,
      where: { kind: 'group', op: 'and', conditions: [{ kind: 'group', op: 'or', conditions: [] }] },
    });
  });
});
