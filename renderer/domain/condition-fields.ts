// What the saved-view condition editor offers for each condition kind, read from the condition schemas
// (view-conditions.ts: the built-in kinds, then those the device history registers) rather than listed
// again: the kinds and their order, which property holds the value and of what type (number, text, a set
// of choices, a folder), its bounds, and the property that becomes the operator (a yes/no one: alias empty
// or not, folder alone or with subfolders; or a single choice: offline / busy / online for more than N).
//
// Which device field a kind reads (its label) comes from the display registry (device-columns.ts: the one
// column whose entry lists the kind); the hand-made parts here are the labels of the kinds that read the
// search or the history rather than one field, and the operator wording.

import type * as z from 'zod';
import { t, type MessageKey } from '../i18n/index.js';
import { columnsForCondition, type ColumnKey } from './device-columns.js';
import { conditionKindSchemas } from './view-conditions.js';

export type ValueShape =
  /** A number typed in, within the schema's bounds. */
  | { type: 'number'; prop: string; min: number; minExclusive: boolean; max: number; integer: boolean }
  | { type: 'text'; prop: string }
  /** A set of choices: the schema's own (statuses), or the values the data holds (OSes). */
  | { type: 'choices'; prop: string; options: readonly string[] | null }
  /** A folder id, null for "Unassigned". */
  | { type: 'folder'; prop: string }
  | { type: 'none' };

export interface ConditionField {
  kind: string;
  /** The grid column of the device field the kind reads, or null (the search language, the history). */
  column: ColumnKey | null;
  label: string;
  /** The property the operator sets (yes/no or one of a few), if the kind has one. */
  opProp: string | null;
  /** 'boolean': the operator's values are 'true' / 'false'. */
  opType: 'boolean' | 'enum' | null;
  /** Operator choices, by the property's value as text; a single one when there is no such property. */
  operators: Array<{ value: string; label: string }>;
  /** The operator a new row starts with. */
  defaultOp: string;
  value: ValueShape;
}

/** Labels of the kinds that read no single device field: the search, the status history. */
const FIELD_LABEL: Record<string, MessageKey> = {
  text: 'views.edit.field.search',
  statusLongerThan: 'views.edit.field.statusFor',
  changedWithin: 'views.edit.field.lastChange',
  flapping: 'views.edit.field.history',
};

/** The operator's wording: one label, or one per value of the operator's property. */
const OPERATOR_LABEL: Record<string, MessageKey | Record<string, MessageKey>> = {
  status: 'views.edit.op.isAnyOf',
  os: 'views.edit.op.isAnyOf',
  folder: { false: 'views.edit.op.is', true: 'views.edit.op.isInOrUnder' },
  ip: 'views.edit.op.inRange',
  alias: { false: 'views.edit.op.notEmpty', true: 'views.edit.op.empty' },
  ramBelow: 'views.edit.op.belowMb',
  freeSpaceBelow: 'views.edit.op.belowPercent',
  statusOlderThan: 'views.edit.op.olderThanMinutes',
  text: 'views.edit.op.matches',
  statusLongerThan: {
    offline: 'views.edit.op.offlineLonger',
    busy: 'views.edit.op.busyLonger',
    online: 'views.edit.op.onlineLonger',
  },
  changedWithin: 'views.edit.op.withinMinutes',
  flapping: 'views.edit.op.flapping',
};

/** The operator a new row starts with, where the first one is not the one asked for most. */
const DEFAULT_OP: Record<string, string> = { folder: 'true', alias: 'true', statusLongerThan: 'offline' };

function valueShape(prop: string, schema: z.ZodType): ValueShape {
  const def = schema.def as { type: string };
  if (def.type === 'number') {
    const n = schema as z.ZodNumber;
    const checks = (n.def.checks ?? []) as Array<{ _zod: { def: { check: string; inclusive?: boolean } } }>;
    const exclusiveMin = checks.some(
      (c) => c._zod.def.check === 'greater_than' && c._zod.def.inclusive === false,
    );
    return {
      type: 'number',
      prop,
      min: n.minValue ?? -Infinity,
      minExclusive: exclusiveMin,
      max: n.maxValue ?? Infinity,
      integer: n.isInt === true,
    };
  }
  if (def.type === 'array') {
    const element = (schema as z.ZodArray<z.ZodType>).element;
    const options = element.def.type === 'enum' ? (element as z.ZodEnum).options.map(String) : null;
    return { type: 'choices', prop, options };
  }
  if (def.type === 'nullable') return { type: 'folder', prop };
  return { type: 'text', prop };
}

/** The one column whose registry entry lists the kind; none when no column or several do. */
function fieldColumn(kind: string) {
  const columns = columnsForCondition(kind);
  return columns.length === 1 ? columns[0]! : null;
}

function describe(kind: string, schema: z.ZodObject): ConditionField {
  let opProp: string | null = null;
  let opType: ConditionField['opType'] = null;
  let opValues: string[] = [];
  let value: ValueShape = { type: 'none' };
  for (const [prop, propSchema] of Object.entries(schema.shape)) {
    if (prop === 'kind') continue;
    const type = (propSchema as z.ZodType).def.type;
    if (type === 'boolean') {
      [opProp, opType, opValues] = [prop, 'boolean', ['false', 'true']];
    } else if (type === 'enum') {
      [opProp, opType, opValues] = [prop, 'enum', (propSchema as z.ZodEnum).options.map(String)];
    } else value = valueShape(prop, propSchema as z.ZodType);
  }
  const column = FIELD_LABEL[kind] ? null : fieldColumn(kind);
  const labelKey = column ? column.label : FIELD_LABEL[kind];
  const op = OPERATOR_LABEL[kind];
  const operators =
    op && typeof op === 'object'
      ? opValues.map((v) => ({ value: v, label: op[v] ? t(op[v]) : v }))
      : [{ value: '', label: op ? t(op) : kind }];
  return {
    kind,
    column: column?.key ?? null,
    label: labelKey ? t(labelKey) : kind,
    opProp,
    opType,
    operators,
    defaultOp: DEFAULT_OP[kind] ?? operators[0]!.value,
    value,
  };
}

/** Every kind the editor offers, in the schemas' order (labels in the current language). */
export function conditionFields(): ConditionField[] {
  return [...conditionKindSchemas()].map(([kind, schema]) => describe(kind, schema));
}

export function conditionField(kind: string): ConditionField | undefined {
  const schema = conditionKindSchemas().get(kind);
  return schema ? describe(kind, schema) : undefined;
}
