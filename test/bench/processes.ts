// The bench's two children: the stand-in service and the browser host, each in a process of its own so
// that neither one's work lands on the other's event loop nor on the bench's (which drives Playwright).
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { SERVICE_DEFAULTS } from '../../service/server.js';

const HERE = import.meta.dirname;
let hostFlags: string[] | undefined;
/** Node's flags for the browser host's process, as `npm start` gives them (scripts/host-node-flags.sh). */
export function hostNodeFlags(): string[] {
  hostFlags ??= execFileSync('bash', [path.join(HERE, '../../scripts/host-node-flags.sh')], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  return hostFlags;
}
export const ROOT = path.resolve(HERE, '../..');

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** A child answering { id, cmd } messages with { id, ok, value | error }. */
class Child {
  #next = 1;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  constructor(readonly process: ChildProcess) {
    process.on('message', (message: Reply) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(new Error(message.error));
    });
    process.on('exit', (code) => {
      for (const p of this.#pending.values()) p.reject(new Error(`the child exited (${code})`));
      this.#pending.clear();
    });
  }

  call<T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.process.send({ id, cmd, ...args });
    });
  }

  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = once(this.process, 'exit');
    this.process.disconnect();
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}

async function firstMessage<T>(child: ChildProcess, what: string): Promise<T> {
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`${what} exited (${code}) before it was ready`);
    }),
  ])) as [T];
  return message;
}

export interface BenchService {
  baseUrl: string;
  controlToken: string;
  stop(): Promise<void>;
}

export async function startServiceProcess(devices: number, seed = 42): Promise<BenchService> {
  const child = fork(path.join(HERE, 'service-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DEVICES: String(devices), BENCH_SEED: String(seed) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await firstMessage<{ baseUrl: string; controlToken: string }>(child, 'the service');
  const handle = new Child(child);
  return { ...ready, stop: () => handle.stop() };
}

export interface HostWindow {
  maxStallMs: number;
  p99StallMs: number;
  eventBytes: number;
  /** The names of the events written, in order. */
  events: string[];
  /** CPU time the whole host process (every thread: main, poll worker, V8's helpers) spent in the window. */
  cpuMs: number;
}

export class BenchHost extends Child {
  constructor(
    child: ChildProcess,
    readonly launchUrl: string,
    /** Date.now() just before the process was spawned. */
    readonly spawnedAt: number,
    /** Date.now() when it said it was listening (its core started). */
    readonly readyAt: number,
  ) {
    super(child);
  }

  invoke<T = unknown>(channel: string, payload: unknown = {}): Promise<T> {
    return this.call<T>('invoke', { channel, payload });
  }

  /** Measures the host's main thread (and its event stream) around `work`. */
  async window(work: () => Promise<void>): Promise<HostWindow> {
    await this.call('window:start');
    let failure: unknown = null;
    try {
      await work();
    } catch (error) {
      failure = error;
    }
    // Closed in any case, so a failed scenario never leaves the histogram running.
    const result = await this.call<HostWindow>('window:stop');
    if (failure) throw failure;
    return result;
  }

  settled(timeoutMs: number): Promise<void> {
    return this.call('settled', { timeoutMs });
  }

  rss(): Promise<number> {
    return this.call('rss');
  }

  async close(): Promise<void> {
    await this.call('close').catch(() => undefined);
    await this.stop();
  }
}

export async function startHostProcess(options: {
  dataDir: string;
  rendererDir: string;
  serviceUrl: string;
}): Promise<BenchHost> {
  const flags = hostNodeFlags();
  const spawnedAt = Date.now();
  const child = fork(path.join(HERE, 'host-process.mjs'), [], {
    // The flags `npm start` gives the host's process; BENCH_HOST_NODE_ARGS (e.g. "--cpu-prof
    // --cpu-prof-dir=/tmp/prof") adds to them, to profile the host without editing the bench.
    execArgv: [...flags, ...(process.env.BENCH_HOST_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    env: {
      ...process.env,
      BENCH_DATA_DIR: options.dataDir,
      BENCH_RENDERER_DIR: options.rendererDir,
      BENCH_SERVICE_URL: options.serviceUrl,
      BENCH_CONSUMER_KEY: SERVICE_DEFAULTS.consumerKey,
      BENCH_CONSUMER_SECRET: SERVICE_DEFAULTS.consumerSecret,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await firstMessage<{ launchUrl: string }>(child, 'the browser host');
  return new BenchHost(child, ready.launchUrl, spawnedAt, Date.now());
}
