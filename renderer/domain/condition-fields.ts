// What the saved-view condition editor offers for each built-in condition kind, read from the condition
// schema (view-conditions.ts) rather than listed again: the kinds and their order, which property holds the
// value and of what type (number, text, a set of choices, a folder), its bounds, and the yes/no property
// that becomes the operator (alias empty / not empty, folder alone / with subfolders).
//
// The only hand-made part is which device field each kind reads (its column label) and the operator
// wording: that lookup lives here alone, so it can later be pointed at a shared field display registry.

import type { z } from 'zod';
import { t, type MessageKey } from '../i18n/index.js';
import { columnByKey, type ColumnKey } from './device-columns.js';
import { builtInConditionSchemas } from './view-conditions.js';

export type ValueShape =
  /** A number typed in, within the schema's bounds. */
  | { type: 'number'; prop: string; min: number; minExclusive: boolean; max: number }
  | { type: 'text'; prop: string }
  /** A set of choices: the schema's own (statuses), or the values the data holds (OSes). */
  | { type: 'choices'; prop: string; options: readonly string[] | null }
  /** A folder id, null for "Unassigned". */
  | { type: 'folder'; prop: string }
  | { type: 'none' };

export interface ConditionField {
  kind: string;
  /** The grid column of the device field the kind reads, or null for the search language. */
  column: ColumnKey | null;
  label: string;
  /** The yes/no property the operator sets, if the kind has one. */
  flag: string | null;
  /** Operator choices: by flag value, or a single one. */
  operators: Array<{ flag: boolean | null; label: string }>;
  value: ValueShape;
}

/** Which device field each built-in kind reads, by its grid column (null: the search language). */
const COLUMN_OF: Record<string, ColumnKey | null> = {
  status: 'status',
  os: 'os',
  folder: 'folder',
  ip: 'ip',
  alias: 'alias',
  ramBelow: 'ram',
  freeSpaceBelow: 'freeSpace',
  statusOlderThan: 'lastRefresh',
  text: null,
};

const OPERATOR_LABEL: Record<string, MessageKey | [MessageKey, MessageKey]> = {
  status: 'views.edit.op.isAnyOf',
  os: 'views.edit.op.isAnyOf',
  // [flag false, flag true]
  folder: ['views.edit.op.is', 'views.edit.op.isInOrUnder'],
  ip: 'views.edit.op.inRange',
  alias: ['views.edit.op.notEmpty', 'views.edit.op.empty'],
  ramBelow: 'views.edit.op.belowMb',
  freeSpaceBelow: 'views.edit.op.belowPercent',
  statusOlderThan: 'views.edit.op.olderThanMinutes',
  text: 'views.edit.op.matches',
};

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

function describe(kind: string, schema: z.ZodObject): ConditionField {
  let flag: string | null = null;
  let value: ValueShape = { type: 'none' };
  for (const [prop, propSchema] of Object.entries(schema.shape)) {
    if (prop === 'kind') continue;
    if ((propSchema as z.ZodType).def.type === 'boolean') flag = prop;
    else value = valueShape(prop, propSchema as z.ZodType);
  }
  const column = COLUMN_OF[kind] ?? null;
  const labelKey = column ? columnByKey(column)?.label : undefined;
  const op = OPERATOR_LABEL[kind];
  return {
    kind,
    column,
    label: labelKey ? t(labelKey) : t('views.edit.field.search'),
    flag,
    operators: Array.isArray(op)
      ? [
          { flag: false, label: t(op[0]) },
          { flag: true, label: t(op[1]) },
        ]
      : [{ flag: null, label: op ? t(op) : kind }],
    value,
  };
}

/** Every built-in kind the editor offers, in the schema's order (labels in the current language). */
export function conditionFields(): ConditionField[] {
  return [...builtInConditionSchemas()].map(([kind, schema]) => describe(kind, schema));
}

export function conditionField(kind: string): ConditionField | undefined {
  const schema = builtInConditionSchemas().get(kind);
  return schema ? describe(kind, schema) : undefined;
}
