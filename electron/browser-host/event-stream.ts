// Server-sent events to every open renderer tab. Each event carries an id; a browser that lost the stream
// reconnects with Last-Event-ID, and since missed events are not kept, such a reconnect is answered with a
// resync (the current state as whole datasets) before live events resume. Heartbeat comments keep proxies
// and the browser from closing a quiet stream.

import type { ServerResponse } from 'node:http';
import type { EventChannel, MainEvents } from '../../shared/ipc/contract.js';
import { changeJson } from '../core/devices-part.js';

export interface StreamEvent<E extends EventChannel = EventChannel> {
  event: E;
  payload: MainEvents[E];
}

export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private nextId = 1;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    heartbeatMs: number,
    private readonly retryMs = 2000,
  ) {
    this.heartbeat = setInterval(() => this.writeAll([': heartbeat\n\n']), heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** Starts a stream on this response; `initial` events go to this client only, before any live event. */
  attach(res: ServerResponse, initial: StreamEvent[] = []): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    // How long a browser waits before reconnecting (EventSource's default is ~3 s in Chromium).
    res.write(`retry: ${this.retryMs}\n\n`);
    for (const e of initial) write(res, this.format(e.event, e.payload));
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }

  publish<E extends EventChannel>(event: E, payload: MainEvents[E]): void {
    if (this.clients.size === 0) return;
    this.writeAll(this.format(event, payload));
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private format(event: string, payload: unknown): Chunks {
    // JSON never contains a raw newline, so one data: line is always enough. A part of the devices comes
    // serialised by their owner (devices-part.ts): its bytes are written as they are, never joined into
    // one string on this thread.
    return [`id: ${this.nextId++}\nevent: ${event}\ndata: `, ...changeJson(payload), '\n\n'];
  }

  private writeAll(chunks: Chunks): void {
    for (const res of this.clients) write(res, chunks);
  }
}

type Chunks = Array<string | Uint8Array>;

/** One event's pieces, written as one (corked: one socket write, one chunk of the response). */
function write(res: ServerResponse, chunks: Chunks): void {
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.uncork();
}
