// Which session notices to show, decided from the sessions list and the time alone (no timers, no I/O):
// the core feeds it every sessions refresh and a wake-up for reminders, and persists its memory.
//
// Decisions:
// - "Started": a session that is ongoing and was not notified before. The first sessions list seen for an
//   account (after sign-in, or with no memory) is a baseline: sessions already ongoing then are recorded
//   silently: no flood of notices on the first sync. A session that started more than STALE_START_MS ago
//   (the app was closed meanwhile) is also recorded silently: that news is old.
// - "Reminder": a planned session whose planned start is within `reminderLeadMinutes`; once per session.
// - Each session is notified once per kind, also across restarts (the memory is persisted by the caller);
//   entries are pruned a week after they were recorded once the session is gone from the list.
// - Disabled or paused: nothing is shown and the sessions are recorded as handled, so resuming does not
//   replay what happened during the pause.
// - Several at once: one batched notice per kind.

import type { SessionNotice, Settings } from '../../shared/ipc/contract.js';
import type { Id, SupportSession } from '../../shared/model.js';
import { sessionSummary } from '../../shared/model.js';

export const STALE_START_MS = 30 * 60_000;
const PRUNE_AFTER_MS = 7 * 24 * 60 * 60_000;

export interface SchedulerMemory {
  baseline: boolean;
  started: Record<Id, number>;
  reminder: Record<Id, number>;
}

export function emptyMemory(): SchedulerMemory {
  return { baseline: false, started: {}, reminder: {} };
}

export interface Evaluation {
  notices: SessionNotice[];
  memory: SchedulerMemory;
  /** When the next reminder falls due (ms), to wake the scheduler then; null: none pending. */
  nextWakeAt: number | null;
  /** Whether the memory changed (to persist). */
  dirty: boolean;
}

type Candidate = SupportSession;

export function evaluateSessions(
  sessions: readonly SupportSession[],
  memoryIn: SchedulerMemory,
  settings: Pick<Settings, 'reminderLeadMinutes' | 'notificationsEnabled' | 'notificationsPausedUntil'>,
  now: number,
): Evaluation {
  const memory: SchedulerMemory = {
    baseline: true,
    started: { ...memoryIn.started },
    reminder: { ...memoryIn.reminder },
  };
  let dirty = !memoryIn.baseline;
  const pausedUntil = settings.notificationsPausedUntil ? Date.parse(settings.notificationsPausedUntil) : NaN;
  const quiet = !settings.notificationsEnabled || (Number.isFinite(pausedUntil) && now < pausedUntil);
  const leadMs = Math.max(0, settings.reminderLeadMinutes) * 60_000;

  const started: Candidate[] = [];
  const reminders: Candidate[] = [];
  let nextWakeAt: number | null = null;
  const present = new Set<Id>();

  for (const session of sessions) {
    present.add(session.id);
    if (session.state === 'ongoing') {
      if (memory.started[session.id] !== undefined) continue;
      memory.started[session.id] = now;
      dirty = true;
      const startedAt = session.initTime ? Date.parse(session.initTime) : NaN;
      const stale = Number.isFinite(startedAt) && now - startedAt > STALE_START_MS;
      if (memoryIn.baseline && !quiet && !stale) started.push(session);
    } else if (session.state === 'planned' && leadMs > 0 && session.plannedInitTime) {
      if (memory.reminder[session.id] !== undefined) continue;
      const start = Date.parse(session.plannedInitTime);
      if (!Number.isFinite(start) || now >= start) continue;
      const due = start - leadMs;
      if (now >= due) {
        memory.reminder[session.id] = now;
        dirty = true;
        if (!quiet) reminders.push(session);
      } else if (nextWakeAt === null || due < nextWakeAt) {
        nextWakeAt = due;
      }
    }
  }

  for (const kind of ['started', 'reminder'] as const) {
    for (const [id, at] of Object.entries(memory[kind])) {
      if (!present.has(id) && now - at > PRUNE_AFTER_MS) {
        delete memory[kind][id];
        dirty = true;
      }
    }
  }

  const notices: SessionNotice[] = [];
  if (started.length > 0) notices.push(startedNotice(started));
  if (reminders.length > 0) notices.push(reminderNotice(reminders, now));
  return { notices, memory, nextWakeAt, dirty };
}

export function startedNotice(sessions: readonly SupportSession[]): SessionNotice {
  return { kind: 'started', sessions: sessions.map(sessionSummary) };
}

export function reminderNotice(sessions: readonly SupportSession[], now: number): SessionNotice {
  const first = sessions[0] as SupportSession;
  const minutes = Math.max(1, Math.round((Date.parse(first.plannedInitTime ?? '') - now) / 60_000));
  return { kind: 'reminder', sessions: sessions.map(sessionSummary), minutes };
}
