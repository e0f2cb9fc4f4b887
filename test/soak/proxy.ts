// A loopback TCP proxy in front of the stand-in service: the host only ever knows the proxy's address, so
// the service can be killed and started again on another port, and the network between them can misbehave
// in the ways a real one does. Bytes pass untouched unless a fault mode is on:
//   delay   every chunk, both ways, is held `delayMs` (a slow link; keep-alive connections too)
//   drop    new connections are accepted and never answered, open ones stall (a black hole: the host's own
//           timeouts must fire)
//   refuse  new connections are reset at once (the service's port is closed)
//   reset   a connection is reset (RST) as soon as the service starts answering: the request went in, the
//           answer never comes out — the case where a write happened and the console cannot know
//   cut     an answer is cut after half of its first chunk, then the connection is closed: a body cut short
// Only 127.0.0.1 is bound and dialled.
import net from 'node:net';

export type ProxyMode = 'pass' | 'delay' | 'drop' | 'refuse' | 'reset' | 'cut';

export class FaultProxy {
  readonly #server: net.Server;
  readonly #sockets = new Set<net.Socket>();
  #target: number;
  #mode: ProxyMode = 'pass';
  #delayMs = 0;
  readonly #held = new WeakMap<net.Socket, Array<{ at: number; chunk: Buffer }>>();
  /** Connections the fault modes acted on, by mode. */
  readonly hits: Record<ProxyMode, number> = { pass: 0, delay: 0, drop: 0, refuse: 0, reset: 0, cut: 0 };

  private constructor(server: net.Server, target: number) {
    this.#server = server;
    this.#target = target;
  }

  static async start(targetPort: number): Promise<FaultProxy> {
    const server = net.createServer();
    const proxy = new FaultProxy(server, targetPort);
    server.on('connection', (client) => proxy.#accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  get port(): number {
    return (this.#server.address() as net.AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get mode(): ProxyMode {
    return this.#mode;
  }

  /** The service came back on another port. */
  retarget(port: number): void {
    this.#target = port;
  }

  setMode(mode: ProxyMode, delayMs = 0): void {
    // A black hole that ends resets what it swallowed, as a NAT that lost its state does: otherwise each
    // stalled request would wait out the host's whole timeout and the run would stall with it.
    if (this.#mode === 'drop' && mode !== 'drop')
      for (const socket of this.#sockets) socket.resetAndDestroy();
    this.#mode = mode;
    this.#delayMs = delayMs;
    // Keep-alive connections opened before must feel a black hole or a closed port too.
    if (mode === 'refuse') for (const socket of this.#sockets) socket.resetAndDestroy();
  }

  #accept(client: net.Socket): void {
    this.#sockets.add(client);
    client.on('close', () => this.#sockets.delete(client));
    client.on('error', () => undefined);
    if (this.#mode === 'refuse') {
      this.hits.refuse += 1;
      client.resetAndDestroy();
      return;
    }
    if (this.#mode === 'drop') {
      this.hits.drop += 1;
      client.pause(); // read nothing, answer nothing: the caller's timeout decides
      return;
    }
    const upstream = net.connect({ host: '127.0.0.1', port: this.#target });
    this.#sockets.add(upstream);
    upstream.on('close', () => {
      this.#sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.resetAndDestroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk: Buffer) => this.#forward(chunk, upstream, false, client, upstream));
    upstream.on('data', (chunk: Buffer) => this.#forward(chunk, client, true, client, upstream));
  }

  #forward(chunk: Buffer, to: net.Socket, answer: boolean, client: net.Socket, upstream: net.Socket): void {
    switch (this.#mode) {
      case 'drop':
        // An open connection stalls: nothing more goes either way.
        return;
      case 'reset':
        if (!answer) break;
        this.hits.reset += 1;
        client.resetAndDestroy();
        upstream.destroy();
        return;
      case 'cut':
        if (!answer) break;
        this.hits.cut += 1;
        client.end(chunk.subarray(0, Math.max(1, Math.floor(chunk.length / 2))));
        upstream.destroy();
        return;
      case 'delay':
        this.hits.delay += 1;
        this.#later(to, chunk, this.#delayMs);
        return;
      default:
        break;
    }
    this.#later(to, chunk, 0);
  }

  /** Bytes leave in the order they came, even when a delay ends while held chunks are still waiting. */
  #later(to: net.Socket, chunk: Buffer, delayMs: number): void {
    let queue = this.#held.get(to);
    if (!queue && delayMs === 0) {
      if (!to.destroyed) to.write(chunk);
      return;
    }
    if (!queue) this.#held.set(to, (queue = []));
    queue.push({ at: Date.now() + delayMs, chunk });
    if (queue.length === 1) this.#drain(to, queue);
  }

  #drain(to: net.Socket, queue: Array<{ at: number; chunk: Buffer }>): void {
    const head = queue[0];
    if (!head) {
      this.#held.delete(to);
      return;
    }
    setTimeout(
      () => {
        queue.shift();
        if (!to.destroyed) to.write(head.chunk);
        this.#drain(to, queue);
      },
      Math.max(0, head.at - Date.now()),
    );
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
