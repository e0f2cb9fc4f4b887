// Starts the stand-in service in-process on 127.0.0.1 (ephemeral port) and signs in through the real
// PIN flow: request token, the authorize form posted as a browser would, the verifier read from the page,
// access token. Also a signed raw fetch for requests the ServiceClient would never send.
import { nodeHmacSha1 } from '../../../electron/platform/node-crypto.js';
import { accessToken, requestToken } from '../../../shared/oauth/flow.js';
import { createRequestSigner } from '../../../shared/oauth/index.js';
import type { OAuthConsumer, OAuthToken, RequestSigner } from '../../../shared/oauth/types.js';
import { startService, type RunningService, type ServiceOptions } from '../../../service/server.js';

export const CONSUMER: OAuthConsumer = { key: 'test-console', secret: 'test-console-secret' };
export const ADMIN = { email: 'admin@example.com', password: 'admin-pass' };
export const USER_PASSWORD = 'user-pass';

export interface Harness {
  service: RunningService;
  signer: RequestSigner;
  consumer: OAuthConsumer;
}

export async function startTestService(options: ServiceOptions = {}): Promise<Harness> {
  const service = await startService({
    devices: 40,
    seed: 7,
    consumerKey: CONSUMER.key,
    consumerSecret: CONSUMER.secret,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    userPassword: USER_PASSWORD,
    control: true,
    ...options,
  });
  return { service, signer: createRequestSigner({ hmacSha1: nodeHmacSha1 }), consumer: CONSUMER };
}

/**
 * What the technician does in the browser: signs in on the authorize page, approves, and reads the PIN
 * (the verifier) the page shows.
 */
export async function approveOnAuthorizePage(
  baseUrl: string,
  requestToken: string,
  email: string,
  password: string,
): Promise<string> {
  const page = await fetch(`${baseUrl}/oauth/authorize?oauth_token=${encodeURIComponent(requestToken)}`);
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}`);
  const approved = await fetch(`${baseUrl}/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ oauth_token: requestToken, email, password, decision: 'approve' }).toString(),
  });
  const verifier = /id="oauth-verifier">([^<]+)</.exec(await approved.text())?.[1];
  if (!verifier) throw new Error(`no verifier on the authorize page (status ${approved.status})`);
  return verifier;
}

/** The whole PIN (oob) flow over HTTP, as a technician would do it. */
export async function signInWithPin(
  h: Harness,
  email: string,
  password: string,
): Promise<OAuthToken & { userId?: string }> {
  const base = h.service.baseUrl;
  const request = await requestToken({ baseUrl: base, consumer: h.consumer, signer: h.signer });
  const verifier = await approveOnAuthorizePage(base, request.token, email, password);
  return accessToken({
    baseUrl: base,
    consumer: h.consumer,
    signer: h.signer,
    requestToken: request,
    verifier,
  });
}

/** A signed request with any method, path, headers and body (XML bodies are not signed). */
export async function signedFetch(
  h: Harness,
  token: OAuthToken,
  method: string,
  path: string,
  init: { body?: string | Uint8Array; headers?: Record<string, string> } = {},
): Promise<Response> {
  const url = `${h.service.baseUrl}${path}`;
  const signed = h.signer.sign({ method, url }, h.consumer, token);
  return fetch(signed.url, {
    method,
    headers: { ...signed.headers, ...(init.headers ?? {}) },
    ...(init.body !== undefined ? { body: init.body as BodyInit } : {}),
  });
}

export function xmlHeaders(): Record<string, string> {
  return { 'Content-Type': 'application/xml' };
}

export async function control(
  h: Harness,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${h.service.baseUrl}/_control/${path}`, {
    method,
    headers: { 'X-Control-Token': h.service.controls.token ?? '', 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
