// The status history in the saved views' condition language: "in a status for longer than N minutes"
// ("offline longer than 2 days"), "changed within N minutes" and "flapping", registered as extension
// kinds (view-conditions.ts). They read the per-device since rows through the context's `history`
// extension; they read the clock, so the views holding them are re-tested as time passes and when the
// rows change (saved-views.ts).

import * as z from 'zod';
import type { Condition, ConditionContext } from './view-conditions.js';
import { builtOnce, registerConditionKind } from './view-conditions.js';
import type { HistoryFilter, SinceLookup } from './device-since.js';
import { historyPredicate } from './device-since.js';

export const HISTORY_EXTENSION = 'history';

const MAX_MINUTES = 366 * 24 * 60;

export type HistoryCondition =
  | { kind: 'statusLongerThan'; status: 'online' | 'offline' | 'busy'; minutes: number }
  | { kind: 'changedWithin'; minutes: number }
  | { kind: 'flapping' };

function lookup(ctx: ConditionContext): SinceLookup {
  const history = ctx.extensions?.[HISTORY_EXTENSION];
  return typeof history === 'function' ? (history as SinceLookup) : () => undefined;
}

function compileWith(filter: HistoryFilter, ctx: ConditionContext) {
  const match = historyPredicate(filter, lookup(ctx), ctx.now);
  return match ? (d: Parameters<typeof match>[0]) => match(d) : () => true;
}

let registered = false;

/** Registers the kinds once (saved-views.ts calls it at start). */
export function registerHistoryConditions(): void {
  if (registered) return;
  registered = true;
  registerConditionKind({
    kind: 'statusLongerThan',
    schema: builtOnce(() =>
      z
        .object({
          kind: z.literal('statusLongerThan'),
          status: z.enum(['online', 'offline', 'busy']),
          minutes: z.number().int().min(1).max(MAX_MINUTES),
        })
        .strict(),
    ),
    timeDependent: true,
    compile: (c, ctx) =>
      compileWith({ kind: 'longer', status: c.status as 'offline', minutes: c.minutes as number }, ctx),
  });
  registerConditionKind({
    kind: 'changedWithin',
    schema: builtOnce(() =>
      z
        .object({ kind: z.literal('changedWithin'), minutes: z.number().int().min(1).max(MAX_MINUTES) })
        .strict(),
    ),
    timeDependent: true,
    compile: (c, ctx) => compileWith({ kind: 'changed', withinMinutes: c.minutes as number }, ctx),
  });
  registerConditionKind({
    kind: 'flapping',
    schema: builtOnce(() => z.object({ kind: z.literal('flapping') }).strict()),
    timeDependent: true,
    compile: (_c, ctx) => compileWith({ kind: 'flapping' }, ctx),
  });
}

/** The toolbar's history filter as a condition, so "save current filter" keeps it. */
export function historyFilterToCondition(f: HistoryFilter): Condition | null {
  switch (f.kind) {
    case 'none':
      return null;
    case 'changed':
      return { kind: 'changedWithin', minutes: f.withinMinutes };
    case 'longer':
      return { kind: 'statusLongerThan', status: f.status, minutes: f.minutes };
    case 'flapping':
      return { kind: 'flapping' };
  }
}
