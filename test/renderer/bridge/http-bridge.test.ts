// The browser host's bridge must not ask for anything before its event stream is attached: the host only
// sends a stream what happens after it attaches, so a snapshot taken earlier could miss a change for good.
import { describe, expect, it, vi } from 'vitest';
import { createHttpBridge, type EventSourceLike } from '../../../renderer/bridge/http-bridge.js';

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  addEventListener(): void {}
  close(): void {
    this.readyState = 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
}

function okFetch() {
  return vi.fn(async () => new Response(JSON.stringify({ ok: true, value: null }), { status: 200 }));
}

describe('HTTP bridge', () => {
  it('holds the first invoke until the event stream is attached', async () => {
    const fetch = okFetch();
    let es: FakeEventSource | undefined;
    const bridge = createHttpBridge({
      fetch: fetch as unknown as typeof globalThis.fetch,
      openEventSource: (url) => (es = new FakeEventSource(url)),
    });
    bridge.on('data:change', () => undefined);
    const pending = bridge.invoke('app:snapshot', {});
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).not.toHaveBeenCalled();
    es!.open();
    expect((await pending).ok).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('goes ahead after a while when the stream never attaches, so the page can say what is wrong', async () => {
    const fetch = okFetch();
    const bridge = createHttpBridge({
      fetch: fetch as unknown as typeof globalThis.fetch,
      openEventSource: (url) => new FakeEventSource(url),
      streamWaitMs: 30,
    });
    bridge.on('auth:state', () => undefined);
    expect((await bridge.invoke('app:snapshot', {})).ok).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not hold invokes once the stream was attached, even while it reconnects', async () => {
    const fetch = okFetch();
    let es: FakeEventSource | undefined;
    const bridge = createHttpBridge({
      fetch: fetch as unknown as typeof globalThis.fetch,
      openEventSource: (url) => (es = new FakeEventSource(url)),
      streamWaitMs: 60_000,
    });
    bridge.on('sync:state', () => undefined);
    es!.open();
    es!.readyState = 0; // the browser is reconnecting by itself
    expect((await bridge.invoke('sync:refresh', {})).ok).toBe(true);
  });

  it('says the host is gone when its stream drops and nothing answers, and up again when it reattaches', async () => {
    let es: FakeEventSource | undefined;
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const bridge = createHttpBridge({
      fetch: fetch as unknown as typeof globalThis.fetch,
      openEventSource: (url) => (es = new FakeEventSource(url)),
    });
    const links: string[] = [];
    bridge.onHostLink!((link) => links.push(link));
    bridge.on('sync:state', () => undefined);
    es!.open();
    es!.readyState = 0; // the browser reconnects by itself, and fails
    es!.onerror?.(new Event('error'));
    await vi.waitFor(() => expect(links).toEqual(['gone']));
    const refused = await bridge.invoke('sync:refresh', {});
    expect(refused.ok || refused.error.key).toBe('host.goneBanner');
    es!.open();
    expect(links).toEqual(['gone', 'up']);
  });

  it('says the tab belongs to an earlier start when a host answers 403, and stops reopening its stream', async () => {
    vi.useFakeTimers();
    try {
      const opened: FakeEventSource[] = [];
      const fetch = vi.fn(async () => new Response('Forbidden', { status: 403 }));
      const bridge = createHttpBridge({
        fetch: fetch as unknown as typeof globalThis.fetch,
        openEventSource: (url) => {
          const es = new FakeEventSource(url);
          opened.push(es);
          return es;
        },
        reconnectDelaysMs: [10],
      });
      const links: string[] = [];
      bridge.onHostLink!((link) => links.push(link));
      bridge.on('sync:state', () => undefined);
      opened[0]!.open();
      opened[0]!.readyState = 2; // the restarted host refused the reconnect
      opened[0]!.onerror?.(new Event('error'));
      await vi.waitFor(() => expect(links).toEqual(['replaced']));
      await vi.advanceTimersByTimeAsync(1000);
      expect(opened).toHaveLength(1);
      const refused = await bridge.invoke('sync:refresh', {});
      expect(refused.ok || refused.error.key).toBe('host.replacedBanner');
      // A later start never knows this launch: a failing fetch does not turn it into "gone".
      expect(links).toEqual(['replaced']);
    } finally {
      vi.useRealTimers();
    }
  });
});
