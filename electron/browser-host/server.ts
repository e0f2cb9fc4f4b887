// The browser host: the same application core as the Electron app, reached from an ordinary browser on
// this machine. It serves the built renderer and carries the IPC contract over HTTP:
//   POST /ipc/<channel>   JSON payload -> dispatchInvoke -> JSON IpcResult
//   GET  /events          server-sent events of the core's EventSink (+ notify:sessions)
// Only 127.0.0.1 is bound. A per-launch secret guards every route (launch-secret.ts): without the cookie
// it was traded for, nothing is served, not even the renderer; POSTs must also come from our own origin,
// and the Host header must be ours (so a DNS-rebound name cannot reach us).

import { snapshotToChanges } from '../../shared/ipc/snapshot.js';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventSink, SessionNotice } from '../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../shared/ipc/dispatch.js';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy.js';
import type { HostedCore } from '../core-port.js';
import type { StreamEvent } from './event-stream.js';
import { EventStream } from './event-stream.js';
import { cookieName, newSecret, readCookie, secretsEqual, sessionCookie } from './launch-secret.js';
import { preloadStaticFiles, readStaticFile } from './static-files.js';

export interface BrowserHostOptions {
  core: HostedCore;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** 0: any free port. */
  port?: number;
  /** Given by tests; otherwise random per launch. */
  launchSecret?: string;
  heartbeatMs?: number;
  /** How long a browser waits before reconnecting a lost event stream (default 2 s). */
  reconnectMs?: number;
  /** A move of 100,000 devices is ~7 MB of ids; anything far beyond that is not ours. */
  maxBodyBytes?: number;
  /**
   * Settles once the core has started. The host listens before that, so a page opened at once loads its
   * code while the core reads its copy; its calls and its event stream wait here rather than meet a core
   * that has not read the account yet. Default: started already.
   */
  ready?: Promise<void>;
}

export interface BrowserHost {
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** The one URL to open: carries the launch secret, and lets one browser in (a second use gets 410). */
  readonly launchUrl: string;
  /** Sessions started: goes to every open tab as `notify:sessions` (no tray in a browser). */
  notify(notice: SessionNotice): void;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const FORBIDDEN_TEXT =
  'Forbidden. Open the address printed by `npm start`: it carries the key of this launch.\n';
const LAUNCH_USED_TEXT =
  'This launch address has already been used. Go back to the tab it opened, or restart `npm start` and open the new address it prints.\n';

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const { core, rendererDir } = options;
  const launchSecret = options.launchSecret ?? newSecret();
  const sessionValue = newSecret();
  // The printed URL is worth one cookie: a copy left in a terminal's scrollback or a browser's history
  // must not let another browser in later.
  let launchUsed = false;
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const stream = new EventStream(options.heartbeatMs ?? 15_000, options.reconnectMs);

  const preloaded = await preloadStaticFiles(rendererDir);
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${HOST}:${port}`;
  const cookie = cookieName(port);

  const sink: EventSink = (event, payload) => stream.publish(event, payload);
  const unsubscribe = core.subscribe(sink);

  const hasSession = (req: IncomingMessage) =>
    secretsEqual(sessionValue, readCookie(req.headers.cookie, cookie));

  async function resyncEvents(): Promise<StreamEvent[]> {
    // The renderer's snapshot: a large device list beyond its first part follows as live events.
    const snap = await core.rendererSnapshot();
    const events: StreamEvent[] = [
      { event: 'auth:state', payload: snap.auth },
      { event: 'settings:state', payload: snap.settings },
      { event: 'sync:state', payload: snap.sync },
    ];
    for (const change of snapshotToChanges(snap)) events.push({ event: 'data:change', payload: change });
    return events;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (req.headers.host !== `${HOST}:${port}`) throw new RequestError(403, FORBIDDEN_TEXT);
    const url = new URL(req.url ?? '/', origin);

    const launch = url.searchParams.get('launch');
    if (launch !== null) {
      if (req.method !== 'GET' || !secretsEqual(launchSecret, launch))
        throw new RequestError(403, FORBIDDEN_TEXT);
      if (launchUsed && !hasSession(req)) throw new RequestError(410, LAUNCH_USED_TEXT);
      // The browser that traded it already holds the cookie: reopening the link just goes to the app.
      const grant = !launchUsed;
      launchUsed = true;
      res.writeHead(303, {
        ...(grant ? { 'Set-Cookie': sessionCookie(cookie, sessionValue) } : {}),
        Location: '/',
        'Cache-Control': 'no-store',
      });
      res.end();
      return;
    }
    if (!hasSession(req)) throw new RequestError(403, FORBIDDEN_TEXT);

    if (url.pathname.startsWith('/ipc/')) {
      if (req.method !== 'POST') throw new RequestError(405, 'Use POST.\n');
      // Same-origin fetch always sends Origin on POST; anything else is another site or a tool.
      if (req.headers.origin !== origin) throw new RequestError(403, FORBIDDEN_TEXT);
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
        throw new RequestError(415, 'Send application/json.\n');
      }
      // A name that does not even decode (`%E0%A4%A`) is no channel: dispatch refuses it as unknown.
      const channel = decodeOrNull(url.pathname.slice('/ipc/'.length));
      const body = await readBody(req, maxBodyBytes);
      let payload: unknown;
      try {
        payload = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
      } catch {
        sendJson(res, 400, {
          ok: false,
          error: { kind: 'validation', message: 'The request was not valid JSON.' },
        });
        return;
      }
      await options.ready;
      sendJson(res, 200, await dispatchInvoke(core.handlers, channel, payload));
      return;
    }

    if (url.pathname === '/events') {
      if (req.method !== 'GET') throw new RequestError(405, 'Use GET.\n');
      const site = req.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') throw new RequestError(403, FORBIDDEN_TEXT);
      // A browser reconnecting sends Last-Event-ID; the HTTP bridge reopening a stream sends ?since=.
      const reconnect = req.headers['last-event-id'] !== undefined || url.searchParams.has('since');
      await options.ready;
      stream.attach(res, reconnect ? await resyncEvents() : []);
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') throw new RequestError(405, 'Method not allowed.\n');
    const file = await readStaticFile(rendererDir, url.pathname, preloaded);
    if (!file) throw new RequestError(404, 'Not found.\n');
    res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': file.body.length,
      'Cache-Control': file.contentType.startsWith('text/html') ? 'no-store' : 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const status = error instanceof RequestError ? error.status : 500;
      const text = error instanceof RequestError ? error.message : 'Internal error.\n';
      if (!(error instanceof RequestError)) console.error('browser host: request failed', error);
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(text);
    });
  });

  return {
    port,
    origin,
    launchUrl: `${origin}/?launch=${launchSecret}`,
    notify: (notice) => stream.publish('notify:sessions', notice),
    async close() {
      unsubscribe();
      stream.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value ?? null);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Keep draining (and dropping) the rest, so the 413 can still be written to the socket.
        chunks.length = 0;
        reject(new RequestError(413, 'Request too large.\n'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
