// When and from where the installed app looks for updates; the Electron side (glue/updater.ts) only does
// what this decides, through electron-updater. A technician's console that is installed once and never
// updated is a security problem, so a packaged app checks at start and then daily, downloads in the
// background and asks before restarting. Off in development (nothing installed to replace) and in the
// browser host (it is `npm start` from a checkout, updated with git).
//
// The feed is electron-builder's "generic" provider: a plain HTTPS folder holding latest.yml (Windows),
// latest-mac.yml and latest-linux.yml next to the installers. Its address is fixed when packaging
// (SUPPORT_CONSOLE_UPDATE_URL, else DEFAULT_UPDATE_FEED_URL) and written into the packaged package.json;
// an administrator can point one installation elsewhere with the same variable at run time.

import path from 'node:path';
import type { HostKind, UpdateStatus } from '../../shared/ipc/contract.js';
import type { Clock, TimerHandle } from './clock.js';
import { isoAt } from './clock.js';
import type { Logger } from './logger.js';
import { updateCheckFile } from './store/files.js';
import { loadStored, saveStored } from './store/stored-file.js';

export const UPDATE_FEED_ENV = 'SUPPORT_CONSOLE_UPDATE_URL';
/** Where our own builds publish; a fork sets SUPPORT_CONSOLE_UPDATE_URL when packaging. */
export const DEFAULT_UPDATE_FEED_URL = 'https://updates.support-console.example.com/stable/';
/** The key of the packaged package.json that carries the feed chosen when packaging. */
export const PACKAGED_FEED_KEY = 'updateFeedUrl';
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** After a failed check (offline at start, the feed down): sooner than tomorrow. */
export const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;

export type UpdatesOffReason = NonNullable<UpdateStatus['off']>;

export interface UpdateConfig {
  feedUrl: string | null;
  /** null: updates are on. */
  off: UpdatesOffReason | null;
}

export type UpdateCheckOutcome =
  | { outcome: 'up-to-date'; version: string | null }
  | { outcome: 'downloading'; version: string }
  | { outcome: 'downloaded'; version: string }
  | { outcome: 'failed'; stage: 'check' | 'update'; message: string };

export type LastUpdateCheck = NonNullable<UpdateStatus['lastCheck']>;

/**
 * The feed must be HTTPS: the update's own signature is checked only on Windows and macOS, and the feed's
 * latest.yml names the file and its hash. Plain HTTP is accepted on this machine only, for testing.
 */
export function feedUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `The update feed "${url}" is not a URL.`;
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback)) return null;
  return `The update feed must be an https:// address (got ${parsed.protocol}//${parsed.host}).`;
}

/** The feed electron-builder publishes to and writes into the packaged package.json. */
export function packagingFeedUrl(env: Record<string, string | undefined>): string {
  const url = env[UPDATE_FEED_ENV]?.trim() || DEFAULT_UPDATE_FEED_URL;
  const problem = feedUrlProblem(url);
  if (problem) throw new Error(`${problem} Set ${UPDATE_FEED_ENV} to the https:// folder of latest.yml.`);
  return url;
}

export function resolveUpdateConfig(input: {
  host: HostKind;
  packaged: boolean;
  env: Record<string, string | undefined>;
  /** From the packaged package.json; null when absent. */
  packagedFeedUrl: string | null;
}): UpdateConfig {
  if (input.host === 'browser') return { feedUrl: null, off: 'browser-host' };
  const feedUrl = input.env[UPDATE_FEED_ENV]?.trim() || input.packagedFeedUrl || null;
  if (!input.packaged) return { feedUrl, off: 'development' };
  if (!feedUrl || feedUrlProblem(feedUrl)) return { feedUrl, off: 'no-feed' };
  return { feedUrl, off: null };
}

/** The last check, kept in the data directory so Settings can show it after a restart. */
export class LastCheckStore {
  readonly #file: string;
  readonly #log: Logger | undefined;
  constructor(dataDir: string, logger?: Logger) {
    this.#file = path.join(dataDir, 'update-check.json');
    this.#log = logger;
  }

  async load(): Promise<LastUpdateCheck | null> {
    const loaded = await loadStored(this.#file, updateCheckFile, this.#log ? { logger: this.#log } : {});
    return loaded.status === 'loaded' ? loaded.value.check : null;
  }

  async save(check: LastUpdateCheck): Promise<void> {
    await saveStored(this.#file, updateCheckFile, { check });
  }
}

export interface UpdateSchedulerOptions {
  config: UpdateConfig;
  /** Asks the feed (electron-updater); resolves to what it found. Never called when updates are off. */
  check: () => Promise<UpdateCheckOutcome>;
  store: LastCheckStore;
  clock: Clock;
  logger: Logger;
  intervalMs?: number;
}

/** What Settings shows (the contract's 'updates:status'). */
export type UpdateStatusView = UpdateStatus;

/**
 * Checks at start, then daily (an hour after a failure). Timers do not run while a laptop sleeps, so the
 * glue calls resumed() on wake: a check that fell due meanwhile runs then. One check at a time; every
 * outcome is recorded.
 */
export class UpdateScheduler {
  readonly #o: UpdateSchedulerOptions;
  readonly #interval: number;
  #timer: TimerHandle | null = null;
  #running: Promise<void> | null = null;
  #last: LastUpdateCheck | null = null;
  #loaded: Promise<void>;
  #stopped = false;

  constructor(options: UpdateSchedulerOptions) {
    this.#o = options;
    this.#interval = options.intervalMs ?? CHECK_INTERVAL_MS;
    this.#loaded = options.store.load().then((last) => {
      this.#last = last;
    });
  }

  get enabled(): boolean {
    return this.#o.config.off === null;
  }

  /** Starts the checks (no-op when updates are off). */
  start(): void {
    if (!this.enabled || this.#stopped) return;
    void this.checkNow();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== null) this.#o.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  async status(): Promise<UpdateStatusView> {
    await this.#loaded;
    return { feedUrl: this.#o.config.feedUrl, off: this.#o.config.off, lastCheck: this.#last };
  }

  /** A download that finished after its check: recorded so Settings says an update waits for a restart. */
  async record(outcome: UpdateCheckOutcome): Promise<void> {
    await this.#loaded;
    this.#last = { ...outcome, at: isoAt(this.#o.clock.now()) };
    await this.#o.store.save(this.#last).catch((error: unknown) => {
      this.#o.logger.warn('could not save the last update check', { error: String(error) });
    });
  }

  /** Resolves when no check is running (tests; a quit that wants the record written). */
  async idle(): Promise<void> {
    await this.#loaded;
    while (this.#running) await this.#running;
  }

  /** The computer woke up: check if the next check fell due while it slept. */
  resumed(): void {
    if (!this.enabled || this.#stopped || this.#running) return;
    const last = this.#last ? Date.parse(this.#last.at) : -Infinity;
    if (this.#o.clock.now() - last >= this.#delayAfter(this.#last)) void this.checkNow();
  }

  checkNow(): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    this.#running ??= this.#run().finally(() => {
      this.#running = null;
      this.#schedule();
    });
    return this.#running;
  }

  async #run(): Promise<void> {
    await this.#loaded;
    let outcome: UpdateCheckOutcome;
    try {
      outcome = await this.#o.check();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { outcome: 'failed', stage: 'check', message: message.slice(0, 300) };
    }
    if (outcome.outcome === 'failed')
      this.#o.logger.warn('update check failed', { message: outcome.message });
    await this.record(outcome);
  }

  #schedule(): void {
    if (this.#stopped) return;
    if (this.#timer !== null) this.#o.clock.clearTimeout(this.#timer);
    this.#timer = this.#o.clock.setTimeout(() => {
      this.#timer = null;
      void this.checkNow();
    }, this.#delayAfter(this.#last));
  }

  #delayAfter(last: LastUpdateCheck | null): number {
    return last?.outcome === 'failed' ? Math.min(RETRY_AFTER_FAILURE_MS, this.#interval) : this.#interval;
  }
}
