// Errors as both processes see them. The service's codes are spec §7; the rest are the ways a call can
// fail before or around the service. `AppError` is plain data so it crosses IPC and can be logged
// (it never carries a secret, a token or a signature).

export const SERVICE_ERROR_CODES = {
  1000: { status: 404, resource: 'device', meaning: 'device id not found' },
  1001: { status: 403, resource: 'device', meaning: 'read-only parameter' },
  1002: { status: 403, resource: 'support_session', meaning: 'parameter not valid' },
  1100: { status: 404, resource: 'folder', meaning: 'folder id not found' },
  1101: { status: 403, resource: 'folder', meaning: 'folder name already in use at the selected level' },
  1103: { status: 403, resource: 'folder', meaning: 'folder not empty' },
  1200: { status: 404, resource: 'user', meaning: 'user id not found' },
  1300: { status: 404, resource: 'support_session', meaning: 'support session not found' },
  1301: { status: 422, resource: 'support_session', meaning: "customer can't be blank" },
  1302: { status: 422, resource: 'support_session', meaning: "language can't be blank" },
} as const;

export type ServiceErrorCode = keyof typeof SERVICE_ERROR_CODES;
export type ServiceResource = 'device' | 'folder' | 'support_session' | 'user' | 'oauth' | 'unknown';

export type AppErrorKind =
  /** The service answered with one of its codes (see `code`) or an HTTP error status. */
  | 'service'
  /** 401 without a code: the token is missing, revoked or expired: sign in again. */
  | 'not-signed-in'
  /** 403 without a code. */
  | 'not-allowed'
  /** The service refused our timestamp: this machine's clock is off. */
  | 'clock-skew'
  /** Could not reach the service (DNS, refused, reset). */
  | 'network'
  /** No answer in time. For a non-idempotent call the outcome is unknown: check before trying again. */
  | 'timeout'
  /** The call was cancelled by us. */
  | 'cancelled'
  /** The service's answer could not be understood (not XML, wrong root, hostile, too large). */
  | 'malformed-response'
  /** The app is offline: writes are refused rather than queued. */
  | 'offline'
  /** Input refused before sending. */
  | 'validation'
  /** The OS keychain is unavailable or refused. */
  | 'keychain'
  /** Disk full, permission denied and the like, when writing our own files. */
  | 'storage'
  | 'internal';

export interface AppError {
  kind: AppErrorKind;
  /**
   * English, for logs and diagnosis only. What the technician reads is chosen from the fields below and
   * formatted in their language (shared/i18n/error-text.ts): main sends data, not sentences.
   */
  message: string;
  /** A message key (shared/i18n catalogues) for refusals the console decides itself, with its values. */
  key?: string;
  values?: Record<string, string | number>;
  /** The OAuth problem the service named (e.g. 'verifier_invalid'): picks the sign-in sentence. */
  problem?: string;
  /** The service's numeric code (spec §7), when it sent one. */
  code?: number;
  httpStatus?: number;
  resource?: ServiceResource;
  /** The request field the error is about, so a form can show it at the field (e.g. "name" for 1101). */
  field?: string;
  /** True when repeating the same call may succeed and is safe to do. */
  retryable?: boolean;
  /** For timeouts of non-idempotent calls: the service may have done it. */
  outcomeUnknown?: boolean;
  /** How long the service asked to be left alone (a 429's Retry-After), in whole seconds. */
  retryAfterSeconds?: number;
}

/** The optional fields of AppError, listed once: copying an error copies these and nothing else. */
const OPTIONAL_FIELDS = [
  'code',
  'httpStatus',
  'resource',
  'field',
  'retryable',
  'outcomeUnknown',
  'retryAfterSeconds',
  'key',
  'values',
  'problem',
] as const satisfies readonly (keyof AppError)[];

// Every optional field must be in the list: a field added to AppError and forgotten here fails to compile.
type Unlisted = Exclude<keyof AppError, 'kind' | 'message' | (typeof OPTIONAL_FIELDS)[number]>;
const allListed: [Unlisted] extends [never] ? true : Unlisted = true;
void allListed;

/** A copy with the known fields only, so nothing else an error object carried (a request, a header) leaks. */
export function pickAppError(e: AppError): AppError {
  const out: AppError = { kind: e.kind, message: e.message };
  for (const key of OPTIONAL_FIELDS) {
    if (e[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = e[key];
  }
  if (out.key !== undefined && typeof out.key !== 'string') delete out.key;
  if (out.problem !== undefined && typeof out.problem !== 'string') delete out.problem;
  if (out.values !== undefined) out.values = pickValues(out.values);
  return out;
}

// Only strings and numbers travel as a message's values: nothing else an error carried rides along.
function pickValues(values: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  return out;
}

export interface AppFailureInit extends AppError {
  /** The OAuth problem the service named (e.g. 'timestamp_refused'). Not secret; kept for diagnosis. */
  oauthProblem?: string;
  cause?: unknown;
}

/**
 * The one thrown form of an AppError, in both processes: the service client rejects with it, the core's
 * checks throw it, and at the IPC edge `toAppError` turns it (or anything else) into the plain data.
 */
export class AppFailure extends Error {
  override readonly name = 'AppFailure';
  readonly kind: AppErrorKind;
  declare readonly code?: number;
  declare readonly httpStatus?: number;
  declare readonly resource?: ServiceResource;
  declare readonly field?: string;
  declare readonly retryable?: boolean;
  declare readonly outcomeUnknown?: boolean;
  declare readonly retryAfterSeconds?: number;
  declare readonly oauthProblem?: string;
  declare readonly key?: string;
  declare readonly values?: Record<string, string | number>;
  declare readonly problem?: string;

  constructor(init: AppFailureInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    // Whether a repeat may succeed is always stated: false unless the thrower knows better.
    Object.assign(this, { retryable: false }, pickAppError(init));
    if (init.oauthProblem !== undefined)
      Object.assign(this, { oauthProblem: init.oauthProblem, problem: init.problem ?? init.oauthProblem });
  }

  toAppError(): AppError {
    return pickAppError(this);
  }
}

/** Throws `error` as an AppFailure. */
export function fail(error: AppError): never {
  throw new AppFailure(error);
}

/** Anything thrown, as the plain data that crosses IPC: an AppFailure or AppError as itself, else internal. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure || isAppError(error)) return pickAppError(error);
  // Errors of a step that know their AppError (the OAuth token flow's) say it themselves.
  if (typeof error === 'object' && error !== null && 'toAppError' in error) {
    const converter = (error as { toAppError: unknown }).toAppError;
    if (typeof converter === 'function') return pickAppError(converter.call(error) as AppError);
  }
  return {
    kind: 'internal',
    message: 'Something went wrong inside the app. Try again; if it persists, restart it.',
  };
}

export function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AppError).kind === 'string' &&
    typeof (value as AppError).message === 'string'
  );
}
