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
}

export function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AppError).kind === 'string' &&
    typeof (value as AppError).message === 'string'
  );
}
