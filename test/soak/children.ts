// The soak's two children, the stand-in service and the browser host, each a process of its own so a fault
// can SIGKILL or SIGTERM it. Their output goes to one log file (the secrets check reads it), never to the
// soak's own output. Every child is remembered until it has exited, so the soak kills them all on its way out.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { SERVICE_DEFAULTS } from '../../service/server.js';

const HERE = import.meta.dirname;
export const ROOT = path.resolve(HERE, '../..');

const living = new Set<ChildProcess>();

/** SIGKILL to every child still running (the soak's exit and signal handlers). */
export function killAllChildren(): void {
  for (const child of living) child.kill('SIGKILL');
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

class Child {
  #next = 1;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  readonly exited: Promise<void>;

  constructor(readonly process: ChildProcess) {
    living.add(process);
    process.on('message', (message: Reply) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(new Error(message.error));
    });
    this.exited = new Promise((resolve) =>
      process.once('exit', () => {
        living.delete(process);
        for (const p of this.#pending.values()) p.reject(new Error('the child exited'));
        this.#pending.clear();
        resolve();
      }),
    );
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  /** One request over IPC, bounded in time. */
  call<T>(message: Record<string, unknown>, key: string, timeoutMs = 30_000): Promise<T> {
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`no answer to ${key} in ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.process.send({ ...message, [key]: id, id });
    });
  }

  /** Sends the signal and waits for the exit; a child still there after 20 s is killed outright. */
  async signal(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    if (!this.running) return;
    this.process.kill(signal);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(timer);
  }
}

async function firstMessage<T>(child: ChildProcess, what: string, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const [message] = (await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(([code, signal]) => {
        throw new Error(`${what} exited (${code ?? signal}) before it was ready`);
      }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} was not ready in ${timeoutMs} ms`)), timeoutMs);
      }),
    ])) as [T];
    return message;
  } finally {
    clearTimeout(timer);
  }
}

export class ChildLog {
  readonly stream: WriteStream;
  constructor(readonly file: string) {
    this.stream = createWriteStream(file, { flags: 'a' });
  }
  attach(child: ChildProcess): void {
    child.stdout?.pipe(this.stream, { end: false });
    child.stderr?.pipe(this.stream, { end: false });
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.stream.end(resolve));
  }
}

export interface ServiceState {
  folders: Array<{ id: string; name: string; parentId: string | null }>;
  sessions: Array<{ id: string; customer: string; state: string }>;
  /** [id, folderId, alias] */
  devices: Array<[string, string | null, string]>;
}

export class ServiceChild extends Child {
  constructor(
    child: ChildProcess,
    readonly port: number,
  ) {
    super(child);
  }

  state(): Promise<ServiceState> {
    return this.call({ cmd: 'state' }, 'state');
  }

  tokens(): Promise<Array<{ token: string; secret: string }>> {
    return this.call({ cmd: 'tokens' }, 'tokens');
  }

  static async start(dataDir: string, devices: number, log: ChildLog): Promise<ServiceChild> {
    const child = fork(path.join(HERE, 'service-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, SOAK_SERVICE_DIR: dataDir, SOAK_DEVICES: String(devices) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    living.add(child);
    log.attach(child);
    const ready = await firstMessage<{ port: number }>(child, 'the service', 120_000);
    return new ServiceChild(child, ready.port);
  }
}

export interface HostCounts {
  devices: number;
  folders: number;
  sessions: number;
  cacheSavedAt: string | null;
  cacheNotice: string | null;
  auth: string;
}

export class HostChild extends Child {
  constructor(
    child: ChildProcess,
    readonly launchUrl: string,
    readonly origin: string,
    /** Date.now() when it said it was listening. */
    readonly readyAt: number,
  ) {
    super(child);
  }

  counts(): Promise<HostCounts> {
    return this.call({}, 'counts', 10_000);
  }

  stepClock(offsetMs: number): void {
    this.process.send({ clockOffsetMs: offsetMs });
  }

  static async start(options: {
    dataDir: string;
    rendererDir: string;
    serviceUrl: string;
    clockOffsetMs: number;
    log: ChildLog;
  }): Promise<HostChild> {
    const child = fork(path.join(HERE, 'host-process.mjs'), [], {
      env: {
        ...process.env,
        SOAK_HOST_DIR: options.dataDir,
        SOAK_RENDERER_DIR: options.rendererDir,
        SOAK_SERVICE_URL: options.serviceUrl,
        SOAK_CONSUMER_KEY: SERVICE_DEFAULTS.consumerKey,
        SOAK_CONSUMER_SECRET: SERVICE_DEFAULTS.consumerSecret,
        SOAK_CLOCK_OFFSET_MS: String(options.clockOffsetMs),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    living.add(child);
    options.log.attach(child);
    const ready = await firstMessage<{ launchUrl: string; origin: string }>(
      child,
      'the browser host',
      60_000,
    );
    return new HostChild(child, ready.launchUrl, ready.origin, Date.now());
  }
}
