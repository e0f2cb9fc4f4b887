// The system under soak, whole: the stand-in service (its own process, its own data directory), the fault
// proxy in front of it, the browser host (its own process, its own data directory, pointed at the proxy)
// and the technician's connection to it. Faults and checks go through here.
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVICE_DEFAULTS } from '../../service/server.js';
import type { SyncState } from '../../shared/ipc/contract.js';
import { BridgeClient } from './bridge-client.js';
import { ChildLog, HostChild, ROOT, ServiceChild } from './children.js';
import { checkOfflineCopy, checkTempFiles, type Downtime } from './invariants.js';
import { FaultProxy } from './proxy.js';

export const BUILT_HOST = path.join(ROOT, 'dist/host/browser-host.js');
export const BUILT_RENDERER = path.join(ROOT, 'dist/renderer');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class World {
  host: HostChild | null = null;
  client: BridgeClient | null = null;
  /** The host's wall clock is this far from real time (the clock step). */
  clockOffsetMs = 0;
  readonly downtimes: Downtime[] = [];
  /** Told when the host has gone (the technician stops until it is back). */
  onHostDown: () => void = () => undefined;

  private constructor(
    readonly workDir: string,
    readonly serviceDir: string,
    readonly hostDir: string,
    readonly rendererDir: string,
    readonly log: ChildLog,
    readonly devices: number,
    public service: ServiceChild,
    readonly proxy: FaultProxy,
  ) {}

  static async start(devices: number): Promise<World> {
    if (!existsSync(BUILT_HOST) || !existsSync(path.join(BUILT_RENDERER, 'index.html')))
      throw new Error('The app is not built: run `npm run build` first (npm run soak does).');
    const workDir = await mkdtemp(path.join(tmpdir(), 'sc-soak-'));
    const serviceDir = path.join(workDir, 'service');
    const hostDir = path.join(workDir, 'host');
    // The hosts serve a copy, so a build started meanwhile cannot pull the renderer away from them.
    const rendererDir = path.join(workDir, 'renderer');
    await cp(BUILT_RENDERER, rendererDir, { recursive: true });
    const log = new ChildLog(path.join(workDir, 'children.log'));
    const service = await ServiceChild.start(serviceDir, devices, log);
    const proxy = await FaultProxy.start(service.port);
    return new World(workDir, serviceDir, hostDir, rendererDir, log, devices, service, proxy);
  }

  /** The host's wall clock now. */
  hostNow(): number {
    return Date.now() + this.clockOffsetMs;
  }

  down(start: number, why: string): Downtime {
    const d = { start, end: Number.POSITIVE_INFINITY, why };
    this.downtimes.push(d);
    return d;
  }

  async startHost(): Promise<HostChild> {
    const startedAt = Date.now();
    this.host = await HostChild.start({
      dataDir: this.hostDir,
      rendererDir: this.rendererDir,
      serviceUrl: this.proxy.url,
      clockOffsetMs: this.clockOffsetMs,
      log: this.log,
    });
    checkTempFiles(this.hostDir, startedAt);
    return this.host;
  }

  /** The technician opens the launch URL again (a new host, or the first). */
  async connect(): Promise<BridgeClient> {
    const host = this.host;
    if (!host) throw new Error('no host');
    this.client?.close();
    this.client = await BridgeClient.connect(host.launchUrl, host.origin);
    // In front, as a technician at the screen: the foreground poll intervals apply.
    await this.client.invoke('window:activity', { visible: true, focused: true });
    return this.client;
  }

  /** The first sign-in, as the e2e fixtures do it: the PIN flow through the core and the authorize form. */
  async signIn(): Promise<void> {
    const client = this.client as BridgeClient;
    const begun = await client.invoke<{ authorizeUrl: string }>('auth:begin', {
      baseUrl: this.proxy.url,
      consumerKey: SERVICE_DEFAULTS.consumerKey,
      consumerSecret: '',
    });
    if ('lost' in begun || !begun.ok) throw new Error(`auth:begin failed: ${JSON.stringify(begun)}`);
    const pin = await approve(begun.value.authorizeUrl);
    const done = await client.invoke('auth:complete', { pin });
    if ('lost' in done || !done.ok) throw new Error(`auth:complete failed: ${JSON.stringify(done)}`);
  }

  /** Until every dataset is fetched and the technician sees every device (bounded). */
  async settled(timeoutMs: number): Promise<void> {
    const client = this.client as BridgeClient;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const snap = await client.invoke<{ sync: SyncState }>('app:snapshot', {}, 20_000);
      if (!('lost' in snap) && snap.ok) {
        const sync = snap.value.sync;
        const fetched = Object.values(sync.datasets).every((d) => d.fetchedAt !== null && !d.refreshing);
        if (fetched && sync.connection === 'online' && client.picture.devices.size >= this.devices) return;
      }
      if (Date.now() > deadline) throw new Error(`the console did not settle in ${timeoutMs} ms`);
      await sleep(250);
    }
  }

  /**
   * The host goes (SIGKILL: nothing saved on the way out; SIGTERM: closes as the app does) and comes back
   * on the same data directory while the service cannot be reached, so what it shows is its offline copy
   * alone; then the service is let through again.
   */
  async restartHost(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const down = this.down(this.hostNow(), `host ${signal}`);
    await this.host?.signal(signal);
    this.onHostDown();
    this.client?.close();
    this.client = null;
    const mode = this.proxy.mode;
    this.proxy.setMode('refuse');
    const host = await this.startHost();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const counts = await host.counts();
      if (counts.devices >= this.devices || Date.now() > deadline) {
        checkOfflineCopy(counts, this.devices);
        break;
      }
      await sleep(200);
    }
    this.proxy.setMode(mode);
    await this.connect();
    await this.settled(120_000);
    down.end = this.hostNow();
  }

  async restartService(pauseMs: number): Promise<void> {
    const down = this.down(this.hostNow(), 'service SIGKILL');
    await this.service.signal('SIGKILL');
    await sleep(pauseMs);
    const startedAt = Date.now();
    this.service = await ServiceChild.start(this.serviceDir, this.devices, this.log);
    checkTempFiles(this.serviceDir, startedAt);
    this.proxy.retarget(this.service.port);
    down.end = this.hostNow();
  }

  /** The host's clock jumps; the jump itself is allowed for as a stretch the history may not account for. */
  stepClock(offsetMs: number): void {
    const before = this.hostNow();
    this.clockOffsetMs = offsetMs;
    this.host?.stepClock(offsetMs);
    const after = this.hostNow();
    this.downtimes.push({ start: Math.min(before, after), end: Math.max(before, after), why: 'clock step' });
  }

  async logText(): Promise<string> {
    return readFile(this.log.file, 'utf8').catch(() => '');
  }

  async stop(): Promise<void> {
    this.client?.close();
    await this.host?.signal('SIGTERM').catch(() => undefined);
    await this.service.signal('SIGTERM').catch(() => undefined);
    await this.proxy.close();
    await this.log.close();
  }
}

/** Posts the service's authorize form with "approve" and returns the PIN it shows (as console-app.ts). */
async function approve(url: string): Promise<string> {
  const page = new URL(url);
  const token = page.searchParams.get('oauth_token');
  if (!token) throw new Error('no oauth_token in the authorize URL');
  const answer = await fetch(new URL(page.pathname, page.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      oauth_token: token,
      email: SERVICE_DEFAULTS.adminEmail,
      password: SERVICE_DEFAULTS.adminPassword,
      decision: 'approve',
    }).toString(),
  });
  const pin = /id="oauth-verifier">([^<]+)</.exec(await answer.text())?.[1];
  if (!pin) throw new Error(`the authorize page showed no PIN (status ${answer.status})`);
  return pin;
}
