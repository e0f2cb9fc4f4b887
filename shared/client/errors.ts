// How a failed call reads to the technician. Every failure of the service client is an AppFailure
// (shared/errors.ts); its `toAppError()` is the plain data that crosses IPC. Messages are our own sentences, never a body or header
// echoed verbatim except the service's own human text where we have nothing better (403 without a code);
// nothing here ever holds a token, secret, signature or Authorization header.

import { AppFailure, SERVICE_ERROR_CODES, type ServiceResource } from '../errors.js';
import { decodeErrorBody } from '../xml/index.js';

export const SERVICE_CODE_MESSAGES: Readonly<Record<number, { message: string; field?: string }>> = {
  1000: { message: 'This device no longer exists on the service. Refresh the device list.' },
  1001: { message: 'Only the alias and the folder of a device can be changed.' },
  1002: {
    message:
      'The service did not accept one of the session details. Check the language and the planned times.',
  },
  1100: { message: 'This folder no longer exists on the service. Refresh the folder tree.' },
  1101: {
    message: 'A folder with this name already exists at this level. Choose another name.',
    field: 'name',
  },
  1103: { message: 'This folder is not empty. Move its devices and sub-folders out first.' },
  1200: { message: 'This user no longer exists on the service.' },
  1300: { message: 'This support session no longer exists on the service. Refresh the session list.' },
  1301: { message: "Enter the customer's name: a support session needs one.", field: 'customer' },
  1302: { message: 'Choose the language of the session.', field: 'language' },
};

/**
 * 1002 ("parameter not valid") does not say which parameter; the service's sentence usually names it
 * ("Parameter not valid: customer_mail …", "Customer e-mail is not a valid address"). Read from there, the
 * refusal lands at its field with words about that field; unnamed, it stays the general sentence.
 */
const SESSION_FIELD_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/customer[_ ]?mail|e-?mail/i, 'customerMail'],
  [/planned[_ ]init[_ ]time|planned start/i, 'plannedInitTime'],
  [/planned[_ ]end[_ ]time|planned end/i, 'plannedEndTime'],
  [/language/i, 'language'],
];

export function sessionFieldNamed(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const named = SESSION_FIELD_WORDS.filter(([words]) => words.test(message));
  // A sentence naming two fields does not say which one was refused.
  return named.length === 1 ? named[0]![1] : undefined;
}

export const MESSAGES = {
  notSignedIn: 'Your sign-in is no longer valid. Sign in again.',
  clockSkew:
    "This computer's clock differs from the service's, so the service refused the request. " +
    "Set this computer's date, time and time zone correctly (or turn on automatic time), then try again.",
  notAllowed: 'Your account is not allowed to do this. Ask an administrator of the account.',
  notFound: 'The item was not found on the service. Refresh and try again.',
  busy: 'The service is busy. Try again in a moment.',
  unavailable: 'The service is not available right now. Try again in a moment.',
  network: 'Could not reach the service. Check the network connection.',
  timeout: 'The service did not answer in time.',
  timeoutWrite:
    'The service did not answer in time. It may have made the change: refresh before trying again.',
  cancelled: 'The request was cancelled.',
  malformed: "The service's answer could not be read.",
  createdWithoutLocation:
    'The service did not say which item it created. The item may have been created: refresh before trying again.',
} as const;

/** The oauth_problem of a WWW-Authenticate header (`OAuth realm="…", oauth_problem="timestamp_refused"`). */
export function oauthProblemFromHeader(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const match = /(?:^|[\s,])oauth_problem\s*=\s*(?:"([^"]*)"|([^\s,]+))/i.exec(header);
  const value = match?.[1] ?? match?.[2];
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const CLOCK_PROBLEMS = new Set(['timestamp_refused']);

export interface HttpFailure {
  status: number;
  /** The response body as text ('' when none or unreadable). */
  body: string;
  wwwAuthenticate?: string | null;
  /** The Retry-After header of a 429 or 503 (seconds or an HTTP date), when the service sent one. */
  retryAfter?: string | null;
  method: string;
  /** What the call was about, from its path, for errors that do not name it. */
  resource?: ServiceResource;
}

function codeResource(code: number): ServiceResource | undefined {
  const known = (SERVICE_ERROR_CODES as Record<number, { resource: ServiceResource } | undefined>)[code];
  return known?.resource;
}

/** A non-2xx answer as a AppFailure: by the service's code first, then by the OAuth problem, then by status. */
export function serviceErrorFromResponse(failure: HttpFailure): AppFailure {
  const { status, method } = failure;
  const decoded = decodeErrorBody(failure.body);
  const problem = oauthProblemFromHeader(failure.wwwAuthenticate) ?? decoded?.problem;
  const base = { httpStatus: status };

  if (problem !== undefined && CLOCK_PROBLEMS.has(problem)) {
    return new AppFailure({
      ...base,
      kind: 'clock-skew',
      message: MESSAGES.clockSkew,
      resource: 'oauth',
      oauthProblem: problem,
    });
  }

  const code = decoded?.code;
  if (code !== undefined) {
    const known = SERVICE_CODE_MESSAGES[code];
    const resource = codeResource(code) ?? failure.resource;
    const named = code === 1002 ? sessionFieldNamed(decoded?.message) : undefined;
    const field = known?.field ?? named;
    return new AppFailure({
      ...base,
      kind: 'service',
      code,
      message: known?.message ?? `The service refused the request (code ${code}).`,
      ...(resource !== undefined ? { resource } : {}),
      ...(field !== undefined ? { field } : {}),
      ...(named !== undefined ? { key: `error.code.${code}.${named}` } : {}),
    });
  }

  const resource = failure.resource;
  const withResource = resource !== undefined ? { resource } : {};
  if (status === 401) {
    return new AppFailure({
      ...base,
      kind: 'not-signed-in',
      message: MESSAGES.notSignedIn,
      resource: 'oauth',
      ...(problem !== undefined ? { oauthProblem: problem } : {}),
    });
  }
  if (status === 403) {
    return new AppFailure({
      ...base,
      ...withResource,
      kind: 'not-allowed',
      message: serverSentence(decoded?.message) ?? MESSAGES.notAllowed,
    });
  }
  // A write that met a busy or broken service may still be repeated by hand, except a create: that one
  // might have been done and a second attempt would duplicate it.
  const repeatable = method.toUpperCase() !== 'POST';
  if (status === 429)
    return new AppFailure({
      ...base,
      ...withResource,
      kind: 'service',
      message: tooManyRequestsMessage(failure.retryAfter),
      retryable: repeatable,
      ...waitHint(failure.retryAfter),
    });
  if (status >= 500) {
    return new AppFailure({
      ...base,
      ...withResource,
      kind: 'service',
      message: MESSAGES.unavailable,
      retryable: repeatable,
    });
  }
  if (status === 404)
    return new AppFailure({ ...base, ...withResource, kind: 'service', message: MESSAGES.notFound });
  return new AppFailure({
    ...base,
    ...withResource,
    kind: 'service',
    message: serverSentence(decoded?.message) ?? `The service refused the request (HTTP ${status}).`,
  });
}

/** Whole seconds a Retry-After asks for (delta-seconds or an HTTP date), undefined when unreadable. */
export function retryAfterSeconds(header: string | null | undefined, nowMs = Date.now()): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** The Retry-After as data, so the sentence in the technician's language can say how long to wait. */
export function waitHint(retryAfter: string | null | undefined): { retryAfterSeconds?: number } {
  const seconds = retryAfterSeconds(retryAfter);
  return seconds === undefined ? {} : { retryAfterSeconds: seconds };
}

/** A 429 in one sentence: what happened and, when the service said, how long to wait. */
export function tooManyRequestsMessage(retryAfter: string | null | undefined, nowMs = Date.now()): string {
  const seconds = retryAfterSeconds(retryAfter, nowMs);
  if (seconds === undefined) return MESSAGES.busy;
  if (seconds <= 1) return 'The service is limiting requests right now; try again in a second.';
  if (seconds < 120) return `The service is limiting requests right now; try again in ${seconds} seconds.`;
  return `The service is limiting requests right now; try again in ${Math.ceil(seconds / 60)} minutes.`;
}

/** The service's own wording, shown to the technician: one tidy line, not a 64 KB dump. */
const MAX_SERVER_SENTENCE = 300;
function serverSentence(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const line = message.replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  return line.length > MAX_SERVER_SENTENCE ? `${line.slice(0, MAX_SERVER_SENTENCE - 1)}…` : line;
}

/** Errors where nothing is known to have reached the service. */
const NOT_SENT_CAUSES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 4 && typeof current === 'object' && current !== null; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function networkError(method: string, cause?: unknown): AppFailure {
  const isCreate = method.toUpperCase() === 'POST';
  const notSent = NOT_SENT_CAUSES.has(causeCode(cause) ?? '');
  return new AppFailure({
    kind: 'network',
    message: MESSAGES.network,
    retryable: !isCreate || notSent,
    ...(method.toUpperCase() !== 'GET' && !notSent ? { outcomeUnknown: true } : {}),
  });
}

export function timeoutError(method: string): AppFailure {
  const read = method.toUpperCase() === 'GET';
  return new AppFailure({
    kind: 'timeout',
    message: read ? MESSAGES.timeout : MESSAGES.timeoutWrite,
    retryable: method.toUpperCase() !== 'POST',
    ...(read ? {} : { outcomeUnknown: true }),
  });
}

export function cancelledError(): AppFailure {
  return new AppFailure({ kind: 'cancelled', message: MESSAGES.cancelled });
}

export function malformedResponseError(httpStatus?: number, cause?: unknown): AppFailure {
  return new AppFailure({
    kind: 'malformed-response',
    message: MESSAGES.malformed,
    retryable: true,
    ...(httpStatus !== undefined ? { httpStatus } : {}),
    ...(cause !== undefined ? { cause } : {}),
  });
}

export function createdWithoutLocationError(httpStatus: number, resource: ServiceResource): AppFailure {
  return new AppFailure({
    kind: 'malformed-response',
    message: MESSAGES.createdWithoutLocation,
    key: 'error.createdWithoutLocation',
    httpStatus,
    resource,
    outcomeUnknown: true,
  });
}
