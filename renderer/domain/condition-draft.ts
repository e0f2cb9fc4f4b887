// A saved view's conditions while the technician edits them: groups (all of / any of) holding rows (field,
// operator, value as typed). A row whose value is not usable yet ("10.4.300.", an empty number) stays as
// typed with its error, instead of being dropped or coerced; the view is saved only when every row reads.
// Rows become conditions through the same schema a pasted view is checked with, so what the editor saves
// is exactly what the paste path accepts.
//
// Conditions the editor cannot show as a row (NOT, a kind registered without a plain schema) are kept as
// they are: shown in words, removable, never altered.

import { conditionField, conditionFields, type ConditionField } from './condition-fields.js';
import { MAX_DEPTH, conditionSchema, type Condition, type ConditionGroup } from './view-conditions.js';

export interface DraftRow {
  type: 'row';
  key: number;
  kind: string;
  /** The operator's value as text ('true' for alias empty, 'offline' for offline longer than…). */
  op: string;
  /** Number and text values as typed. */
  text: string;
  /** Chosen values (statuses, OSes). */
  choices: string[];
  /** A folder id; null: Unassigned; '' none chosen yet. */
  folder: string | null;
}

export interface DraftGroup {
  type: 'group';
  key: number;
  op: 'and' | 'or';
  items: DraftNode[];
}

export interface DraftKept {
  type: 'kept';
  key: number;
  condition: Condition;
}

export type DraftNode = DraftRow | DraftGroup | DraftKept;

let nextKey = 1;
const key = () => nextKey++;

export function emptyRow(kind = conditionFields()[0]!.kind): DraftRow {
  const field = conditionField(kind);
  const choices = field?.value.type === 'choices' && field.value.options ? [field.value.options[0]!] : [];
  return { type: 'row', key: key(), kind, op: field?.defaultOp ?? '', text: '', choices, folder: '' };
}

export function emptyGroup(op: 'and' | 'or' = 'or'): DraftGroup {
  return { type: 'group', key: key(), op, items: [emptyRow()] };
}

/** The editor's draft of a view's top group. */
export function toDraft(c: Condition): DraftNode {
  if (c.kind === 'group') {
    const g = c as ConditionGroup;
    return { type: 'group', key: key(), op: g.op, items: g.conditions.map(toDraft) };
  }
  const field = conditionField(c.kind);
  if (!field) return { type: 'kept', key: key(), condition: c };
  const row: DraftRow = {
    type: 'row',
    key: key(),
    kind: c.kind,
    op: '',
    text: '',
    choices: [],
    folder: '',
  };
  if (field.opProp) row.op = String((c as Record<string, unknown>)[field.opProp]);
  const v = field.value;
  if (v.type === 'none') return row;
  const raw = (c as Record<string, unknown>)[v.prop];
  if (v.type === 'choices') row.choices = (raw as string[]).map(String);
  else if (v.type === 'folder') row.folder = raw as string | null;
  else row.text = String(raw);
  return row;
}

/** What is wrong with a row, as a message key and its values (null: it reads). */
export type RowProblem =
  | { key: 'views.edit.error.number' | 'views.edit.error.whole'; min: number; max: number }
  | { key: 'views.edit.error.above'; min: number }
  | { key: 'views.edit.error.range' }
  | { key: 'views.edit.error.choose' }
  | { key: 'views.edit.error.folder' };

export type RowResult = { ok: true; condition: Condition } | { ok: false; problem: RowProblem };

/** "1,5" is read as 1.5 too: technicians type their own decimal mark. */
function readNumber(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return Number(s);
}

export function rowCondition(
  row: DraftRow,
  field: ConditionField | undefined = conditionField(row.kind),
): RowResult {
  if (!field) return { ok: false, problem: { key: 'views.edit.error.choose' } };
  const c: Record<string, unknown> = { kind: row.kind };
  if (field.opProp) c[field.opProp] = field.opType === 'boolean' ? row.op === 'true' : row.op;
  const v = field.value;
  if (v.type === 'number') {
    const n = readNumber(row.text);
    const outside = n === null || n > v.max || n < v.min || (v.minExclusive && n === v.min);
    if (outside || (v.integer && !Number.isInteger(n)))
      return {
        ok: false,
        problem: Number.isFinite(v.max)
          ? { key: v.integer ? 'views.edit.error.whole' : 'views.edit.error.number', min: v.min, max: v.max }
          : { key: 'views.edit.error.above', min: v.min },
      };
    c[v.prop] = n;
  } else if (v.type === 'text') c[v.prop] = row.text.trim();
  else if (v.type === 'choices') {
    if (row.choices.length === 0) return { ok: false, problem: { key: 'views.edit.error.choose' } };
    c[v.prop] = row.choices;
  } else if (v.type === 'folder') {
    if (row.folder === '') return { ok: false, problem: { key: 'views.edit.error.folder' } };
    c[v.prop] = row.folder;
  }
  // The shared schema has the last word (an IP range it cannot read, a search too long).
  const parsed = conditionSchema().safeParse(c);
  if (!parsed.success) {
    if (row.kind === 'ip') return { ok: false, problem: { key: 'views.edit.error.range' } };
    return { ok: false, problem: { key: 'views.edit.error.choose' } };
  }
  return { ok: true, condition: parsed.data };
}

export type DraftResult =
  { ok: true; where: ConditionGroup } | { ok: false; problems: Map<number, RowProblem> };

/** The draft as the view's conditions, or every row's problem by its key. */
export function fromDraft(top: DraftGroup): DraftResult {
  const problems = new Map<number, RowProblem>();
  const walk = (g: DraftGroup): ConditionGroup => ({
    kind: 'group',
    op: g.op,
    conditions: g.items.map((n): Condition => {
      if (n.type === 'group') return walk(n);
      if (n.type === 'kept') return n.condition;
      const r = rowCondition(n);
      if (r.ok) return r.condition;
      problems.set(n.key, r.problem);
      return { kind: 'group', op: 'and', conditions: [] };
    }),
  });
  const where = walk(top);
  return problems.size ? { ok: false, problems } : { ok: true, where };
}

/** How deep a group sits may grow to (the top group is level 1): what the schema accepts on paste. */
export const MAX_GROUP_LEVEL = MAX_DEPTH - 1;

// ---- Edits (pure: each returns a new top group) --------------------------------------------------------

export function updateNode(
  top: DraftGroup,
  target: number,
  edit: (n: DraftNode) => DraftNode | null,
): DraftGroup {
  const walk = (g: DraftGroup): DraftGroup => ({
    ...g,
    items: g.items.flatMap((n) => {
      if (n.key === target) {
        const next = edit(n);
        return next ? [next] : [];
      }
      return n.type === 'group' ? [walk(n)] : [n];
    }),
  });
  if (top.key === target) {
    const next = edit(top);
    return next && next.type === 'group' ? next : top;
  }
  return walk(top);
}

/** A row switched to another field starts that field's empty value. */
export function changeKind(row: DraftRow, kind: string): DraftRow {
  return { ...emptyRow(kind), key: row.key };
}
