// Which message an AppError reads as. Main sends errors as data (kind, service code, OAuth problem, and
// for its own refusals a key with values); the sentence is chosen here and formatted in the technician's
// language where it is shown. The service code is not part of the sentence: it is a detail for support.

import type { AppError } from '../errors.js';
import type { I18nMessage, Translator } from './translator.js';

export function errorMessage(error: AppError, has: (key: string) => boolean): I18nMessage {
  if (error.key && has(error.key))
    return error.values ? { key: error.key, values: error.values } : { key: error.key };
  if (error.code !== undefined) {
    const byCode = `error.code.${error.code}`;
    return { key: has(byCode) ? byCode : 'error.code.other' };
  }
  if (error.problem) {
    const byProblem = `error.oauth.${error.problem}`;
    if (has(byProblem)) return { key: byProblem };
  }
  if ((error.kind === 'timeout' || error.kind === 'network') && error.outcomeUnknown)
    return { key: `error.kind.${error.kind}.write` };
  if (error.kind === 'service' && error.httpStatus !== undefined) {
    if (error.httpStatus === 429)
      return error.retryAfterSeconds !== undefined
        ? busyFor(error.retryAfterSeconds)
        : { key: 'error.http.busy' };
    if (error.httpStatus >= 500) return { key: 'error.http.unavailable' };
    if (error.httpStatus === 404) return { key: 'error.http.notFound' };
  }
  const byKind = `error.kind.${error.kind}`;
  return { key: has(byKind) ? byKind : 'error.kind.internal' };
}

/**
 * How long to wait, in the unit a person would say it: seconds up to a minute and a half, then minutes,
 * from an hour and a half hours. Rounded up: never an invitation to come back before the service said.
 */
export function busyFor(seconds: number): I18nMessage {
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait < 90) return { key: 'error.http.busyFor', values: { seconds: wait } };
  if (wait < 90 * 60) return { key: 'error.http.busyForMinutes', values: { minutes: Math.ceil(wait / 60) } };
  return { key: 'error.http.busyForHours', values: { hours: Math.ceil(wait / 3600) } };
}

export function errorText(error: AppError, translator: Translator): string {
  const message = errorMessage(error, translator.has);
  return translator.t(message.key, message.values);
}

/** "Service code 1103", for support: shown apart from the sentence, never appended to it. */
export function errorDetail(error: AppError, translator: Translator): string | null {
  if (error.code !== undefined) return translator.t('error.detail.code', { code: String(error.code) });
  return null;
}
