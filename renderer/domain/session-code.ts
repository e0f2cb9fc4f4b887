// A session without a planned end has a code valid for 15 minutes from its planned start (the service's
// default start is the moment of creation), which is how the service ends it. The window is known for
// every such session, not only those created during this run, and it does not start before the session.

import { DEFAULT_SESSION_CODE_VALIDITY_MS, type SupportSession } from '../../shared/model.js';

export interface CodeWindow {
  start: number;
  end: number;
}

/**
 * The code's window, or null when the session has a planned end (the code lasts until then) or is
 * finished. `createdAt` is used only when the service sent no planned start (it then starts at creation).
 */
export function codeWindow(session: SupportSession, createdAt?: number): CodeWindow | null {
  if (session.plannedEndTime || session.state === 'finished') return null;
  const planned = session.plannedInitTime ? Date.parse(session.plannedInitTime) : NaN;
  const start = Number.isFinite(planned) ? planned : createdAt;
  if (start === undefined) return null;
  return { start, end: start + DEFAULT_SESSION_CODE_VALIDITY_MS };
}

export type CodePhase = 'not-yet' | 'valid' | 'expired';

export function codePhase(window: CodeWindow, now: number): CodePhase {
  if (now < window.start) return 'not-yet';
  return now < window.end ? 'valid' : 'expired';
}
