// "The planned end is after the planned start", decided once for both processes: the main side refuses a
// session write whose end is not (Writes), the session form says the same at the field before sending it,
// in the technician's language, from the same key.

import type { AppError } from './errors.js';

/** The refusal: `message` is English for logs, the form shows `key`. */
export const END_BEFORE_START = {
  kind: 'validation',
  field: 'plannedEndTime',
  key: 'error.app.endBeforeStart',
  message: 'The planned end must be after the planned start.',
} as const satisfies AppError;

/** The error when a planned end (UTC ISO) is not after its start; null when both fit or one is missing. */
export function plannedTimesError(
  start: string | null | undefined,
  end: string | null | undefined,
): typeof END_BEFORE_START | null {
  return start && end && Date.parse(end) <= Date.parse(start) ? END_BEFORE_START : null;
}
