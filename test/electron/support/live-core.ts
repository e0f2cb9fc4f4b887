// An AppCore against the running stand-in service (service/, in-process on 127.0.0.1), with the real
// token flow, ServiceClient and signer: what core-live and core-service tests share. The core's timers
// run on a FakeClock started at real time (signatures carry real timestamps), so polls and backoff happen
// when a test moves time; HTTP is real.
import { createAppCore, type AppCore } from '../../../electron/core/app-core.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { MemoryVault } from '../../../electron/core/vault.js';
import type {
  DataChange,
  InvokeChannel,
  InvokeResponse,
  IpcResult,
  SessionNotice,
} from '../../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import type { Harness as ServiceHarness } from '../../service/support/service-harness.js';
import { ADMIN, CONSUMER, approveOnAuthorizePage } from '../../service/support/service-harness.js';
import { tempDir } from './core-harness.js';
import { FakeClock } from './fake-clock.js';

export interface LiveRun {
  core: AppCore;
  clock: FakeClock;
  vault: MemoryVault;
  dataDir: string;
  changes: DataChange[];
  notices: SessionNotice[];
  /** URLs the core asked the system browser to open. */
  opened: string[];
  invoke<C extends InvokeChannel>(channel: C, payload?: unknown): Promise<IpcResult<InvokeResponse<C>>>;
}

export interface LaunchOptions {
  dataDir?: string;
  vault?: MemoryVault;
  clock?: FakeClock;
}

/** Launches cores against the service `service()` returns; `disposeAll` after each test. */
export function liveCores(service: () => ServiceHarness) {
  const runs: LiveRun[] = [];
  const dirs: Array<() => void> = [];

  async function launch(options: LaunchOptions = {}): Promise<LiveRun> {
    const vault = options.vault ?? new MemoryVault();
    const clock = options.clock ?? new FakeClock(Date.now());
    let dataDir = options.dataDir;
    if (!dataDir) {
      const temp = tempDir();
      dirs.push(temp.remove);
      dataDir = temp.dir;
    }
    const changes: DataChange[] = [];
    const notices: SessionNotice[] = [];
    const opened: string[] = [];
    const core = createAppCore({
      dataDir,
      host: 'browser',
      appVersion: 'test',
      vault,
      clock,
      notify: (n) => notices.push(n),
      openExternal: async (url) => {
        opened.push(url);
        return true;
      },
      defaults: {
        baseUrl: service().service.baseUrl,
        consumerKey: CONSUMER.key,
        consumerSecret: CONSUMER.secret,
      },
      random: () => 0.5,
      logger: silentLogger,
      cacheSaveDelayMs: 1_000,
    });
    core.subscribe((event, payload) => {
      if (event === 'data:change') changes.push(payload as DataChange);
    });
    await core.start();
    const run: LiveRun = {
      core,
      clock,
      vault,
      dataDir,
      changes,
      notices,
      opened,
      invoke: (channel, payload = {}) =>
        dispatchInvoke(core.handlers, channel, payload) as Promise<IpcResult<InvokeResponse<typeof channel>>>,
    };
    runs.push(run);
    return run;
  }

  /**
   * The PIN flow as a technician walks it: the core opens the authorize page in the system browser, the
   * technician approves there and types the PIN; then a first sync.
   */
  async function signIn(run: LiveRun): Promise<void> {
    const baseUrl = service().service.baseUrl;
    const begin = await run.invoke('auth:begin', { baseUrl, consumerKey: CONSUMER.key, consumerSecret: '' });
    if (!begin.ok) throw new Error(begin.error.message);
    if (!begin.value.opened || run.opened.at(-1) !== begin.value.authorizeUrl) {
      throw new Error('the core did not open the authorize page in the system browser');
    }
    const token = new URL(begin.value.authorizeUrl).searchParams.get('oauth_token') ?? '';
    const pin = await approveOnAuthorizePage(baseUrl, token, ADMIN.email, ADMIN.password);
    const done = await run.invoke('auth:complete', { pin });
    if (!done.ok) throw new Error(done.error.message);
    await run.invoke('sync:refresh', {});
  }

  async function disposeAll(): Promise<void> {
    for (const r of runs.splice(0)) await r.core.dispose();
  }

  function removeDirs(): void {
    for (const remove of dirs.splice(0)) remove();
  }

  return { launch, signIn, disposeAll, removeDirs };
}
