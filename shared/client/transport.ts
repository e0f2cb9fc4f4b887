// One attempt of a signed request, as every call to the service makes it: the ServiceClient's own calls and
// the devices poll, whose worker sends the GET the client signed for it (electron/core/devices-poll-work.ts)
// and reads the body as bytes. Same timeout, same refusal of redirects, same body limit, same error mapping:
// there is no second copy of any of them. The retry policy around attempts is the client's (ServiceClient
// `getVia`).

import { BodyTooLargeError, ContentCodingError } from '../http/read-body.js';
import { cancelledError, malformedResponseError, networkError, timeoutError } from './errors.js';

/** An answer to one attempt: a 2xx ends the call, anything else is retried or mapped by the client. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  url: string;
}

/**
 * An attempt sent by someone other than the client (ServiceClient.getVia): the request signed for it, and
 * the limits every attempt of that client keeps.
 */
export type ForeignAttempt = (
  signed: { url: string; headers: Record<string, string> },
  limits: { timeoutMs: number; maxBytes: number },
) => Promise<RawResponse>;

/** Why the per-attempt controller was aborted, when it was our timer. */
const TIMED_OUT = Symbol('timed-out');

export interface SignedAttempt {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Signed for this attempt only: a nonce is good once (spec §8). */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface AttemptLimits<B> {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Reads the body within the size limit (readBodyLimited, readBodyInto); BodyTooLargeError when over. */
  read(response: Response): Promise<B>;
}

/** Sends one attempt; any failure to get an answer is an AppFailure (network, timeout, cancelled, too large). */
export async function sendAttempt<B>(
  fetchFn: typeof fetch,
  request: SignedAttempt,
  limits: AttemptLimits<B>,
): Promise<{ status: number; headers: Headers; body: B }> {
  const controller = new AbortController();
  const callerSignal = limits.signal;
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => controller.abort(TIMED_OUT), limits.timeoutMs);
  try {
    const response = await fetchFn(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      signal: controller.signal,
      // A redirect would carry the signed request elsewhere; the service never sends one.
      redirect: 'manual',
    });
    const body = await limits.read(response);
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw malformedResponseError(undefined, error);
    // Bytes the service sent that cannot be undone from their coding: its answer, not the network, is bad.
    if (error instanceof ContentCodingError) throw malformedResponseError(undefined, error);
    if (callerSignal?.aborted) throw cancelledError();
    if (controller.signal.aborted && controller.signal.reason === TIMED_OUT)
      throw timeoutError(request.method);
    throw networkError(request.method, error);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}
