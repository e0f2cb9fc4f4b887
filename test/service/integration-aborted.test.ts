// Issue 15: a client that hangs up — mid-body, or while its request is held by the delay fault — ends the
// request: it is logged once as aborted (never as a 500 beside an access line saying 200) and nothing of
// it is applied.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthToken } from '../../shared/oauth/types.js';
import { ADMIN, control, signInWithPin, startTestService, type Harness } from './support/service-harness.js';

let h: Harness;
let token: OAuthToken;
const logLines: string[] = [];

beforeAll(async () => {
  h = await startTestService({ log: (line) => logLines.push(line) });
  token = await signInWithPin(h, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await h.service.close();
});

async function waitForLine(match: (line: string) => boolean, timeoutMs = 3000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = logLines.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such log line; got:\n${logLines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends the head and part of a declared body, then hangs up. */
function hangUpMidBody(path: string): Promise<void> {
  const url = new URL(`${h.service.baseUrl}${path}`);
  const signed = h.signer.sign({ method: 'POST', url: url.toString() }, h.consumer, token);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n` +
          `Authorization: ${signed.headers.Authorization as string}\r\n` +
          'Content-Type: application/xml\r\nContent-Length: 1000\r\n\r\n<folder><name>Half',
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 100);
    });
    socket.on('error', reject);
  });
}

describe('aborted requests', () => {
  it('a client hanging up mid-body is logged as aborted, not as a 500, and changes nothing', async () => {
    const before = h.service.store.summary().folders;
    logLines.length = 0;
    await hangUpMidBody('/folders.xml');
    const line = await waitForLine((l) => l.startsWith('POST /folders.xml '));
    expect(line).toMatch(/^POST \/folders\.xml aborted by the client \d+\.\dms$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logLines.filter((l) => l.includes('500') || l.includes('Error'))).toEqual([]);
    expect(logLines.filter((l) => l.startsWith('POST /folders.xml'))).toHaveLength(1);
    expect(h.service.store.summary().folders).toBe(before);
  });

  it('a request held by the delay fault finishes as soon as its client gives up', async () => {
    expect(
      (await control(h, 'POST', 'faults', { kind: 'delay', delayMs: 60_000, pathPrefix: '/users' })).status,
    ).toBe(200);
    logLines.length = 0;
    const signed = h.signer.sign({ method: 'GET', url: `${h.service.baseUrl}/users.xml` }, h.consumer, token);
    const abort = new AbortController();
    const pending = fetch(signed.url, { headers: signed.headers, signal: abort.signal }).catch(
      (error: Error) => error.name,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const abortedAt = Date.now();
    abort.abort();
    expect(await pending).toBe('AbortError');
    const line = await waitForLine((l) => l.startsWith('GET /users.xml '), 2000);
    expect(line).toMatch(/^GET \/users\.xml aborted by the client /);
    expect(Date.now() - abortedAt).toBeLessThan(2000);
    expect(h.service.controls.faults.pending()).toEqual([]);
  });
});
