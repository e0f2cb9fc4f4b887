import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../../electron/browser-host/server.js';
import { startBrowserHost } from '../../../electron/browser-host/server.js';
import {
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
} from '../../../electron/content-security-policy.js';
import type { FakeCore } from '../support/fake-core.js';
import { createFakeCore } from '../support/fake-core.js';

const SECRET = 'test-launch-secret-0123456789abcdef';
let dir: string;
let core: FakeCore;
let host: BrowserHost;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sc-host-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Support Console</title>');
  await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'assets', 'app.css'), 'body{}');
  await writeFile(path.join(tmpdir(), 'sc-outside.txt'), 'outside');
  core = createFakeCore();
  host = await startBrowserHost({ core, rendererDir: dir, port: 0, launchSecret: SECRET, heartbeatMs: 50 });
});

afterEach(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

async function login(): Promise<string> {
  const res = await fetch(`${host.origin}/?launch=${SECRET}`, { redirect: 'manual' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/');
  const setCookie = res.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  expect(setCookie).not.toContain(SECRET);
  return setCookie.split(';')[0]!;
}

function invoke(
  cookie: string | null,
  channel: string,
  payload: unknown,
  origin: string | null = host.origin,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  return fetch(`${host.origin}/ipc/${channel}`, { method: 'POST', headers, body: JSON.stringify(payload) });
}

/** Reads SSE frames from a streaming response until `count` events (not comments) arrived. */
async function readEvents(
  res: Response,
  count: number,
): Promise<Array<{ id?: string; event?: string; data?: unknown }>> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Array<{ id?: string; event?: string; data?: unknown }> = [];
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const e: { id?: string; event?: string; data?: unknown } = {};
      for (const line of frame.split('\n')) {
        if (line.startsWith('id: ')) e.id = line.slice(4);
        if (line.startsWith('event: ')) e.event = line.slice(7);
        if (line.startsWith('data: ')) e.data = JSON.parse(line.slice(6));
      }
      if (e.event) events.push(e);
    }
  }
  await reader.cancel();
  return events;
}

describe('browser host: the launch secret', () => {
  it('serves nothing without the secret, not even the renderer', async () => {
    for (const p of ['/', '/index.html', '/assets/app.js', '/events']) {
      const res = await fetch(`${host.origin}${p}`);
      expect(res.status, p).toBe(403);
      expect(await res.text()).toContain('npm start');
    }
    expect((await invoke(null, 'app:snapshot', {})).status).toBe(403);
    expect(core.calls).toEqual([]);
  });

  it('refuses a wrong launch secret and a forged cookie', async () => {
    const wrong = await fetch(`${host.origin}/?launch=${SECRET}x`, { redirect: 'manual' });
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const forged = await invoke(`sc_session_${host.port}=${SECRET}`, 'app:snapshot', {});
    expect(forged.status).toBe(403);
  });

  it('lets the launch URL in once: a second browser gets 410 and no cookie', async () => {
    const cookie = await login();
    const again = await fetch(`${host.origin}/?launch=${SECRET}`, { redirect: 'manual' });
    expect(again.status).toBe(410);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toMatch(/already been used.*restart `npm start`/);
    // The browser that traded it reopens the link from history: straight to the app, no new cookie.
    const reopened = await fetch(`${host.origin}/?launch=${SECRET}`, {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(reopened.status).toBe(303);
    expect(reopened.headers.get('location')).toBe('/');
    expect(reopened.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${host.origin}/`, { headers: { cookie } })).status).toBe(200);
  });

  it('lets only a GET use the launch URL: a HEAD, POST or PUT (a link checker, a preview) gets no cookie and leaves it for the browser', async () => {
    for (const method of ['HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const res = await fetch(`${host.origin}/?launch=${SECRET}`, { method, redirect: 'manual' });
      expect(res.status, method).toBe(403);
      expect(res.headers.get('set-cookie'), method).toBeNull();
    }
    // Still unused: the browser's GET trades it for the session.
    const cookie = await login();
    expect((await fetch(`${host.origin}/`, { headers: { cookie } })).status).toBe(200);
  });

  it('refuses a request whose Host header is not ours (DNS rebinding)', async () => {
    const cookie = await login();
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/',
          headers: { host: `evil.example:${host.port}`, cookie },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

describe('browser host: serving the renderer', () => {
  it('serves files with their content types and the strict CSP', async () => {
    const cookie = await login();
    const index = await fetch(`${host.origin}/`, { headers: { cookie } });
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await index.text()).toContain('Support Console');
    const js = await fetch(`${host.origin}/assets/app.js`, { headers: { cookie } });
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const css = await fetch(`${host.origin}/assets/app.css`, { headers: { cookie } });
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await fetch(`${host.origin}/missing.js`, { headers: { cookie } })).status).toBe(404);
  });

  it('serves the page and its code as they were at start, from memory; source maps and the rest from disk', async () => {
    const cookie = await login();
    // A rebuild (or a removal) after the host started changes nothing the page loads first.
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Rebuilt</title>');
    await rm(path.join(dir, 'assets', 'app.js'));
    expect(await (await fetch(`${host.origin}/`, { headers: { cookie } })).text()).toContain(
      'Support Console',
    );
    expect(await (await fetch(`${host.origin}/assets/app.js`, { headers: { cookie } })).text()).toBe(
      'console.log(1)',
    );
    // What is not read ahead is read when asked for: a source map, a file outside assets/.
    await writeFile(path.join(dir, 'assets', 'app.js.map'), '{"version":3}');
    await writeFile(path.join(dir, 'notes.txt'), 'later');
    expect(await (await fetch(`${host.origin}/assets/app.js.map`, { headers: { cookie } })).text()).toBe(
      '{"version":3}',
    );
    expect(await (await fetch(`${host.origin}/notes.txt`, { headers: { cookie } })).text()).toBe('later');
  });

  it('does not leave the renderer folder', async () => {
    const cookie = await login();
    for (const p of ['/../sc-outside.txt', '/%2e%2e/sc-outside.txt', '/assets/..%2f..%2fsc-outside.txt']) {
      const res = await fetch(`${host.origin}${p}`, { headers: { cookie } });
      expect(res.status, p).toBe(404);
    }
  });

  it('carries the same policy as the meta tag of renderer/index.html, plus what only a header can say', async () => {
    const html = await readFile(path.join(import.meta.dirname, '../../../renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta?.[1]).toBe(META_CONTENT_SECURITY_POLICY);
    // Browsers ignore frame-ancestors in a meta tag (and log an error): it belongs to the header only.
    expect(meta?.[1]).not.toContain('frame-ancestors');
    expect(CONTENT_SECURITY_POLICY).toBe(`${META_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  });
});

describe('browser host: IPC over HTTP', () => {
  it('round-trips an invoke through dispatchInvoke', async () => {
    const cookie = await login();
    const res = await invoke(cookie, 'folders:create', { name: '  Branch office ', parentId: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ ok: true, value: { id: 'f-1' } });
    // The schema trimmed the name before the core saw it.
    expect(core.calls).toEqual([
      { channel: 'folders:create', payload: { name: 'Branch office', parentId: null } },
    ]);
  });

  it('refuses an invalid payload and an unknown channel before the core sees them', async () => {
    const cookie = await login();
    const bad = await (await invoke(cookie, 'folders:create', { name: '', parentId: null, extra: 1 })).json();
    expect(bad).toMatchObject({ ok: false, error: { kind: 'validation' } });
    const unknown = await (await invoke(cookie, 'shell:exec', {})).json();
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'validation', message: 'Unknown request.' } });
    const notJson = await fetch(`${host.origin}/ipc/app:snapshot`, {
      method: 'POST',
      headers: { cookie, origin: host.origin, 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(core.calls).toEqual([]);
  });

  it('turns a handler failure into a typed error without leaking what the exception carried', async () => {
    const cookie = await login();
    const text = await (await invoke(cookie, 'folders:delete', { id: '1' })).text();
    expect(JSON.parse(text)).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(text).not.toContain('do-not-leak');
  });

  it('checks the Origin of every POST', async () => {
    const cookie = await login();
    expect((await invoke(cookie, 'app:snapshot', {}, 'http://evil.example')).status).toBe(403);
    expect((await invoke(cookie, 'app:snapshot', {}, null)).status).toBe(403);
    expect((await invoke(cookie, 'app:snapshot', {}, `http://localhost:${host.port}`)).status).toBe(403);
    expect(core.calls).toEqual([]);
  });

  it('requires JSON and POST', async () => {
    const cookie = await login();
    const form = await fetch(`${host.origin}/ipc/app:snapshot`, {
      method: 'POST',
      headers: { cookie, origin: host.origin, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
    expect((await fetch(`${host.origin}/ipc/app:snapshot`, { headers: { cookie } })).status).toBe(405);
  });

  it('refuses a body beyond the limit', async () => {
    await host.close();
    host = await startBrowserHost({ core, rendererDir: dir, launchSecret: SECRET, maxBodyBytes: 1024 });
    const cookie = await login();
    const res = await invoke(cookie, 'devices:move', {
      ids: Array.from({ length: 500 }, (_, i) => `d${i}`),
      folderId: null,
    });
    expect(res.status).toBe(413);
    expect(core.calls).toEqual([]);
  });
});

describe('browser host: listening before the core has started', () => {
  it('serves the page at once; its calls and its event stream wait until the core is ready', async () => {
    await host.close();
    let started = (): void => undefined;
    const ready = new Promise<void>((resolve) => (started = resolve));
    host = await startBrowserHost({ core, rendererDir: dir, port: 0, launchSecret: SECRET, ready });
    const cookie = await login();
    // The page's code loads meanwhile.
    expect((await fetch(`${host.origin}/`, { headers: { cookie } })).status).toBe(200);
    let answered = false;
    const call = invoke(cookie, 'folders:create', { name: 'Lab', parentId: null }).then((res) => {
      answered = true;
      return res;
    });
    let attached = false;
    const stream = fetch(`${host.origin}/events`, { headers: { cookie } }).then((res) => {
      attached = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect({ answered, attached, calls: core.calls }).toEqual({
      answered: false,
      attached: false,
      calls: [],
    });
    started();
    expect(await (await call).json()).toEqual({ ok: true, value: { id: 'f-1' } });
    const events = readEvents(await stream, 1);
    core.emit('ui:focus-session', { sessionId: 's-1' });
    expect((await events).map((e) => e.event)).toEqual(['ui:focus-session']);
  });
});

describe('browser host: events', () => {
  it('delivers core events and session notices over server-sent events', async () => {
    const cookie = await login();
    const res = await fetch(`${host.origin}/events`, { headers: { cookie } });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const received = readEvents(res, 2);
    // The host attaches the stream before it writes the headers fetch resolved on, so these reach it.
    core.emit('settings:state', {
      reminderLeadMinutes: 5,
      notificationsEnabled: false,
      notificationsPausedUntil: null,
      theme: 'dark',
      language: 'account',
      displayZone: 'computer',
      historyRetentionDays: 90,
    });
    host.notify({ kind: 'reminder', sessions: [], minutes: 7 });
    const events = await received;
    expect(events.map((e) => e.event)).toEqual(['settings:state', 'notify:sessions']);
    expect(events[0]!.data).toMatchObject({ theme: 'dark' });
    expect(events[1]!.data).toMatchObject({ kind: 'reminder', minutes: 7 });
    expect(Number(events[1]!.id)).toBeGreaterThan(Number(events[0]!.id));
  });

  it('sends heartbeats on a quiet stream', async () => {
    const cookie = await login();
    const res = await fetch(`${host.origin}/events`, { headers: { cookie } });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes(': heartbeat')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await reader.cancel();
    expect(text).toContain(': heartbeat');
  });

  it('answers a reconnect (Last-Event-ID) with the whole current state', async () => {
    const cookie = await login();
    const res = await fetch(`${host.origin}/events`, { headers: { cookie, 'last-event-id': '41' } });
    const events = await readEvents(res, 7);
    expect(events.map((e) => e.event)).toEqual([
      'auth:state',
      'settings:state',
      'sync:state',
      'data:change',
      'data:change',
      'data:change',
      'data:change',
    ]);
    const devices = events.find((e) => (e.data as { dataset?: string }).dataset === 'devices');
    expect(devices?.data).toMatchObject({ reset: true, added: [{ id: '007' }] });
  });

  it('refuses an event stream requested from another site', async () => {
    const cookie = await login();
    const res = await fetch(`${host.origin}/events`, { headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
  });
});
