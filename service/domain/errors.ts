// A refusal of the domain, carrying what the HTTP layer needs to answer it: the status, the service's code
// when spec §7 has one for the case, and the request field it is about.
import { SERVICE_ERROR_CODES, type ServiceErrorCode } from '../../shared/errors.js';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ServiceErrorCode,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** An error the spec names: its status comes from §7. */
export function serviceError(code: ServiceErrorCode, message: string, field?: string): DomainError {
  return new DomainError(SERVICE_ERROR_CODES[code].status, message, code, field);
}

/** A refusal the spec leaves "not shown": a status and a message, no numeric code. */
export function uncodedError(status: number, message: string, field?: string): DomainError {
  return new DomainError(status, message, undefined, field);
}
