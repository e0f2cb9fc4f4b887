// Builds an AppCore over a FakeService and a FakeClock in a temp data dir, recording what it emits.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { vi } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import type { AppCore } from '../../../electron/core/app-core.js';
import type { AppCoreOptions } from '../../../electron/core/app-core-options.js';
import { createAppCore } from '../../../electron/core/app-core.js';
import { silentLogger } from '../../../electron/core/logger.js';
import type { CredentialVault } from '../../../electron/core/vault.js';
import { MemoryVault } from '../../../electron/core/vault.js';
import type {
  DataChange,
  InvokeChannel,
  InvokeResponse,
  IpcResult,
  MainEvents,
  SessionNotice,
  SyncState,
} from '../../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import type { SinceRows } from '../../../shared/status-history.js';
import { sinceAlone } from '../../../renderer/state/since-rows.js';
import { FakeClock, settle } from './fake-clock.js';
import { FakeService, fakePorts } from './fake-service.js';

export const BASE_URL = 'http://127.0.0.1:9/api';

export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'core-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Harness {
  core: AppCore;
  clock: FakeClock;
  service: FakeService;
  vault: CredentialVault;
  dataDir: string;
  events: Array<{ event: keyof MainEvents; payload: unknown }>;
  notices: SessionNotice[];
  opened: string[];
  /** The data changes sent, but those carrying the status history's since rows alone (see `sinceParts`). */
  changes(dataset?: string): DataChange[];
  /** The status history's since rows as the changes carried them (since-stream.ts), in order. */
  sinceParts(): SinceRows[];
  invoke<C extends InvokeChannel>(channel: C, payload?: unknown): Promise<IpcResult<InvokeResponse<C>>>;
  signIn(): Promise<void>;
  /** Lets the debounced offline-copy save fire and waits until its file is on disk (real I/O). */
  saveCache(): Promise<string>;
  /** A new core on the same data dir and vault: a restart of the app. */
  restart(): Promise<Harness>;
  dispose(): Promise<void>;
}

export interface HarnessOptions {
  dataDir?: string;
  vault?: CredentialVault;
  clock?: FakeClock;
  service?: FakeService;
  overrides?: Partial<AppCoreOptions>;
}

export async function makeHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = options.clock ?? new FakeClock();
  const service = options.service ?? new FakeService();
  const vault = options.vault ?? new MemoryVault();
  const dataDir = options.dataDir ?? tempDir().dir;
  const events: Harness['events'] = [];
  const notices: SessionNotice[] = [];
  const opened: string[] = [];
  const core = createAppCore({
    dataDir,
    host: 'browser',
    appVersion: '0.0.0-test',
    vault,
    clock,
    notify: (n) => notices.push(n),
    openExternal: async (url) => {
      opened.push(url);
      return true;
    },
    defaults: { baseUrl: BASE_URL, consumerKey: 'demo-console', consumerSecret: 'demo-secret' },
    services: fakePorts(service),
    decodeInWorker: false,
    random: () => 0.5,
    logger: silentLogger,
    cacheSaveDelayMs: 1_000,
    ...options.overrides,
  });
  core.subscribe((event, payload) => events.push({ event, payload }));
  await core.start();
  await settle();
  const h: Harness = {
    core,
    clock,
    service,
    vault,
    dataDir,
    events,
    notices,
    opened,
    changes: (dataset) =>
      events
        .filter((e) => e.event === 'data:change')
        .map((e) => e.payload as DataChange)
        .filter((c) => !sinceAlone(c) && (dataset === undefined || c.dataset === dataset)),
    sinceParts: () =>
      events.flatMap((e) =>
        e.event === 'data:change' ? [(e.payload as DataChange).since ?? []].flat() : [],
      ),
    invoke: <C extends InvokeChannel>(channel: C, payload: unknown = {}) =>
      dispatchInvoke(core.handlers, channel, payload) as Promise<IpcResult<InvokeResponse<C>>>,
    async signIn() {
      const begin = await h.invoke('auth:begin', {
        baseUrl: BASE_URL,
        consumerKey: 'demo-console',
        consumerSecret: '',
      });
      if (!begin.ok) throw new Error(`auth:begin failed: ${begin.error.message}`);
      const done = await h.invoke('auth:complete', { pin: '1234' });
      if (!done.ok) throw new Error(`auth:complete failed: ${done.error.message}`);
      await settle();
    },
    async saveCache() {
      await clock.advance(5_000);
      const root = path.join(dataDir, 'accounts');
      return vi.waitFor(
        () => {
          const [dir] = existsSync(root) ? readdirSync(root) : [];
          const file = dir ? path.join(root, dir, 'picture.json') : '';
          if (!file || !existsSync(file)) throw new Error('offline copy not written yet');
          return file;
        },
        { timeout: 5_000, interval: 10 },
      );
    },
    async restart() {
      await core.dispose();
      return makeHarness({ dataDir, vault, clock, service, overrides: options.overrides });
    },
    dispose: () => core.dispose(),
  };
  return h;
}

/**
 * The sync state as a renderer holds it after the events so far: the last whole `sync:state`, with the
 * `sync:dataset` parts sent after it applied on top.
 */
export function lastSyncState(events: Harness['events']): SyncState {
  let state: SyncState | undefined;
  for (const e of events) {
    if (e.event === 'sync:state') state = e.payload as SyncState;
    else if (e.event === 'sync:dataset' && state) {
      const { dataset, status } = e.payload as MainEvents['sync:dataset'];
      state = { ...state, datasets: { ...state.datasets, [dataset]: status } };
    }
  }
  return state as SyncState;
}
