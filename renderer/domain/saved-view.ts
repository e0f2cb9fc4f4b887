// A saved view ("smart folder"): a search, conditions, and how its rows are shown (sort, columns). Shared
// between technicians as text: versioned JSON, validated on paste so a mangled chat message gives a clear
// error instead of a half-applied view.

import { z } from 'zod';
import type { SearchEntry } from './device-search.js';
import { compileSearch } from './device-search.js';
import {
  MAX_DEPTH,
  conditionDepth,
  compileConditions,
  conditionSchema,
  type CompiledConditions,
  type ConditionContext,
  type ConditionGroup,
} from './view-conditions.js';
import type { Device } from '../../shared/model.js';

export interface ViewColumn {
  key: string;
  /** Pixels. */
  width: number;
}

export interface SavedView {
  id: string;
  name: string;
  search: string;
  where: ConditionGroup;
  sort: { key: string; direction: 'asc' | 'desc' };
  /** Visible columns in order; empty: the default set. */
  columns: ViewColumn[];
}

export const SHARE_TYPE = 'support-console/view';
export const SHARE_VERSION = 1;

const columnSchema = z.object({ key: z.string().min(1).max(40), width: z.number().int().min(24).max(2000) });

export const viewBodySchema = z.object({
  name: z.string().trim().min(1).max(120),
  search: z.string().max(1000),
  where: conditionSchema
    .refine((c) => c.kind === 'group', 'the top condition must be a group')
    .refine(
      (c) => conditionDepth(c) <= MAX_DEPTH,
      `conditions nest deeper than ${MAX_DEPTH} levels`,
    ) as z.ZodType<ConditionGroup>,
  sort: z.object({ key: z.string().min(1).max(40), direction: z.enum(['asc', 'desc']) }),
  columns: z.array(columnSchema).max(40),
});

export const savedViewSchema = viewBodySchema.extend({ id: z.string().min(1).max(100) });

const shareSchema = z.object({
  type: z.literal(SHARE_TYPE),
  version: z.number().int(),
  view: z.unknown(),
});

/** The text a technician copies: the view without its local id. */
export function viewToShareText(view: SavedView): string {
  const { id: _id, ...body } = view;
  return JSON.stringify({ type: SHARE_TYPE, version: SHARE_VERSION, view: body }, null, 2);
}

export type PastedView = { ok: true; view: Omit<SavedView, 'id'> } | { ok: false; error: string };

/** Reads a pasted view; the error says what is wrong in words a technician can pass on. */
export function viewFromShareText(text: string): PastedView {
  let json: unknown;
  try {
    json = JSON.parse(text.trim());
  } catch {
    return { ok: false, error: 'This is not a shared view (not JSON).' };
  }
  // Bounded before validation walks it: a hostile paste nested 100,000 deep must not overflow the stack.
  if (jsonDepthOver(json, 4 * MAX_DEPTH + 8))
    return { ok: false, error: `The shared view nests deeper than ${MAX_DEPTH} levels.` };
  const envelope = shareSchema.safeParse(json);
  if (!envelope.success) return { ok: false, error: 'This is not a shared view.' };
  if (envelope.data.version > SHARE_VERSION)
    return {
      ok: false,
      error: `This view was shared from a newer version of the console (format ${envelope.data.version}).`,
    };
  const body = viewBodySchema.safeParse(envelope.data.view);
  if (!body.success) {
    const issue = body.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return { ok: false, error: `The shared view is damaged${where}: ${issue?.message ?? 'invalid'}.` };
  }
  return { ok: true, view: body.data };
}

function jsonDepthOver(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth > limit) return true;
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

export type CompiledView = CompiledConditions;

/** The view's search AND its conditions, as one predicate. */
export function compileView(view: Pick<SavedView, 'search' | 'where'>, ctx: ConditionContext): CompiledView {
  const search = compileSearch(view.search);
  const where = compileConditions(view.where, ctx);
  if (!search) return where;
  const conditions = where.match;
  return {
    ...where,
    match: (d: Device, s: SearchEntry) => search(s) && conditions(d, s),
  };
}
