// The renderer's HTTP bridge against the real browser host: what a browser tab does, with Node's fetch and
// undici's EventSource standing in for the browser's (Node 20 has no EventSource of its own). The cookie a
// browser would keep is added by hand, as is the Origin header a browser adds to a same-origin POST.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, EventSource, fetch as fetchWith } from 'undici';
import type { Dispatcher } from 'undici';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { BrowserHost } from '../../../electron/browser-host/server.js';
import { startBrowserHost } from '../../../electron/browser-host/server.js';
import type { EventSourceLike } from '../../../renderer/bridge/http-bridge.js';
import { createHttpBridge } from '../../../renderer/bridge/http-bridge.js';
import type { FakeCore } from '../support/fake-core.js';
import { createFakeCore } from '../support/fake-core.js';

const SECRET = 'bridge-test-secret';
let dir: string;
let core: FakeCore;
let host: BrowserHost;
let cookie: string;
let agent: Dispatcher;
const opened: EventSourceLike[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sc-bridge-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
  core = createFakeCore();
  host = await startBrowserHost({ core, rendererDir: dir, launchSecret: SECRET, reconnectMs: 50 });
  const res = await fetch(`${host.launchUrl}`, { redirect: 'manual' });
  cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  agent = new Agent().compose(
    (dispatch) => (opts, handler) =>
      dispatch({ ...opts, headers: { ...(opts.headers as object), cookie } }, handler),
  );
});

afterEach(async () => {
  for (const es of opened.splice(0)) es.close();
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

function bridge(withCookie = true) {
  return createHttpBridge({
    baseUrl: host.origin,
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as object), origin: host.origin, ...(withCookie ? { cookie } : {}) },
      }),
    openEventSource: (url) => {
      const es = new EventSource(url, { dispatcher: agent }) as unknown as EventSourceLike;
      opened.push(es);
      return es;
    },
    reconnectDelaysMs: [10],
  });
}

it('invokes through the host and returns the typed result', async () => {
  const result = await bridge().invoke('folders:create', { name: 'Lab', parentId: null });
  expect(result).toEqual({ ok: true, value: { id: 'f-1' } });
  const snapshot = await bridge().invoke('app:snapshot', {});
  expect(snapshot.ok && snapshot.value.data.devices[0]?.id).toBe('007');
});

it('returns void results and validation errors as data', async () => {
  expect(await bridge().invoke('auth:cancel', {})).toEqual({ ok: true });
  const bad = await bridge().invoke('devices:set-alias', { id: '', alias: 'x' });
  expect(bad).toMatchObject({ ok: false, error: { kind: 'validation', field: 'id' } });
});

it('says the launch key is missing instead of failing obscurely', async () => {
  const result = await bridge(false).invoke('app:snapshot', {});
  expect(result).toMatchObject({ ok: false, error: { kind: 'not-allowed' } });
  expect(core.calls).toEqual([]);
});

it('reports an unreachable host as a network error, without retrying', async () => {
  let calls = 0;
  const b = createHttpBridge({
    baseUrl: 'http://127.0.0.1:9',
    fetch: async () => {
      calls += 1;
      throw new TypeError('fetch failed');
    },
  });
  expect(await b.invoke('folders:create', { name: 'x', parentId: null })).toMatchObject({
    ok: false,
    error: { kind: 'network' },
  });
  expect(calls).toBe(1);
});

it('delivers events to listeners and stops after unsubscribe', async () => {
  const b = bridge();
  const seen: string[] = [];
  const off = b.on('ui:focus-session', (p) => seen.push(p.sessionId));
  await expect
    .poll(() => {
      core.emit('ui:focus-session', { sessionId: 's-1' });
      return seen.length > 0;
    })
    .toBe(true);
  expect(seen[0]).toBe('s-1');
  off();
  const before = seen.length;
  core.emit('ui:focus-session', { sessionId: 's-2' });
  await new Promise((r) => setTimeout(r, 50));
  expect(seen.length).toBe(before);
  expect(seen).not.toContain('s-2');
});

it('reopens a stream the host closed and receives the whole state again', async () => {
  const b = bridge();
  const resets: string[] = [];
  b.on('data:change', (c) => {
    if (c.reset) resets.push(c.dataset);
  });
  const focus: string[] = [];
  b.on('ui:focus-session', (p) => focus.push(p.sessionId));
  await expect
    .poll(() => {
      core.emit('ui:focus-session', { sessionId: 'first' });
      return focus.length > 0;
    })
    .toBe(true);
  // The host goes away and comes back on the same port (same cookie, as the launch is the same).
  const port = host.port;
  await host.close();
  host = await startBrowserHost({ core, rendererDir: dir, launchSecret: SECRET, port, reconnectMs: 50 });
  // The new host has a new session value: log in again as the user would by reopening the printed URL.
  // On a connection of its own: the shared pool may still hold a kept-alive socket to the closed host
  // on this port and lose the request to it ("other side closed"), as a browser retries but fetch does not.
  const res = await fetchWith(host.launchUrl, { redirect: 'manual', dispatcher: new Agent() });
  cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  await expect.poll(() => resets.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
  expect(resets).toEqual(expect.arrayContaining(['folders', 'devices', 'sessions', 'users']));
});
