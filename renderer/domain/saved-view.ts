// A saved view ("smart folder"): a search, conditions, and how its rows are shown (sort, columns). Shared
// between technicians as text: versioned JSON, validated on paste so a mangled chat message gives a clear
// error instead of a half-applied view.

import * as z from 'zod';
import { t } from '../i18n/index.js';
import type { SearchEntry } from './device-search.js';
import { compileSearch } from './device-search.js';
import {
  MAX_DEPTH,
  conditionDepth,
  compileConditions,
  builtOnce,
  conditionSchema,
  type CompiledConditions,
  type ConditionContext,
  type ConditionGroup,
} from './view-conditions.js';
import type { Device } from '../../shared/model.js';
import { MAX_SEARCH, MAX_VIEW_NAME } from '../../shared/ipc/limits.js';

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
  /**
   * Whose devices it shows: the account it is saved in ('this', also when absent), or every account the
   * console holds ('all': the others' matches listed with their account). Local: not in the shared text.
   */
  accounts?: ViewAccounts;
}

export const VIEW_ACCOUNTS = ['this', 'all'] as const;
export type ViewAccounts = (typeof VIEW_ACCOUNTS)[number];

export const SHARE_TYPE = 'support-console/view';
export const SHARE_VERSION = 1;

// Built when first used, not when the window starts (view-conditions.ts "Schemas" says why).
const viewSchemas = builtOnce(() => {
  const column = z.object({ key: z.string().min(1).max(40), width: z.number().int().min(24).max(2000) });
  const body = z.object({
    name: z.string().trim().min(1).max(MAX_VIEW_NAME),
    search: z.string().max(MAX_SEARCH),
    where: conditionSchema()
      // Refusals carry message keys (views.paste.*): the technician reads them in the chosen language.
      .refine((c) => c.kind === 'group', 'views.paste.notGroup')
      .refine((c) => conditionDepth(c) <= MAX_DEPTH, 'views.paste.tooDeep') as z.ZodType<ConditionGroup>,
    sort: z.object({ key: z.string().min(1).max(40), direction: z.enum(['asc', 'desc']) }),
    columns: z.array(column).max(40),
  });
  return {
    body,
    saved: body.extend({ id: z.string().min(1).max(100), accounts: z.enum(VIEW_ACCOUNTS).optional() }),
    share: z.object({ type: z.literal(SHARE_TYPE), version: z.number().int(), view: z.unknown() }),
  };
});

/** A view as it is pasted (no id, no accounts). */
export const viewBodySchema = () => viewSchemas().body;
/** A view as it is saved. */
export const savedViewSchema = () => viewSchemas().saved;

/** The text a technician copies: the view without its local id. */
export function viewToShareText(view: SavedView): string {
  const { id: _id, accounts: _accounts, ...body } = view;
  return JSON.stringify({ type: SHARE_TYPE, version: SHARE_VERSION, view: body }, null, 2);
}

export type PastedView = { ok: true; view: Omit<SavedView, 'id'> } | { ok: false; error: string };

/** Reads a pasted view; the error says what is wrong in words a technician can pass on. */
export function viewFromShareText(text: string): PastedView {
  let json: unknown;
  try {
    json = JSON.parse(text.trim());
  } catch {
    return { ok: false, error: t('views.paste.notJson') };
  }
  // Bounded before validation walks it: a hostile paste nested 100,000 deep must not overflow the stack.
  if (jsonDepthOver(json, 4 * MAX_DEPTH + 8))
    return { ok: false, error: t('views.paste.tooDeep', { levels: MAX_DEPTH }) };
  const envelope = viewSchemas().share.safeParse(json);
  if (!envelope.success) return { ok: false, error: t('views.paste.notView') };
  if (envelope.data.version > SHARE_VERSION)
    return {
      ok: false,
      error: t('views.paste.newer', { format: envelope.data.version }),
    };
  const body = viewBodySchema().safeParse(envelope.data.view);
  if (!body.success) {
    // Our own refusals are message keys; zod's own words are English, so for those only where.
    const issue = body.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    const values = { path, levels: MAX_DEPTH };
    if (issue?.message === 'views.paste.notGroup') return { ok: false, error: t('views.paste.notGroup') };
    if (issue?.message === 'views.paste.tooDeep')
      return { ok: false, error: t('views.paste.tooDeep', values) };
    if (issue?.message === 'views.paste.badRange')
      return { ok: false, error: t('views.paste.badRange', values) };
    if (issue?.message === 'views.paste.unknownKind')
      return { ok: false, error: t('views.paste.unknownKind', values) };
    return { ok: false, error: path ? t('views.paste.damagedAt', values) : t('views.paste.damaged') };
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
