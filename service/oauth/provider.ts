// Over 400 lines on purpose: one OAuth 1.0a provider state (tokens, verifiers, nonces) whose every step
// checks the same records; split, each step's checks would have to be read across files.
// The stand-in service's OAuth 1.0a provider (spec §5): request tokens, the authorize page, access tokens
// and the verification of every signed request. It behaves as python oauthlib and the Ruby oauth gem do
// (engineering notes §2) and reuses shared/oauth for the signature itself: one implementation, both ends.
//
// Order of checks, and why:
//   1. where the protocol parameters are (header XOR query), duplicates, required ones   → 400
//   2. signature method, version, timestamp/nonce syntax                                  → 400
//   3. timestamp window (±600 s), then nonce reuse, both before any secret is touched     → 401
//   4. consumer and token looked up, signature computed with a dummy secret when either
//      is unknown so that a miss costs the same as a hit, compared in constant time       → 401
//      A request whose signature does not verify learns nothing about its token: unknown,
//      another application's, revoked and expired tokens and a wrong signature all answer
//      the same token_rejected. Only a request signed with the token's secret hears
//      token_revoked or token_expired (oauthlib likewise answers one failure for bad
//      client/token/signature combinations).                                              → 401
//   5. verifier (access-token step), compared in constant time                            → 401
// A nonce is remembered only once a request's signature verified: unsigned garbage cannot fill memory,
// and a replay of a genuine request (or a forgery reusing its nonce) is refused as nonce_used.
import { randomBytes, randomInt } from 'node:crypto';
import { constantTimeEqual } from '../../shared/oauth/compare.js';
import { parseFormEncoded } from '../../shared/oauth/encoding.js';
import { parseAuthorizationHeader } from '../../shared/oauth/header.js';
import { OAuthProtocolError } from '../../shared/oauth/problems.js';
import {
  collectRequestParameters,
  hmacSha1Signature,
  signatureBaseString,
} from '../../shared/oauth/signature.js';
import type { HmacSha1 } from '../../shared/oauth/types.js';
import { authorizeFormPage, messagePage, redirect, verifierPage } from './authorize-page.js';
import { headerValues, type ProviderRequest, type ProviderResponse } from './http-types.js';
import { NonceStore } from './nonce-store.js';
import { DEFAULT_REQUEST_TOKEN_LIMIT, RateLimiter, type RateLimit } from './rate-limit.js';
import { serviceHmacSha1 } from './node-hmac.js';
import { formResponse, limitReached, refusal, refusalResponse, type OAuthRefusal } from './refusal.js';
import {
  parseSnapshot,
  type AccessTokenRecord,
  type ConsumerRecord,
  type ProviderSnapshot,
  type RequestTokenRecord,
} from './snapshot.js';

export type VerifyKind = 'request_token' | 'access_token' | 'resource';

export type VerifyResult =
  | { ok: true; consumerKey: string; userId?: string; accessToken?: string }
  | (OAuthRefusal & { response: ProviderResponse });

export interface OAuthProviderOptions {
  consumers: ReadonlyArray<ConsumerRecord>;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** The user id for a correct e-mail and password, null otherwise. */
  authenticateUser: (email: string, password: string) => string | null;
  /** Tokens and token secrets; 256 bits of node:crypto randomness, base64url, by default. */
  random?: () => string;
  /** The verification code (the PIN, as the app and its pages call it) shown to the user; 8 unambiguous characters by default. */
  verifier?: () => string;
  hmacSha1?: HmacSha1;
  /** The realm of WWW-Authenticate (the service's base URL); the request's origin when not given. */
  realm?: string;
  /** Accepted clock difference in seconds (default 600, as oauthlib). */
  timestampWindowSeconds?: number;
  /** How long a request token can be approved and exchanged (default 10 minutes). */
  requestTokenLifetimeMs?: number;
  /** Replay memory (default: in memory, bounded by the window); the service gives one kept on disk. */
  nonceStore?: NonceStore;
  /** Request tokens per consumer key (default 30 at once, 30 a minute). */
  requestTokenLimit?: RateLimit;
}

/** Wrong verifiers or passwords tolerated on one request token before it is withdrawn. */
const MAX_FAILED_ATTEMPTS = 5;
const REQUIRED_COMMON = [
  'oauth_consumer_key',
  'oauth_signature_method',
  'oauth_signature',
  'oauth_timestamp',
  'oauth_nonce',
];
const REQUIRED_BY_KIND: Record<VerifyKind, readonly string[]> = {
  request_token: [...REQUIRED_COMMON, 'oauth_callback'],
  access_token: [...REQUIRED_COMMON, 'oauth_token', 'oauth_verifier'],
  resource: [...REQUIRED_COMMON, 'oauth_token'],
};
/** Typed by a person: no 0/O, 1/I/L. Compared case-insensitively. */
const VERIFIER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Callback schemes that would run code or read files in the user's browser. */
const FORBIDDEN_CALLBACK_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);

function defaultRandom(): string {
  return randomBytes(32).toString('base64url');
}

function defaultVerifier(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += VERIFIER_ALPHABET[randomInt(VERIFIER_ALPHABET.length)];
  return code;
}

function normaliseVerifier(verifier: string): string {
  return verifier.trim().toUpperCase();
}

/** A callback is `oob` or an absolute URL whose scheme cannot run code in the user's browser. */
function callbackProblem(callback: string): string | null {
  if (callback === 'oob') return null;
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    return 'oauth_callback must be an absolute URL or the value oob.';
  }
  return FORBIDDEN_CALLBACK_SCHEMES.has(url.protocol)
    ? `oauth_callback may not use the ${url.protocol} scheme.`
    : null;
}

function isFormContentType(headers: ProviderRequest['headers']): boolean {
  const [contentType] = headerValues(headers, 'content-type');
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

interface CheckedRequest {
  consumer: ConsumerRecord;
  parameters: Map<string, string>;
  requestToken?: RequestTokenRecord;
  accessToken?: AccessTokenRecord;
}

export class OAuthProvider {
  private readonly consumers = new Map<string, ConsumerRecord>();
  private readonly requestTokens = new Map<string, RequestTokenRecord>();
  private readonly accessTokens = new Map<string, AccessTokenRecord>();
  private readonly nonces: NonceStore;
  private readonly requestTokenLimiter: RateLimiter;
  private readonly clock: () => number;
  private readonly random: () => string;
  private readonly newVerifier: () => string;
  private readonly hmacSha1: HmacSha1;
  private readonly window: number;
  private readonly requestTokenLifetimeMs: number;
  /** Stands in for the secret of an unknown consumer or token, so a miss is as slow as a hit. */
  private readonly dummySecret = randomBytes(32).toString('base64url');

  constructor(private readonly options: OAuthProviderOptions) {
    for (const consumer of options.consumers) this.consumers.set(consumer.key, { ...consumer });
    this.clock = options.clock;
    this.random = options.random ?? defaultRandom;
    this.newVerifier = options.verifier ?? defaultVerifier;
    this.hmacSha1 = options.hmacSha1 ?? serviceHmacSha1;
    this.window = options.timestampWindowSeconds ?? 600;
    this.requestTokenLifetimeMs = options.requestTokenLifetimeMs ?? 10 * 60_000;
    this.nonces = options.nonceStore ?? new NonceStore({ windowSeconds: this.window });
    this.requestTokenLimiter = new RateLimiter(options.requestTokenLimit ?? DEFAULT_REQUEST_TOKEN_LIMIT);
  }

  // ---- verification -----------------------------------------------------------------------------

  /** Verifies a signed request of the given step; on refusal, `response` is ready to send. */
  verify(request: ProviderRequest, kind: VerifyKind): VerifyResult {
    const checked = this.check(request, kind);
    if ('ok' in checked) return this.withResponse(request, checked);
    return {
      ok: true,
      consumerKey: checked.consumer.key,
      ...(checked.accessToken
        ? { userId: checked.accessToken.userId, accessToken: checked.accessToken.token }
        : {}),
    };
  }

  private withResponse(
    request: ProviderRequest,
    refused: OAuthRefusal,
  ): OAuthRefusal & { response: ProviderResponse } {
    return { ...refused, response: refusalResponse(this.realmFor(request.url), refused) };
  }

  private realmFor(url: string): string {
    if (this.options.realm) return this.options.realm;
    try {
      return new URL(url).origin;
    } catch {
      return '';
    }
  }

  private check(request: ProviderRequest, kind: VerifyKind): CheckedRequest | OAuthRefusal {
    let form: Array<[string, string]> = [];
    let located: { parameters: Map<string, string>; fromHeader: Array<[string, string]> };
    try {
      if (request.formBody !== undefined && isFormContentType(request.headers))
        form = parseFormEncoded(request.formBody);
      const found = this.locateProtocolParameters(request, form);
      if ('ok' in found) return found;
      located = found;
    } catch (error) {
      if (error instanceof OAuthProtocolError) return refusal(400, error.problem, error.message);
      throw error;
    }
    const { parameters, fromHeader } = located;
    const get = (name: string): string => parameters.get(name) ?? '';

    const absent = REQUIRED_BY_KIND[kind].filter((name) => get(name) === '');
    if (absent.length > 0) {
      return refusal(400, 'parameter_absent', `The request lacks ${absent.join(', ')}.`, [
        ['oauth_parameters_absent', absent.join('&')],
      ]);
    }
    if (kind === 'request_token' && parameters.has('oauth_token')) {
      return refusal(400, 'parameter_rejected', 'A request-token request carries no oauth_token.');
    }
    if (get('oauth_signature_method') !== 'HMAC-SHA1') {
      return refusal(
        400,
        'signature_method_rejected',
        'This service accepts only the HMAC-SHA1 signature method.',
      );
    }
    if (parameters.has('oauth_version') && get('oauth_version') !== '1.0') {
      return refusal(400, 'version_rejected', 'oauth_version must be 1.0 when it is sent.', [
        ['oauth_acceptable_versions', '1.0-1.0'],
      ]);
    }
    if (kind === 'request_token') {
      const problem = callbackProblem(get('oauth_callback'));
      if (problem) return refusal(400, 'parameter_rejected', problem);
    }
    if (!/^\d{1,12}$/.test(get('oauth_timestamp'))) {
      return refusal(
        400,
        'parameter_rejected',
        'oauth_timestamp must be whole seconds since 1970-01-01 UTC.',
      );
    }
    const nonce = get('oauth_nonce');
    if (nonce.length > 256)
      return refusal(400, 'parameter_rejected', 'oauth_nonce is longer than 256 characters.');

    const now = Math.floor(this.clock() / 1000);
    const timestamp = Number(get('oauth_timestamp'));
    if (Math.abs(timestamp - now) > this.window) {
      const lowest = now - this.window;
      const highest = now + this.window;
      const off = timestamp - now;
      return refusal(
        401,
        'timestamp_refused',
        `The request's timestamp is ${Math.abs(off)} seconds ${off > 0 ? 'ahead of' : 'behind'} the service's clock; ` +
          `timestamps from ${lowest} to ${highest} (Unix seconds) are accepted. Check the date, time and time zone of the calling computer.`,
        [['oauth_acceptable_timestamps', `${lowest}-${highest}`]],
      );
    }
    const consumerKey = get('oauth_consumer_key');
    const tokenValue = get('oauth_token');
    if (this.nonces.has(consumerKey, tokenValue, timestamp, nonce)) {
      return refusal(
        401,
        'nonce_used',
        'This nonce was already used with this timestamp: the request looks like a replay. Sign every request anew.',
      );
    }

    // Every path below computes one HMAC and one constant-time comparison, whatever is unknown.
    const consumer = this.consumers.get(consumerKey);
    const tokenCheck = this.lookUpToken(kind, tokenValue, consumer?.key);
    let signatureValid: boolean;
    try {
      const signed = collectRequestParameters({ url: request.url, form, protocol: fromHeader });
      const baseString = signatureBaseString(request.method, request.url, signed);
      const expected = hmacSha1Signature(
        this.hmacSha1,
        baseString,
        consumer?.secret ?? this.dummySecret,
        kind === 'request_token' ? '' : (tokenCheck.secret ?? this.dummySecret),
      );
      signatureValid = constantTimeEqual(expected, get('oauth_signature')) && consumer !== undefined;
    } catch (error) {
      if (error instanceof OAuthProtocolError) return refusal(400, error.problem, error.message);
      throw error;
    }

    if (!consumer) {
      return refusal(
        401,
        'consumer_key_unknown',
        'The service knows no application with this consumer key. Check the consumer key and secret in the application.',
      );
    }
    if (!signatureValid) {
      if (kind === 'request_token') {
        return refusal(
          401,
          'signature_invalid',
          'The signature does not match. Check the consumer secret and that the URL and parameters sent are the ones signed.',
        );
      }
      // One answer whether the token is unknown, another application's, revoked, expired, or the signature
      // is wrong: telling them apart would tell someone without the token's secret whether it exists.
      return refusal(
        401,
        'token_rejected',
        kind === 'resource'
          ? 'The access token is not known to the service for this application, or the request is not signed with its secret. Sign in again; if that does not help, check the consumer key and secret.'
          : 'The request token is not known to the service for this application, or the request is not signed with its secret. Start the sign-in again.',
      );
    }
    // Only a genuinely signed request spends its nonce (see the top of this file). With no room left to
    // remember it, the request is refused: forgetting nonces early would let replays through.
    if (this.nonces.isFull(now)) {
      return limitReached(
        503,
        this.nonces.secondsUntilRoom(now),
        'The service is handling more signed requests than it can remember for replay protection. Try again shortly.',
      );
    }
    this.nonces.add(consumerKey, tokenValue, timestamp, nonce, now);
    // Signed with the token's own secret: now its state may be told (revoked, expired).
    if (tokenCheck.refusal) return tokenCheck.refusal;

    if (kind === 'access_token' && tokenCheck.requestToken) {
      const verifierRefusal = this.checkVerifier(tokenCheck.requestToken, get('oauth_verifier'));
      if (verifierRefusal) return verifierRefusal;
    }
    return {
      consumer,
      parameters,
      requestToken: tokenCheck.requestToken,
      accessToken: tokenCheck.accessToken,
    };
  }

  /**
   * Protocol parameters from exactly one place: the Authorization header (OAuth scheme) or the query
   * (spec §5). Both, or any in the form body, is refused: a provider must not choose between two sets.
   */
  private locateProtocolParameters(
    request: ProviderRequest,
    form: ReadonlyArray<readonly [string, string]>,
  ): OAuthRefusal | { parameters: Map<string, string>; fromHeader: Array<[string, string]> } {
    const authorization = headerValues(request.headers, 'authorization');
    if (authorization.length > 1)
      return refusal(400, 'parameter_rejected', 'The Authorization header is sent more than once.');
    const header = authorization[0] !== undefined ? parseAuthorizationHeader(authorization[0]) : null;

    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return refusal(400, 'parameter_rejected', 'The request URL could not be read.');
    }
    const queryProtocol = parseFormEncoded(url.search.replace(/^\?/, '')).filter(([name]) =>
      name.startsWith('oauth_'),
    );

    if (form.some(([name]) => name.startsWith('oauth_'))) {
      return refusal(
        400,
        'parameter_rejected',
        'Send OAuth parameters in the Authorization header or the query, not in the body.',
      );
    }
    if (header && header.parameters.length > 0 && queryProtocol.length > 0) {
      return refusal(
        400,
        'parameter_rejected',
        'OAuth parameters were sent both in the Authorization header and in the query; send them in one place.',
      );
    }
    const source = header && header.parameters.length > 0 ? header.parameters : queryProtocol;
    const parameters = new Map<string, string>();
    for (const [name, value] of source) {
      if (!name.startsWith('oauth_')) {
        return refusal(
          400,
          'parameter_rejected',
          `The Authorization header may carry only oauth_* parameters, not ${name}.`,
        );
      }
      if (parameters.has(name)) return refusal(400, 'parameter_rejected', `${name} is sent more than once.`);
      parameters.set(name, value);
    }
    return { parameters, fromHeader: source === queryProtocol ? [] : source };
  }

  private lookUpToken(
    kind: VerifyKind,
    token: string,
    consumerKey: string | undefined,
  ): {
    secret?: string;
    refusal?: OAuthRefusal;
    requestToken?: RequestTokenRecord;
    accessToken?: AccessTokenRecord;
  } {
    if (kind === 'request_token') return { secret: '' };
    const rejected = refusal(
      401,
      'token_rejected',
      kind === 'resource'
        ? 'The access token is not known to the service for this application. Sign in again.'
        : 'The request token is not known to the service for this application. Start the sign-in again.',
    );
    if (kind === 'resource') {
      const record = this.accessTokens.get(token);
      if (!record || record.consumerKey !== consumerKey) return { refusal: rejected };
      if (record.revoked) {
        return {
          secret: record.secret,
          refusal: refusal(401, 'token_revoked', 'This access token was revoked. Sign in again.'),
        };
      }
      return { secret: record.secret, accessToken: record };
    }
    const record = this.requestTokens.get(token);
    if (!record || record.consumerKey !== consumerKey) return { refusal: rejected };
    if (record.expiresAt <= this.clock()) {
      return {
        secret: record.secret,
        refusal: refusal(
          401,
          'token_expired',
          'The request token expired (they last 10 minutes). Start the sign-in again.',
        ),
      };
    }
    return { secret: record.secret, requestToken: record };
  }

  private checkVerifier(record: RequestTokenRecord, given: string): OAuthRefusal | null {
    const expected = record.verifier ?? this.dummySecret;
    const matches = constantTimeEqual(expected, normaliseVerifier(given));
    if (record.used) {
      return refusal(401, 'verifier_invalid', 'This PIN was already used. Start the sign-in again.');
    }
    if (record.verifier === undefined) {
      return refusal(
        401,
        'verifier_invalid',
        'The request has not been approved yet: approve it in the browser first.',
      );
    }
    if (!matches) {
      record.failedVerifiers += 1;
      if (record.failedVerifiers >= MAX_FAILED_ATTEMPTS) this.requestTokens.delete(record.token);
      return refusal(
        401,
        'verifier_invalid',
        'The PIN is not the one shown after approval. Check it and type it again.',
      );
    }
    return null;
  }

  // ---- the three steps (spec §5) ---------------------------------------------------------------

  /** GET {base}/oauth/request_token. */
  handleRequestToken(request: ProviderRequest): ProviderResponse {
    const checked = this.check(request, 'request_token');
    if ('ok' in checked) return this.withResponse(request, checked).response;
    const wait = this.requestTokenLimiter.take(checked.consumer.key, this.clock());
    if (wait > 0) {
      return this.withResponse(
        request,
        limitReached(
          429,
          wait,
          `Too many sign-ins were started for this application; try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        ),
      ).response;
    }
    this.dropExpiredRequestTokens();
    const record: RequestTokenRecord = {
      token: this.random(),
      secret: this.random(),
      consumerKey: checked.consumer.key,
      callback: checked.parameters.get('oauth_callback') ?? 'oob',
      expiresAt: this.clock() + this.requestTokenLifetimeMs,
      failedVerifiers: 0,
      failedPasswords: 0,
      used: false,
    };
    this.requestTokens.set(record.token, record);
    return formResponse([
      ['oauth_token', record.token],
      ['oauth_token_secret', record.secret],
      ['oauth_callback_confirmed', 'true'],
    ]);
  }

  /** GET {base}/oauth/authorize?oauth_token=…: the sign-in and approval page. */
  handleAuthorizeGet(url: string): ProviderResponse {
    const target = new URL(url, 'http://service.invalid');
    const found = this.pendingRequestToken(target.searchParams.get('oauth_token'));
    if ('status' in found) return found;
    return this.formPage(found, target.pathname);
  }

  /** POST {base}/oauth/authorize with the page's form (oauth_token, email, password, decision). */
  handleAuthorizePost(url: string, formBody: string): ProviderResponse {
    const target = new URL(url, 'http://service.invalid');
    let fields: Map<string, string>;
    try {
      fields = new Map(parseFormEncoded(formBody));
    } catch {
      return messagePage(400, 'Request not understood', 'The form could not be read. Go back and try again.');
    }
    const found = this.pendingRequestToken(
      fields.get('oauth_token') ?? target.searchParams.get('oauth_token'),
    );
    if ('status' in found) return found;
    const record = found;
    const appName = this.consumers.get(record.consumerKey)?.name ?? 'The application';
    const decision = fields.get('decision');

    if (decision === 'deny') {
      this.requestTokens.delete(record.token);
      if (record.callback !== 'oob') {
        return redirect(
          withQuery(record.callback, [
            ['oauth_token', record.token],
            ['oauth_problem', 'user_refused'],
          ]),
        );
      }
      return messagePage(200, 'Access denied', `${appName} was not given access. You can close this window.`);
    }
    const email = (fields.get('email') ?? '').trim();
    const password = fields.get('password') ?? '';
    if (decision !== 'approve') {
      return this.formPage(record, target.pathname, email, 'Choose Approve or Deny.');
    }
    if (email === '' || password === '') {
      return this.formPage(record, target.pathname, email, 'Enter your e-mail address and your password.');
    }
    const userId = this.options.authenticateUser(email, password);
    if (userId === null) {
      record.failedPasswords += 1;
      if (record.failedPasswords >= MAX_FAILED_ATTEMPTS) {
        this.requestTokens.delete(record.token);
        return messagePage(
          403,
          'Too many attempts',
          `The password was wrong ${MAX_FAILED_ATTEMPTS} times. Start the sign-in again from ${appName}.`,
        );
      }
      return this.formPage(
        record,
        target.pathname,
        email,
        'The e-mail address or the password is not right. Try again.',
      );
    }
    record.userId = userId;
    record.verifier = this.newVerifier();
    if (record.callback !== 'oob') {
      return redirect(
        withQuery(record.callback, [
          ['oauth_token', record.token],
          ['oauth_verifier', record.verifier],
        ]),
      );
    }
    return verifierPage(appName, record.verifier);
  }

  /** GET {base}/oauth/access_token: exchanges an approved request token (once) for an access token. */
  handleAccessToken(request: ProviderRequest): ProviderResponse {
    const checked = this.check(request, 'access_token');
    if ('ok' in checked) return this.withResponse(request, checked).response;
    const requestToken = checked.requestToken;
    if (!requestToken?.userId)
      throw new Error('an approved request token passed verification without a user');
    requestToken.used = true;
    const record: AccessTokenRecord = {
      token: this.random(),
      secret: this.random(),
      consumerKey: checked.consumer.key,
      userId: requestToken.userId,
      createdAt: new Date(this.clock()).toISOString(),
      revoked: false,
    };
    this.accessTokens.set(record.token, record);
    return formResponse([
      ['oauth_token', record.token],
      ['oauth_token_secret', record.secret],
      ['user_id', record.userId],
    ]);
  }

  // ---- administration and persistence --------------------------------------------------------

  /** Revokes one access token; false when it is not known. */
  revokeAccessToken(token: string): boolean {
    const record = this.accessTokens.get(token);
    if (!record) return false;
    record.revoked = true;
    return true;
  }

  /** Revokes every access token of a user; returns how many were still active. */
  revokeAllForUser(userId: string): number {
    let revoked = 0;
    for (const record of this.accessTokens.values()) {
      if (record.userId === userId && !record.revoked) {
        record.revoked = true;
        revoked += 1;
      }
    }
    return revoked;
  }

  /** Consumers and tokens (not nonces), JSON-safe, for the service to persist. Contains secrets. */
  snapshot(): ProviderSnapshot {
    this.dropExpiredRequestTokens();
    return {
      version: 1,
      consumers: [...this.consumers.values()].map((c) => ({ ...c })),
      requestTokens: [...this.requestTokens.values()].map((t) => ({ ...t })),
      accessTokens: [...this.accessTokens.values()].map((t) => ({ ...t })),
    };
  }

  /** Replaces consumers and tokens with a snapshot; throws (changing nothing) when it is malformed. */
  restore(data: unknown): void {
    const snapshot = parseSnapshot(data);
    this.consumers.clear();
    this.requestTokens.clear();
    this.accessTokens.clear();
    for (const c of snapshot.consumers) this.consumers.set(c.key, { ...c });
    for (const t of snapshot.requestTokens) this.requestTokens.set(t.token, { ...t });
    for (const t of snapshot.accessTokens) this.accessTokens.set(t.token, { ...t });
  }

  /**
   * The applications accepted from now on: exactly these (a restored snapshot's consumers give way to the
   * service's configuration). A consumer whose key stays keeps its tokens, with its new secret and name;
   * the request and access tokens of a consumer no longer accepted are dropped, since nothing could use
   * them (their consumer key is unknown). Returns how many tokens were dropped.
   */
  setConsumers(consumers: ReadonlyArray<ConsumerRecord>): number {
    this.consumers.clear();
    for (const consumer of consumers) this.consumers.set(consumer.key, { ...consumer });
    let dropped = 0;
    for (const tokens of [this.requestTokens, this.accessTokens]) {
      for (const [token, record] of tokens) {
        if (this.consumers.has(record.consumerKey)) continue;
        tokens.delete(token);
        dropped += 1;
      }
    }
    return dropped;
  }

  // ---- helpers ---------------------------------------------------------------------------------

  private dropExpiredRequestTokens(): void {
    const now = this.clock();
    for (const [token, record] of this.requestTokens) {
      if (record.expiresAt <= now) this.requestTokens.delete(token);
    }
  }

  /** The request token an authorize page is about, or the error page to show instead. */
  private pendingRequestToken(token: string | null | undefined): RequestTokenRecord | ProviderResponse {
    if (!token) {
      return messagePage(
        400,
        'Sign-in link incomplete',
        'This address lacks its oauth_token. Start the sign-in again from the application.',
      );
    }
    const record = this.requestTokens.get(token);
    if (!record || record.expiresAt <= this.clock()) {
      return messagePage(
        404,
        'Sign-in request not found',
        'This sign-in request is unknown or has expired (they last 10 minutes). Start the sign-in again from the application.',
      );
    }
    if (record.verifier !== undefined || record.used) {
      return messagePage(
        409,
        'Already answered',
        'This sign-in request was already approved. Return to the application; to sign in again, start from there.',
      );
    }
    return record;
  }

  private formPage(
    record: RequestTokenRecord,
    action: string,
    email?: string,
    error?: string,
  ): ProviderResponse {
    const appName = this.consumers.get(record.consumerKey)?.name ?? 'An application';
    return authorizeFormPage(
      {
        appName,
        action,
        requestToken: record.token,
        ...(email ? { email } : {}),
        ...(error ? { error } : {}),
      },
      callbackFormAction(record.callback),
    );
  }
}

/** The CSP form-action source that lets the post-approval redirect reach the callback. */
function callbackFormAction(callback: string): string | undefined {
  if (callback === 'oob') return undefined;
  const url = new URL(callback);
  return url.origin !== 'null' ? url.origin : url.protocol;
}

function withQuery(base: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  const url = new URL(base);
  for (const [name, value] of pairs) url.searchParams.append(name, value);
  return url.toString();
}
