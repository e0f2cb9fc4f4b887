// The renderer's bridge in the browser host: invokes are POSTs to /ipc/<channel>, events arrive over one
// EventSource on /events. The launch cookie rides along by itself (same origin).
//
// No invoke leaves before the event stream is attached: the host registers a stream when it opens it, and
// an event sent between a snapshot and a later attach would be lost for good (a first device list that
// never shows, because the next poll finds nothing new to send).
//
// An invoke is never retried here: most channels change data on the service, and a POST whose answer was
// lost may have been carried out. A lost event stream is reopened; the host answers a reopened stream
// with the whole current state, so the renderer converges without a reload.
//
// A page outlives its host: Ctrl-C of `npm start` leaves the tab open, and a restart answers it with 403
// (the cookie it holds was this page's launch, not the new one's). A stream that drops is followed by a
// probe of the page's own address, which tells the two apart: nothing answers ('gone'), or a host answers
// that does not know this launch ('replaced', for good: no later start will know it either).

import type {
  Bridge,
  EventChannel,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
  IpcResult,
  HostLink,
  MainEvents,
} from '../../shared/ipc/contract.js';
import { EVENT_CHANNELS } from '../../shared/ipc/contract.js';
import type { AppError } from '../../shared/errors.js';
import { isAppError } from '../../shared/errors.js';

/** The slice of the DOM's EventSource the bridge uses, so tests can hand in another implementation. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  onopen: ((event: Event) => void) | null;
  close(): void;
}

export interface HttpBridgeOptions {
  /** Where the host is; default: this page's origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  openEventSource?: (url: string) => EventSourceLike;
  /** Delays before reopening a stream the browser gave up on (it retries by itself otherwise). */
  reconnectDelaysMs?: readonly number[];
  /** How long an invoke waits for the event stream to attach before going ahead anyway. */
  streamWaitMs?: number;
}

const CLOSED = 2;
// Keyed, so the technician reads what happened to the tab, not a refusal by the service or the account.
const HOST_GONE: AppError = {
  kind: 'network',
  key: 'host.goneBanner',
  message: 'The app is not reachable. Is `npm start` still running? Check, then try again.',
};
const HOST_REPLACED: AppError = {
  kind: 'not-allowed',
  key: 'host.replacedBanner',
  message: 'This page belongs to an earlier launch. Open the address `npm start` printed again.',
};

function hostAnswered(status: number): AppError {
  return {
    kind: 'internal',
    message: `The app answered HTTP ${status}.`,
    key: 'error.app.hostAnswered',
    values: { status },
  };
}

export function createHttpBridge(options: HttpBridgeOptions = {}): Bridge {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const openEventSource =
    options.openEventSource ?? ((url: string) => new EventSource(url) as EventSourceLike);
  const delays = options.reconnectDelaysMs ?? [1000, 2000, 5000, 10_000, 30_000];
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();
  let source: EventSourceLike | null = null;
  let lastEventId: string | null = null;
  let failures = 0;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  const streamWaitMs = options.streamWaitMs ?? 5000;
  // Resolved while a stream is attached; a pending promise while one is being opened.
  let attached: Promise<void> = Promise.resolve();
  let markAttached: () => void = () => undefined;

  let everAttached = false;
  let link: HostLink = 'up';
  const linkListeners = new Set<(link: HostLink) => void>();
  let probing: Promise<void> | null = null;

  function setLink(next: HostLink): void {
    // A later start never learns this page's launch: once replaced, always replaced.
    if (next === link || link === 'replaced') return;
    link = next;
    for (const listener of linkListeners) listener(next);
  }

  /** Asks the host for this page's own address: who, if anyone, is there now. */
  function probe(): Promise<void> {
    if (link === 'replaced') return Promise.resolve();
    probing ??= doFetch(`${base}/`, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store' })
      .then(
        (res) => setLink(res.status === 403 ? 'replaced' : res.ok ? 'up' : link),
        () => setLink('gone'),
      )
      .finally(() => (probing = null));
    return probing;
  }

  // Only the first attach matters: a reopened stream gets the whole state from the host anyway.
  function streamAttached(): Promise<void> {
    if (everAttached || !source) return Promise.resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, streamWaitMs)));
    return Promise.race([attached, timeout]).finally(() => clearTimeout(timer));
  }

  function deliver(event: EventChannel, message: MessageEvent<string>): void {
    if (message.lastEventId) lastEventId = message.lastEventId;
    let payload: unknown;
    try {
      payload = JSON.parse(message.data);
    } catch {
      return;
    }
    for (const listener of listeners.get(event) ?? []) (listener as (p: unknown) => void)(payload);
  }

  function open(): void {
    // `since` tells the host this is a reopened stream (a new EventSource cannot send Last-Event-ID).
    const url =
      lastEventId === null ? `${base}/events` : `${base}/events?since=${encodeURIComponent(lastEventId)}`;
    attached = new Promise<void>((resolve) => (markAttached = resolve));
    const es = openEventSource(url);
    source = es;
    for (const event of EVENT_CHANNELS) es.addEventListener(event, (m) => deliver(event, m));
    es.onopen = () => {
      failures = 0;
      everAttached = true;
      markAttached();
      setLink('up');
    };
    es.onerror = () => {
      if (source !== es) return;
      const probed = probe();
      // While CONNECTING the browser retries by itself; CLOSED means it gave up (e.g. a 403 or a restart).
      if (es.readyState !== CLOSED) return;
      es.close();
      source = null;
      // Reopened only once the probe said who is there: a later start will never take this page's stream.
      void probed.then(() => {
        if (link !== 'replaced' && !source && listeners.size > 0) reopenLater();
      });
    };
  }

  function reopenLater(): void {
    if (reopenTimer) return;
    const delay = delays[Math.min(failures, delays.length - 1)] ?? 30_000;
    failures += 1;
    reopenTimer = setTimeout(() => {
      reopenTimer = null;
      if (listeners.size > 0 && link !== 'replaced') open();
    }, delay);
  }

  return {
    async invoke<C extends InvokeChannel>(
      channel: C,
      payload: InvokeRequest<C>,
    ): Promise<IpcResult<InvokeResponse<C>>> {
      await streamAttached();
      let res: Response;
      try {
        res = await doFetch(`${base}/ipc/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(payload ?? {}),
          credentials: 'same-origin',
        });
      } catch {
        setLink('gone');
        return { ok: false, error: HOST_GONE };
      }
      if (res.status === 403) {
        setLink('replaced');
        return { ok: false, error: HOST_REPLACED };
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        return { ok: false, error: hostAnswered(res.status) };
      }
      if (isIpcResult(body)) return body as IpcResult<InvokeResponse<C>>;
      return { ok: false, error: hostAnswered(res.status) };
    },

    onHostLink(listener: (link: HostLink) => void): () => void {
      linkListeners.add(listener);
      return () => linkListeners.delete(listener);
    },

    on<E extends EventChannel>(event: E, listener: (payload: MainEvents[E]) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      if (!source && !reopenTimer) open();
      return () => {
        set.delete(listener as (payload: never) => void);
        if (set.size === 0) listeners.delete(event);
        if (listeners.size === 0) {
          source?.close();
          source = null;
          if (reopenTimer) clearTimeout(reopenTimer);
          reopenTimer = null;
        }
      };
    },
  };
}

function isIpcResult(value: unknown): value is IpcResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { ok?: unknown; error?: unknown };
  return v.ok === true || (v.ok === false && isAppError(v.error));
}
