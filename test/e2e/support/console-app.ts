// One running Support Console for an end-to-end test: the stand-in service (in-process, loopback, ephemeral
// port, control API on) and the browser host pointed at it with its own temporary data directory, as
// `npm start` wires them. The host is the BUILT core (the dist/host bundle), exactly what `npm start`
// loads (Electron loads the same sources' tsc build), with the OS keychain as its vault (the real Secret Service of with-keyring.sh).

import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserApp, startBrowserApp as StartBrowserApp } from '../../../electron/browser-host/main.js';
import type { AppCoreDefaults } from '../../../electron/core/app-core-options.js';
import { KeyringVault } from '../../../electron/core/keyring-vault.js';
import { createLogger, type Logger } from '../../../electron/core/logger.js';
import type {
  AccountInfo,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
} from '../../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import type { RunningService, ServiceOptions } from '../../../service/server.js';
import { SERVICE_DEFAULTS, startService } from '../../../service/server.js';
import { ControlClient } from './control.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUILT_HOST = path.join(ROOT, 'dist/host/browser-host.js');
const RENDERER_DIR = path.join(ROOT, 'dist/renderer');

export const DEMO = {
  email: SERVICE_DEFAULTS.adminEmail,
  password: SERVICE_DEFAULTS.adminPassword,
  consumerKey: SERVICE_DEFAULTS.consumerKey,
  consumerSecret: SERVICE_DEFAULTS.consumerSecret,
} as const;

interface BrowserHostModule {
  startBrowserApp: typeof StartBrowserApp;
}

let hostModule: Promise<BrowserHostModule> | null = null;

function loadBrowserHost(): Promise<BrowserHostModule> {
  if (!existsSync(BUILT_HOST) || !existsSync(path.join(RENDERER_DIR, 'index.html'))) {
    throw new Error('The app is not built: run `npm run build` before the end-to-end tests.');
  }
  if (!hostModule) warnIfStale();
  hostModule ??= import(pathToFileURL(BUILT_HOST).href) as Promise<BrowserHostModule>;
  return hostModule;
}

/** The suite tests what is built: say so when a source is newer than the build (a warning, not a failure). */
function warnIfStale(): void {
  // Vite rewrites index.html on every build; scripts/build-host.mjs rewrites the host bundle every time.
  const builds: Array<[string, string[]]> = [
    [path.join(RENDERER_DIR, 'index.html'), ['renderer', 'shared']],
    [BUILT_HOST, ['electron', 'shared']],
  ];
  for (const [output, sources] of builds) {
    const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
    for (const dir of sources) {
      for (const file of readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
        if (statSync(path.join(ROOT, dir, file)).mtimeMs > builtAt) {
          console.warn(`e2e: ${dir}/${file} is newer than its build in dist/; run \`npm run build\` first.`);
          return;
        }
      }
    }
  }
}

let rendererCopy: string | null = null;

/**
 * The built renderer, copied once per run: the hosts serve the copy, so a `npm run build` started
 * meanwhile (another window, a watcher) cannot pull index.html or its assets away from a running test.
 * A copy taken in the middle of such a build (index.html naming assets that are not there) is retaken.
 */
async function rendererSnapshot(): Promise<string> {
  if (rendererCopy) return rendererCopy;
  for (let attempt = 0; ; attempt++) {
    const copy = await mkdtemp(path.join(tmpdir(), 'sc-e2e-renderer-'));
    await cp(RENDERER_DIR, copy, { recursive: true });
    const html = await readFile(path.join(copy, 'index.html'), 'utf8').catch(() => '');
    const assets = [...html.matchAll(/(?:src|href)="(?:\.?\/)?(assets\/[^"]+)"/g)].map((m) => m[1]!);
    if (html && assets.length > 0 && assets.every((a) => existsSync(path.join(copy, a)))) {
      process.once('exit', () => rmSync(copy, { recursive: true, force: true }));
      rendererCopy = copy;
      return copy;
    }
    await rm(copy, { recursive: true, force: true });
    if (attempt >= 20) throw new Error('dist/renderer stayed incomplete: is a build still running?');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The keychain each spec needs must really be there, or really not: outside with-keyring.sh there is no
 * Secret Service and a sign-in would silently take the memory-only path; inside it a "no keychain" spec
 * would prove nothing. Fail instead of proving something else.
 */
async function requireKeychain(keychain: 'present' | 'absent'): Promise<void> {
  const env = process.env.SUPPORT_CONSOLE_SECRET_SERVICE;
  if (keychain === 'present' && env !== 'available') {
    throw new Error(
      'The end-to-end tests need the Secret Service: run them as `bash scripts/with-keyring.sh npx playwright test`.',
    );
  }
  if (keychain === 'absent') {
    const probe = await new KeyringVault().probe();
    if (env !== 'absent' || probe.available) {
      throw new Error(
        'This spec walks the sign-in without a keychain: run it as `bash scripts/without-keyring.sh npx playwright test --grep @no-keychain`.',
      );
    }
  }
}

export interface ConsoleAppOptions {
  /** Passed to startService on top of the demo account's settings. */
  service?: ServiceOptions;
  /** Sign in through the core before the page opens (default true). */
  signedIn?: boolean;
  /** Who signs in: the demo administrator (default) or the first generated user without that role. */
  as?: 'administrator' | 'user';
  /** Whether the OS keychain is reachable (default present: with-keyring.sh; absent: without-keyring.sh). */
  keychain?: 'present' | 'absent';
  /**
   * The console's language setting. Default English, so specs read English whoever signs in (generated
   * users speak the service's five languages); 'account' follows the signed-in user's.
   */
  language?: 'account' | 'en' | 'es' | 'it' | 'ge' | 'fr';
}

/**
 * The core's log for one test: "[core] refresh … failed" is expected noise in specs that stop the service,
 * so only warnings and errors are kept, and the fixtures print them only when the test fails.
 */
export class TestLog {
  readonly lines: string[] = [];
  readonly logger: Logger = createLogger((level, line) => {
    if (level === 'warn' || level === 'error') this.lines.push(`${level}: ${line}`);
  });
}

export class ConsoleApp {
  #host: BrowserApp;
  #service: RunningService;
  #serviceOptions: ServiceOptions;
  #control: ControlClient;

  private constructor(
    service: RunningService,
    serviceOptions: ServiceOptions,
    host: BrowserApp,
    readonly dataDir: string,
    readonly serviceDir: string,
    readonly log: TestLog,
  ) {
    this.#host = host;
    this.#service = service;
    this.#serviceOptions = serviceOptions;
    this.#control = new ControlClient(service.baseUrl, service.controls.token ?? '');
  }

  get service(): RunningService {
    return this.#service;
  }

  get control(): ControlClient {
    return this.#control;
  }

  static async start(options: ConsoleAppOptions = {}): Promise<ConsoleApp> {
    await requireKeychain(options.keychain ?? 'present');
    const { startBrowserApp } = await loadBrowserHost();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-e2e-app-'));
    const serviceDir = await mkdtemp(path.join(tmpdir(), 'sc-e2e-service-'));
    const serviceOptions: ServiceOptions = {
      port: 0,
      seed: 42,
      devices: 250,
      consumerKey: DEMO.consumerKey,
      consumerSecret: DEMO.consumerSecret,
      adminEmail: DEMO.email,
      adminPassword: DEMO.password,
      control: true,
      dataDir: serviceDir,
      ...options.service,
    };
    const log = new TestLog();
    let service: RunningService | null = null;
    try {
      service = await startService(serviceOptions);
      const host = await startBrowserApp({
        rendererDir: await rendererSnapshot(),
        dataDir,
        defaults: demoDefaults(service),
        appVersion: packageVersion(),
        port: 0,
        logger: log.logger,
      });
      const app = new ConsoleApp(service, serviceOptions, host, dataDir, serviceDir, log);
      await app.invoke('settings:update', { language: options.language ?? 'en' });
      if (options.signedIn ?? true) {
        await app.signInThroughCore(options.as === 'user' ? app.#plainUserEmail() : DEMO.email);
        await app.settled();
      }
      return app;
    } catch (error) {
      await service?.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(serviceDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** The running core (several accounts: electron/core/accounts/accounts-core.ts), for what no page shows. */
  get core(): BrowserApp['core'] {
    return this.#host.core;
  }

  /** The one-time URL `npm start` prints; opening it trades the launch secret for the session cookie. */
  get launchUrl(): string {
    return this.#host.host.launchUrl;
  }

  get origin(): string {
    return this.#host.host.origin;
  }

  /** An IPC call exactly as the renderer's bridge makes it (validated by the contract's schemas). */
  async invoke<C extends InvokeChannel>(channel: C, payload: InvokeRequest<C>): Promise<InvokeResponse<C>> {
    const result = await dispatchInvoke(this.#host.core.handlers, channel, payload);
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
    return result.value as InvokeResponse<C>;
  }

  /** The account on screen watched whole for "goes offline or comes back", no quiet hours (as Settings sets it). */
  async watchAccount(): Promise<void> {
    await this.invoke('watch:set', {
      watches: [
        {
          id: 'all',
          target: { kind: 'account' },
          when: { offline: true, online: true, offlineLongerMinutes: null, busyLongerMinutes: null },
        },
      ],
      quietHours: null,
    });
  }

  /**
   * The PIN sign-in without the page: the core asks for a request token, the authorize form is posted as
   * the technician's browser would post it, and the PIN it shows goes back to the core. Specs other than
   * the sign-in spec start from here. `memoryOnly`: signed in for this run only (no keychain to keep it).
   */
  async signInThroughCore(
    email: string = DEMO.email,
    options: { memoryOnly?: boolean } = {},
  ): Promise<AccountInfo> {
    const { authorizeUrl: url } = await this.invoke('auth:begin', {
      baseUrl: this.service.baseUrl,
      consumerKey: DEMO.consumerKey,
      consumerSecret: '',
      ...(options.memoryOnly ? { memoryOnly: true } : {}),
    });
    // Every generated user shares the demo password (service/README.md).
    const pin = await approveOnAuthorizePage(url, email, DEMO.password);
    return this.invoke('auth:complete', { pin });
  }

  /**
   * Resolves once the core has loaded every dataset. The fixtures open the page only then: the browser
   * host does not replay events sent between the page's snapshot and its event stream attaching, so a
   * page opened mid-sync can miss the first device list for good (reported to the lead).
   */
  async settled(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { sync } = await this.invoke('app:snapshot', {});
      const datasets = Object.values(sync.datasets);
      if (!sync.progress && datasets.every((d) => d.fetchedAt !== null && !d.refreshing)) return;
      if (Date.now() > deadline) throw new Error(`the first sync did not finish: ${JSON.stringify(sync)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  #plainUserEmail(): string {
    const user = this.#service.store.listUsers().find((u) => u.role === 'user' && u.email);
    if (!user?.email) throw new Error('the generated account has no user without the administrator role');
    return user.email;
  }

  /** The service goes away (its state is saved in its data directory), as a network outage looks to the app. */
  async stopService(): Promise<void> {
    await this.#service.close();
  }

  /** The service comes back at the same address with the state it had (accounts, tokens, devices). */
  async restartService(): Promise<void> {
    this.#service = await startService({ ...this.#serviceOptions, port: this.#service.port });
    this.#control = new ControlClient(this.#service.baseUrl, this.#service.controls.token ?? '');
  }

  /** Stops the browser host (the app quits); the service keeps running. */
  async stopHost(): Promise<void> {
    await this.#host.close();
  }

  /**
   * Starts the app again on the same data directory, as a relaunch would; `samePort` as `npm start` does
   * (its fixed port 8471), so a tab of the earlier start reaches the new one.
   */
  async restartHost(options: { samePort?: boolean } = {}): Promise<void> {
    const { startBrowserApp } = await loadBrowserHost();
    const port = options.samePort ? this.#host.host.port : 0;
    this.#host = await startBrowserApp({
      rendererDir: await rendererSnapshot(),
      dataDir: this.dataDir,
      defaults: demoDefaults(this.service),
      appVersion: packageVersion(),
      port,
      logger: this.log.logger,
    });
  }

  async close(): Promise<void> {
    await this.#host.close().catch(() => undefined);
    await this.service.close();
    await rm(this.dataDir, { recursive: true, force: true });
    await rm(this.serviceDir, { recursive: true, force: true });
  }
}

function demoDefaults(service: RunningService): AppCoreDefaults {
  return {
    baseUrl: service.baseUrl,
    consumerKey: DEMO.consumerKey,
    consumerSecret: DEMO.consumerSecret,
    demoSignIn: { email: DEMO.email, password: DEMO.password },
  };
}

/** Posts the service's authorize form with the decision "approve" and returns the PIN the page shows. */
export async function approveOnAuthorizePage(url: string, email: string, password: string): Promise<string> {
  const page = new URL(url);
  const token = page.searchParams.get('oauth_token');
  if (!token) throw new Error(`no oauth_token in the authorize URL ${url}`);
  const answer = await fetch(new URL(page.pathname, page.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ oauth_token: token, email, password, decision: 'approve' }).toString(),
  });
  const html = await answer.text();
  const pin = /id="oauth-verifier">([^<]+)</.exec(html)?.[1];
  if (!pin) throw new Error(`the authorize page showed no PIN (status ${answer.status})`);
  return pin;
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}
