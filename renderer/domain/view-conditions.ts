// The saved views' condition language: what a view keeps (search, conditions, sort, columns), how it is
// shared as text (versioned JSON, validated on paste), and how its conditions become one predicate.
//
// Conditions combine in AND / OR groups (and NOT); an empty group is no condition. Kinds that need data the console does not have yet
// (device history: "offline longer than", "flapping") plug in through `registerConditionKind`: they bring
// their schema and compiler, and a view using one pastes and runs like any other once registered. A pasted
// view with a kind this build does not know is refused with its name, never silently dropped (a dropped
// condition would widen the view without anyone noticing).
//
// Predicates take the device AND its search entry: text conditions reuse the entry built once per device.

import * as z from 'zod';
import type { Device, Id } from '../../shared/model.js';
import { enumValue } from '../../shared/model.js';
import { MAX_SEARCH } from '../../shared/ipc/limits.js';
import { compileSearch, type SearchEntry } from './device-search.js';
import { freeSpacePercent } from './cell-kinds.js';

export { freeSpacePercent } from './cell-kinds.js';

export const VIEW_STATUSES = ['online', 'offline', 'busy', 'unknown'] as const;
export type ViewStatus = (typeof VIEW_STATUSES)[number];

export type BuiltInCondition =
  | { kind: 'status'; in: ViewStatus[] }
  /** Raw OS values as the service sends them; '' stands for "no OS reported". */
  | { kind: 'os'; in: string[] }
  /** folderId null: unassigned devices. subtree: the folder and everything under it. */
  | { kind: 'folder'; folderId: Id | null; subtree: boolean }
  /** "10.4.0.0/16" (CIDR) or "10.4." / "10.4" (prefix, at an octet boundary). */
  | { kind: 'ip'; range: string }
  | { kind: 'alias'; empty: boolean }
  | { kind: 'ramBelow'; mb: number }
  | { kind: 'freeSpaceBelow'; percent: number }
  /** The device's last report is older than this (or it never reported). */
  | { kind: 'statusOlderThan'; minutes: number }
  /** The search language of device-search.ts, so an OR group can hold searches. */
  | { kind: 'text'; query: string };

export interface ExtensionCondition {
  kind: string;
  [key: string]: unknown;
}

export type Condition =
  | BuiltInCondition
  | { kind: 'group'; op: 'and' | 'or'; conditions: Condition[] }
  | { kind: 'not'; condition: Condition }
  | ExtensionCondition;

export type ConditionGroup = Extract<Condition, { kind: 'group' }>;

export type DevicePredicate = (device: Device, search: SearchEntry) => boolean;

/** What predicates read besides the device: the clock and the folder tree (and, later, device history). */
export interface ConditionContext {
  now: number;
  /** The folder and all folders under it. */
  subtree(folderId: Id): ReadonlySet<Id>;
  /** Is this folder in the tree? (A device in a folder we do not know counts as unassigned.) */
  knownFolder(folderId: Id): boolean;
  /** Whatever registered kinds need (device history…), keyed by the extension's name. */
  extensions?: Readonly<Record<string, unknown>>;
}

export interface CompiledConditions {
  match: DevicePredicate;
  /** Reads the clock: must be re-evaluated as time passes, not only when devices change. */
  timeDependent: boolean;
  /** Reads the folder tree: must be recompiled when folders change. */
  usesFolders: boolean;
}

export interface ConditionKind<C extends ExtensionCondition> {
  kind: C['kind'];
  /** Built when first asked for (see "Schemas" below for why), once. */
  schema: () => z.ZodType<C>;
  compile(condition: C, context: ConditionContext): DevicePredicate;
  timeDependent?: boolean;
}

const extensions = new Map<string, ConditionKind<ExtensionCondition>>();

/** The extension point for condition kinds defined elsewhere (device history). */
export function registerConditionKind<C extends ExtensionCondition>(kind: ConditionKind<C>): void {
  if (BUILT_IN_KINDS.has(kind.kind)) throw new Error(`"${kind.kind}" is a built-in condition kind`);
  extensions.set(kind.kind, kind as unknown as ConditionKind<ExtensionCondition>);
}

// ---- Schemas ------------------------------------------------------------------------------------------
// Built when a view is first read or pasted, not when this module loads: the module is part of what the
// window runs before it asks for its first rows, and building these schemas was some 20-30 ms of it
// (zod's constructors, measured in the window's profile on the project machine).

/** `build()` once, when first asked for. */
export function builtOnce<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/**
 * Each built-in kind's fields besides `kind`, in the editor's order: the one list of those kinds (their
 * names are read from it without building anything).
 */
const BUILT_IN_FIELDS = {
  status: () => ({ in: z.array(z.enum(VIEW_STATUSES)).min(1) }),
  os: () => ({ in: z.array(z.string().max(200)).min(1) }),
  folder: () => ({ folderId: z.string().max(100).nullable(), subtree: z.boolean() }),
  ip: () => ({ range: z.string().refine((r) => parseIpRange(r) !== null, 'views.paste.badRange') }),
  alias: () => ({ empty: z.boolean() }),
  ramBelow: () => ({ mb: z.number().positive().finite() }),
  freeSpaceBelow: () => ({ percent: z.number().min(0).max(100) }),
  statusOlderThan: () => ({ minutes: z.number().positive().finite() }),
  text: () => ({ query: z.string().max(MAX_SEARCH) }),
} satisfies Record<BuiltInCondition['kind'], () => z.ZodRawShape>;

/** The built-in kinds, in the editor's order. */
export const BUILT_IN_KIND_NAMES = Object.keys(BUILT_IN_FIELDS) as Array<BuiltInCondition['kind']>;

const builtInSchemas = builtOnce(
  () =>
    new Map<string, z.ZodObject>(
      Object.entries(BUILT_IN_FIELDS).map(([kind, fields]) => [
        kind,
        z.object({ kind: z.literal(kind), ...fields() }),
      ]),
    ),
);

/** Deeper nesting than an editor can show is refused on paste (and cannot overflow the stack). */
export const MAX_DEPTH = 8;

export function conditionDepth(c: Condition): number {
  if (c.kind === 'group') return 1 + Math.max(0, ...(c as ConditionGroup).conditions.map(conditionDepth));
  if (c.kind === 'not') return 1 + conditionDepth((c as { condition: Condition }).condition);
  return 1;
}

/** The built-in kinds' schemas, in the order above: what the condition editor offers and how it reads values. */
export function builtInConditionSchemas(): ReadonlyMap<string, z.ZodObject> {
  return builtInSchemas();
}

/** The built-in kinds' schemas, then the registered kinds' (device history), by kind. */
export function conditionKindSchemas(): ReadonlyMap<string, z.ZodObject> {
  const all = new Map(builtInSchemas());
  for (const [kind, ext] of extensions) {
    const schema = ext.schema();
    if ((schema.def as { type: string }).type === 'object') all.set(kind, schema as unknown as z.ZodObject);
  }
  return all;
}
const BUILT_IN_KINDS = new Set<string>([...BUILT_IN_KIND_NAMES, 'group', 'not']);

const nestingSchemas = builtOnce(() => ({
  group: z.object({
    kind: z.literal('group'),
    op: z.enum(['and', 'or']),
    conditions: z.array(z.lazy(() => conditionSchema())).max(100),
  }),
  not: z.object({ kind: z.literal('not'), condition: z.lazy(() => conditionSchema()) }),
}));

function schemaFor(kind: string): z.ZodType | undefined {
  if (kind === 'group' || kind === 'not') return nestingSchemas()[kind];
  return builtInSchemas().get(kind) ?? extensions.get(kind)?.schema();
}

/**
 * Chooses the schema by `kind` first, so a damaged condition's error names its own path and problem
 * (where.conditions.1.range, not an IPv4 range) rather than "matches none of 12 shapes".
 */
export const conditionSchema = builtOnce(
  (): z.ZodType<Condition> =>
    z.looseObject({ kind: z.string() }).superRefine((c, ctx) => {
      const schema = schemaFor(c.kind);
      if (!schema) {
        ctx.addIssue({ code: 'custom', message: 'views.paste.unknownKind', path: ['kind'] });
        return;
      }
      const parsed = schema.safeParse(c);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }) as unknown as z.ZodType<Condition>,
);

// ---- Compiling ----------------------------------------------------------------------------------------

export function statusOf(d: Device): ViewStatus {
  const s = d.status;
  return s === 'online' || s === 'offline' || s === 'busy' ? s : 'unknown';
}

/** Dotted IPv4 → unsigned number, or null. By char codes: it runs per device per view. */
export function ipv4(text: string): number | null {
  let n = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      part = part * 10 + (c - 48);
      if (++digits > 3 || part > 255) return null;
    } else if (c === 46 && digits > 0 && dots < 3) {
      n = n * 256 + part;
      part = 0;
      digits = 0;
      dots++;
    } else return null;
  }
  return dots === 3 && digits > 0 ? n * 256 + part : null;
}

type IpRange = { kind: 'cidr'; base: number; size: number } | { kind: 'prefix'; prefix: string };

export function parseIpRange(range: string): IpRange | null {
  const r = range.trim();
  const slash = r.indexOf('/');
  if (slash !== -1) {
    const base = ipv4(r.slice(0, slash));
    const bits = Number(r.slice(slash + 1));
    if (base === null || !Number.isInteger(bits) || bits < 0 || bits > 32 || r.slice(slash + 1) === '')
      return null;
    const size = 2 ** (32 - bits);
    return { kind: 'cidr', base: base - (base % size), size };
  }
  // One to four octets, each 0–255; a trailing dot only after fewer than four ("10.4.", not "10.4.1.2.").
  if (!/^\d{1,3}(\.\d{1,3}){0,3}\.?$/.test(r)) return null;
  const octets = (r.endsWith('.') ? r.slice(0, -1) : r).split('.');
  if (octets.some((o) => Number(o) > 255) || (octets.length === 4 && r.endsWith('.'))) return null;
  // "10.4" means 10.4.x.x, never 10.40.x.x: the prefix ends at an octet boundary.
  return { kind: 'prefix', prefix: r.endsWith('.') ? r : `${r}.` };
}

function ipMatcher(range: string): (ip: string | null) => boolean {
  const parsed = parseIpRange(range);
  if (!parsed) return () => false;
  if (parsed.kind === 'prefix') {
    const { prefix } = parsed;
    const exact = prefix.slice(0, -1);
    return (ip) => ip !== null && (ip.startsWith(prefix) || ip === exact);
  }
  const { base, size } = parsed;
  return (ip) => {
    const n = ip === null ? null : ipv4(ip);
    return n !== null && n >= base && n < base + size;
  };
}

interface Flags {
  time: boolean;
  folders: boolean;
}

function compileOne(c: Condition, ctx: ConditionContext, flags: Flags, depth: number): DevicePredicate {
  if (depth > MAX_DEPTH) throw new Error('conditions nested too deeply');
  switch (c.kind) {
    case 'group': {
      const { op, conditions } = c as ConditionGroup;
      const parts = conditions
        .filter((x) => !isEmptyCondition(x))
        .map((x) => compileOne(x, ctx, flags, depth + 1));
      if (op === 'and')
        return (d, s) => {
          for (const p of parts) if (!p(d, s)) return false;
          return true;
        };
      // An empty group is no condition at all (a group just added in the editor), in OR as in AND.
      if (parts.length === 0) return () => true;
      return (d, s) => {
        for (const p of parts) if (p(d, s)) return true;
        return false;
      };
    }
    case 'not': {
      const inner = compileOne((c as { condition: Condition }).condition, ctx, flags, depth + 1);
      return (d, s) => !inner(d, s);
    }
    case 'status': {
      const set = new Set<string>((c as { in: ViewStatus[] }).in);
      return (d) => set.has(statusOf(d));
    }
    case 'os': {
      const set = new Set((c as { in: string[] }).in);
      return (d) => set.has(d.os === null ? '' : enumValue(d.os));
    }
    case 'folder': {
      flags.folders = true;
      const { folderId, subtree } = c as { folderId: Id | null; subtree: boolean };
      if (folderId === null) return (d) => d.folderId === null || !ctx.knownFolder(d.folderId);
      const ids = subtree ? ctx.subtree(folderId) : new Set([folderId]);
      return (d) => d.folderId !== null && ids.has(d.folderId);
    }
    case 'ip': {
      const match = ipMatcher((c as { range: string }).range);
      return (d) => match(d.ip);
    }
    case 'alias': {
      const empty = (c as { empty: boolean }).empty;
      return (d) => !d.alias?.trim() === empty;
    }
    case 'ramBelow': {
      const mb = (c as { mb: number }).mb;
      return (d) => d.ram !== null && d.ram < mb;
    }
    case 'freeSpaceBelow': {
      const percent = (c as { percent: number }).percent;
      return (d) => {
        const p = freeSpacePercent(d.freeSpace);
        return p !== null && p < percent;
      };
    }
    case 'statusOlderThan': {
      flags.time = true;
      // Timestamps are ISO UTC strings (shared/model.ts), so they compare as text: no Date.parse per device.
      const cutoff = new Date(ctx.now - (c as { minutes: number }).minutes * 60_000).toISOString();
      return (d) => d.lastRefresh === null || d.lastRefresh < cutoff;
    }
    case 'text': {
      const match = compileSearch((c as { query: string }).query);
      return match ? (_d, s) => match(s) : () => true;
    }
    default: {
      const ext = extensions.get(c.kind);
      if (!ext) throw new Error(`unknown condition kind "${c.kind}"`);
      if (ext.timeDependent) flags.time = true;
      return ext.compile(c as ExtensionCondition, ctx);
    }
  }
}

/** A group with nothing in it (or only empty groups): no condition, skipped by its parent. */
export function isEmptyCondition(c: Condition): boolean {
  return c.kind === 'group' && (c as ConditionGroup).conditions.every(isEmptyCondition);
}

export function compileConditions(where: Condition, ctx: ConditionContext): CompiledConditions {
  const flags: Flags = { time: false, folders: false };
  const match = compileOne(where, ctx, flags, 0);
  return { match, timeDependent: flags.time, usesFolders: flags.folders };
}

export const EMPTY_CONDITIONS: ConditionGroup = { kind: 'group', op: 'and', conditions: [] };
