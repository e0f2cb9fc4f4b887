// The three-legged PIN (`oob`) flow of spec §5, all GET: request token → the user approves in a browser
// and reads a verification code → access token. Runs in the main process over an injectable fetch; never
// retried automatically (a request token request creates state on the service).
import type { AppError } from '../errors.js';
import { parseFormEncoded } from './encoding.js';
import { parseAuthorizationHeader } from './header.js';
import { OAuthProtocolError } from './problems.js';
import type { OAuthConsumer, OAuthToken, RequestSigner } from './types.js';
import { waitHint } from '../client/errors.js';
import { BodyTooLargeError, readBodyLimited } from '../http/read-body.js';

export type OAuthFlowStep = 'request_token' | 'access_token';

export type OAuthFlowErrorKind =
  /** The service answered with an OAuth refusal (see `problem`). */
  | 'refused'
  /** The service refused our timestamp: this computer's clock is off. */
  | 'clock-skew'
  | 'network'
  | 'timeout'
  | 'cancelled'
  /** The answer was not a valid token response. */
  | 'malformed-response'
  /** Our own input was refused before anything was sent. */
  | 'validation';

/**
 * Why a step of the flow failed, in words a technician can act on. Carries the service's `oauth_problem`
 * and advice when it sent them; never a token, secret, verifier or signature.
 */
export class OAuthFlowError extends Error {
  override readonly name = 'OAuthFlowError';
  constructor(
    readonly step: OAuthFlowStep,
    readonly kind: OAuthFlowErrorKind,
    message: string,
    readonly details: {
      problem?: string;
      advice?: string;
      httpStatus?: number;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
  }

  get problem(): string | undefined {
    return this.details.problem;
  }

  get advice(): string | undefined {
    return this.details.advice;
  }

  get httpStatus(): number | undefined {
    return this.details.httpStatus;
  }

  /** The plain-data form that crosses IPC. */
  toAppError(): AppError {
    const kind: AppError['kind'] =
      this.kind === 'refused' ? (this.httpStatus === 401 ? 'not-signed-in' : 'service') : this.kind;
    return {
      kind,
      message: this.message,
      resource: 'oauth',
      ...(this.problem !== undefined ? { problem: this.problem } : {}),
      ...(this.httpStatus !== undefined ? { httpStatus: this.httpStatus } : {}),
      ...(this.details.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: this.details.retryAfterSeconds }
        : {}),
      retryable: this.kind === 'network' || this.kind === 'timeout' || this.problem === 'nonce_used',
    };
  }
}

export interface TokenFlowOptions {
  /** The service's base URL, e.g. `https://support.example.com/api` (a trailing slash is fine). */
  baseUrl: string;
  consumer: OAuthConsumer;
  signer: RequestSigner;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
  /** Default 30 s. */
  timeoutMs?: number;
}

export interface AccessTokenOptions extends TokenFlowOptions {
  requestToken: OAuthToken;
  /** As the user typed or pasted it; surrounding whitespace is removed. */
  verifier: string;
}

export interface AccessTokenResult extends OAuthToken {
  /** The approving user's id, when the service says (the stand-in does; spec §5 leaves the fields open). */
  userId?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;
/** Token responses are a few hundred bytes; anything far larger is not one. */
const MAX_RESPONSE_CHARS = 64 * 1024;

function endpoint(step: OAuthFlowStep | 'authorize', baseUrl: string, path: string): string {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new OAuthFlowError(
      step === 'authorize' ? 'request_token' : step,
      'validation',
      'The service address is not a valid URL.',
    );
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new OAuthFlowError(
      step === 'authorize' ? 'request_token' : step,
      'validation',
      'The service address must start with https:// (or http:// for a local service).',
    );
  }
  base.search = '';
  base.hash = '';
  return `${base.toString().replace(/\/+$/, '')}${path}`;
}

const PROBLEM_MESSAGES: Record<string, string> = {
  timestamp_refused:
    "The service refused the sign-in because this computer's clock is off. Set the date, time and time zone correctly, then sign in again.",
  consumer_key_unknown:
    "The service does not know this application's consumer key. Check the consumer key and secret in the settings.",
  consumer_key_rejected:
    "The service refused this application's consumer key. Check the consumer key in the settings.",
  signature_invalid:
    'The service could not verify the signature of the sign-in request. Check the consumer secret in the settings.',
  signature_method_rejected:
    'The service does not accept the HMAC-SHA1 signature method this application uses.',
  verifier_invalid:
    'The verification code was not accepted. Check the code shown in the browser and type it again, or start the sign-in again.',
  token_expired: 'The sign-in took too long and expired. Start the sign-in again.',
  token_rejected: 'The service no longer knows this sign-in request. Start the sign-in again.',
  token_revoked: 'The service no longer knows this sign-in request. Start the sign-in again.',
  token_used: 'This sign-in request was already completed. Start the sign-in again.',
  nonce_used: 'The service saw the same sign-in request twice and refused the repeat. Try again.',
  user_refused: 'Access was denied in the browser. Start the sign-in again to approve it.',
};

function describeRefusal(step: OAuthFlowStep, status: number, problem: string | undefined): string {
  if (problem && PROBLEM_MESSAGES[problem]) return PROBLEM_MESSAGES[problem];
  const what = step === 'request_token' ? 'start the sign-in' : 'complete the sign-in';
  return `The service refused to ${what} (HTTP ${status}${problem ? `, ${problem}` : ''}).`;
}

/** oauth_problem and advice from the body (Problem Reporting) or, failing that, WWW-Authenticate. */
function readProblem(body: string, wwwAuthenticate: string | null): { problem?: string; advice?: string } {
  const found: { problem?: string; advice?: string } = {};
  try {
    for (const [name, value] of parseFormEncoded(body.slice(0, MAX_RESPONSE_CHARS))) {
      if (name === 'oauth_problem' && found.problem === undefined) found.problem = value;
      if (name === 'oauth_problem_advice' && found.advice === undefined) found.advice = value.slice(0, 500);
    }
  } catch {
    // Not a form body (an HTML error page, say): the header may still name the problem.
  }
  if (found.problem === undefined && wwwAuthenticate) {
    try {
      const header = parseAuthorizationHeader(wwwAuthenticate);
      const problem = header?.parameters.find(([name]) => name === 'oauth_problem')?.[1];
      if (problem) found.problem = problem;
    } catch {
      // A malformed challenge adds nothing.
    }
  }
  return found;
}

async function signedGet(
  step: OAuthFlowStep,
  url: string,
  options: TokenFlowOptions,
  token: OAuthToken | undefined,
  extra: Record<string, string>,
  required: readonly string[],
): Promise<Map<string, string>> {
  let signed;
  try {
    signed = options.signer.sign({ method: 'GET', url }, options.consumer, token, extra);
  } catch (error) {
    if (error instanceof OAuthProtocolError) throw new OAuthFlowError(step, 'validation', error.message);
    throw error;
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let status: number;
  let body: string;
  let wwwAuthenticate: string | null;
  let retryAfter: string | null;
  try {
    const response = await fetchImpl(signed.url, {
      method: 'GET',
      headers: signed.headers,
      signal,
      redirect: 'error',
    });
    status = response.status;
    wwwAuthenticate = response.headers.get('www-authenticate');
    // A request-token limit (429) says when the next attempt is welcome: the sign-in says it too.
    retryAfter = response.headers.get('retry-after');
    // Token answers are a few short fields: anything large is not one.
    body = await readBodyLimited(response, MAX_TOKEN_RESPONSE_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new OAuthFlowError(
        step,
        'malformed-response',
        'The service answered with something that is not a token.',
      );
    }
    if (options.signal?.aborted) throw new OAuthFlowError(step, 'cancelled', 'The sign-in was cancelled.');
    if (timeout.aborted) {
      throw new OAuthFlowError(
        step,
        'timeout',
        'The service did not answer in time. Check the connection and try again.',
      );
    }
    // Only a system error code: fetch's own messages can quote the URL, which carries the signature and
    // token when the parameters travel in the query.
    const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    const reason = typeof code === 'string' && /^[A-Z_]+$/.test(code) ? ` (${code})` : '';
    throw new OAuthFlowError(
      step,
      'network',
      `Could not reach the service${reason}. Check the address and the connection.`,
    );
  }

  if (status < 200 || status > 299) {
    const { problem, advice } = readProblem(body, wwwAuthenticate);
    const kind = problem === 'timestamp_refused' ? 'clock-skew' : 'refused';
    throw new OAuthFlowError(step, kind, describeRefusal(step, status, problem), {
      httpStatus: status,
      ...(problem !== undefined ? { problem } : {}),
      ...(advice !== undefined ? { advice } : {}),
      ...(status === 429 ? waitHint(retryAfter) : {}),
    });
  }
  return parseTokenResponse(step, body, required);
}

/** A token response is form-encoded, each field once, every required field non-empty. */
function parseTokenResponse(
  step: OAuthFlowStep,
  body: string,
  required: readonly string[],
): Map<string, string> {
  const malformed = (why: string): OAuthFlowError =>
    new OAuthFlowError(
      step,
      'malformed-response',
      `The service's answer is not a valid token response: ${why}.`,
    );
  if (body.length > MAX_RESPONSE_CHARS) throw malformed('it is far too large');
  let pairs: Array<[string, string]>;
  try {
    pairs = parseFormEncoded(body.trim());
  } catch {
    throw malformed('it is not form-encoded');
  }
  const fields = new Map<string, string>();
  for (const [name, value] of pairs) {
    if (fields.has(name)) throw malformed(`${name} appears more than once`);
    fields.set(name, value);
  }
  const missing = required.filter((name) => !fields.get(name));
  if (missing.length > 0)
    throw malformed(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`);
  return fields;
}

/** Step 1: a request token for PIN mode (`oauth_callback=oob`), refused unless the callback is confirmed. */
export async function requestToken(options: TokenFlowOptions): Promise<OAuthToken> {
  const url = endpoint('request_token', options.baseUrl, '/oauth/request_token');
  const fields = await signedGet('request_token', url, options, undefined, { oauth_callback: 'oob' }, [
    'oauth_token',
    'oauth_token_secret',
  ]);
  // A 1.0 (not 1.0a) provider does not confirm the callback and would not bind the verifier to it: the
  // session-fixation hole 1.0a closed. Such a provider is not used.
  if (fields.get('oauth_callback_confirmed') !== 'true') {
    throw new OAuthFlowError(
      'request_token',
      'malformed-response',
      'The service did not confirm the OAuth 1.0a callback (oauth_callback_confirmed), so signing in with it is not safe. Check the service address.',
    );
  }
  return { token: fields.get('oauth_token') ?? '', secret: fields.get('oauth_token_secret') ?? '' };
}

/** Step 2: the page the user opens in a browser to approve the request token. */
export function authorizeUrl(baseUrl: string, token: OAuthToken | string): string {
  const value = typeof token === 'string' ? token : token.token;
  return `${endpoint('authorize', baseUrl, '/oauth/authorize')}?oauth_token=${encodeURIComponent(value)}`;
}

/** Step 3: the approved request token and the verification code the user typed → access token. */
export async function accessToken(options: AccessTokenOptions): Promise<AccessTokenResult> {
  const verifier = options.verifier.trim();
  if (verifier === '') {
    throw new OAuthFlowError(
      'access_token',
      'validation',
      'Enter the verification code shown in the browser.',
    );
  }
  const url = endpoint('access_token', options.baseUrl, '/oauth/access_token');
  const fields = await signedGet(
    'access_token',
    url,
    options,
    options.requestToken,
    { oauth_verifier: verifier },
    ['oauth_token', 'oauth_token_secret'],
  );
  const userId = fields.get('user_id');
  return {
    token: fields.get('oauth_token') ?? '',
    secret: fields.get('oauth_token_secret') ?? '',
    ...(userId ? { userId } : {}),
  };
}
