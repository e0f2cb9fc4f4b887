// Support sessions arranged the two ways a technician looks at them: an agenda by planned start (in the
// user's own time zone), and groups by state (an unknown state is kept as its own group, named as it came).

import type { SupportSession } from '../../shared/model.js';
import { enumValue, isUnknownEnum } from '../../shared/model.js';
import { parseTimestamp, startOfDay } from './time-zone.js';

export type AgendaBucket = 'today' | 'week' | 'later' | 'past' | 'unscheduled';
export const AGENDA_ORDER: readonly AgendaBucket[] = ['today', 'week', 'later', 'past', 'unscheduled'];

const DAY = 86_400_000;

/** When a session is (or was) due: its actual start once it started, else its planned start. */
export function sessionStart(s: SupportSession): Date | null {
  return parseTimestamp(s.initTime) ?? parseTimestamp(s.plannedInitTime);
}

/**
 * Buckets by start in the given offset: before today → past; today; the rest of this calendar week
 * (weeks start on Monday) → week; after → later. An ongoing session is "today" whatever its start; a
 * finished one is "past" whatever its start, so "Today" lists only what is still to do (the Past group
 * reads most recent first, so this morning's sessions lead it).
 */
export function agendaBucket(s: SupportSession, now: Date, offsetMinutes: number): AgendaBucket {
  if (s.state === 'ongoing') return 'today';
  if (s.state === 'finished') return 'past';
  const start = sessionStart(s);
  if (!start) return 'unscheduled';
  const today = startOfDay(now, offsetMinutes).getTime();
  const t = start.getTime();
  if (t < today) return 'past';
  if (t < today + DAY) return 'today';
  const weekday = new Date(today + offsetMinutes * 60_000).getUTCDay(); // 0 Sunday … 6 Saturday
  const daysToNextMonday = weekday === 0 ? 1 : 8 - weekday;
  if (t < today + daysToNextMonday * DAY) return 'week';
  return 'later';
}

export interface SessionGroup {
  key: string;
  /** A known bucket/state, or the raw unknown state value. */
  label: { known: string } | { raw: string };
  sessions: SupportSession[];
}

function byStart(direction: 1 | -1) {
  return (a: SupportSession, b: SupportSession) => {
    const ta = sessionStart(a)?.getTime() ?? Infinity;
    const tb = sessionStart(b)?.getTime() ?? Infinity;
    return ta !== tb ? (ta - tb) * direction : a.id < b.id ? -1 : 1;
  };
}

export function agendaGroups(
  sessions: Iterable<SupportSession>,
  now: Date,
  offsetMinutes: number,
): SessionGroup[] {
  const groups = new Map<AgendaBucket, SupportSession[]>();
  for (const s of sessions) {
    const b = agendaBucket(s, now, offsetMinutes);
    let list = groups.get(b);
    if (!list) groups.set(b, (list = []));
    list.push(s);
  }
  return AGENDA_ORDER.filter((b) => groups.has(b)).map((b) => ({
    key: b,
    label: { known: b },
    // The past reads most recent first; everything ahead reads soonest first.
    sessions: groups.get(b)!.sort(byStart(b === 'past' ? -1 : 1)),
  }));
}

const STATE_ORDER = ['ongoing', 'planned', 'finished'];

export function stateGroups(sessions: Iterable<SupportSession>): SessionGroup[] {
  const groups = new Map<string, { unknown: boolean; list: SupportSession[] }>();
  for (const s of sessions) {
    const raw = s.state === null ? '' : enumValue(s.state);
    const unknown = s.state === null || isUnknownEnum(s.state);
    const key = unknown ? `unknown:${raw}` : raw;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { unknown, list: [] }));
    g.list.push(s);
  }
  const rank = (key: string) => {
    const i = STATE_ORDER.indexOf(key);
    return i === -1 ? STATE_ORDER.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : 1))
    .map(([key, g]) => ({
      key,
      label: g.unknown ? { raw: key.slice('unknown:'.length) } : { known: key },
      sessions: g.list.sort(byStart(key === 'finished' ? -1 : 1)),
    }));
}

export function canDeleteSession(s: SupportSession): boolean {
  return s.state !== 'finished';
}
