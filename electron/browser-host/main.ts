// The browser host as a whole: the application core in this Node process, served to a browser on
// 127.0.0.1. `npm start` uses it where no Electron binary exists; tests and the Chromium end-to-end suite
// start it the same way.

import { mkdir } from 'node:fs/promises';
import { waitForAccountLock } from '../core/account-lock.js';
import { createAccountsCore } from '../core/accounts/accounts-core.js';
import type { AppCore } from '../core/app-core.js';
import type { AppCoreDefaults } from '../core/app-core-options.js';
import { KeyringVault } from '../core/keyring-vault.js';
import { createLogger, type Logger } from '../core/logger.js';
import { prepareOwnDirs } from '../core/store/data-dirs.js';
import type { CredentialVault } from '../core/vault.js';
import type { BrowserHost } from './server.js';
import { startBrowserHost } from './server.js';
import { loadInvokeSchemas } from '../../shared/ipc/dispatch.js';
import { serveCommandLine } from '../command-socket/serve-console.js';
import type { CommandSocket } from '../command-socket/server.js';

export interface BrowserAppOptions {
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** Settings, account record and offline cache. */
  dataDir: string;
  defaults: AppCoreDefaults;
  appVersion: string;
  /** 0: any free port. */
  port?: number;
  /** Default: the OS keychain. */
  vault?: CredentialVault;
  launchSecret?: string;
  /** Default: the core's own logger (stdout/stderr). Tests pass a quiet one. */
  logger?: Logger;
  /**
   * Called as soon as the host listens, before the core has read its copy: a page opened then loads and
   * compiles its code meanwhile (about 200 ms at 100,000 devices), and its calls wait for the core.
   */
  onListening?: (launchUrl: string) => void;
}

export interface BrowserApp {
  core: AppCore;
  host: BrowserHost;
  close(): Promise<void>;
}

export async function startBrowserApp(options: BrowserAppOptions): Promise<BrowserApp> {
  let host: BrowserHost | null = null;
  let commandSocket: CommandSocket | null = null;
  const logger = options.logger ?? createLogger();
  // One writer per account's files: a command-line run that holds them is waited for (it ends by itself);
  // another console holding them makes this throw AccountLockHeld.
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const lock = await waitForAccountLock(options.dataDir, 'console', (holder) =>
    logger.info('Waiting for a support-console command to finish with the account', { pid: holder.pid }),
  );
  // Under the lock: the temp files it sweeps are no live command's.
  await prepareOwnDirs(options.dataDir);
  // One core per account, behind one core's face (electron/core/accounts/accounts-core.ts).
  const core = createAccountsCore({
    dataDir: options.dataDir,
    host: 'browser',
    appVersion: options.appVersion,
    vault: options.vault ?? new KeyringVault(),
    // No openExternal: the technician is in a browser already; the renderer shows the link to open.
    notify: (notice) => host?.notify(notice),
    defaults: options.defaults,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  let started = (): void => undefined;
  let failed = (_error: unknown): void => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  // A failed start closes the host below; a request still waiting then ends with it.
  ready.catch(() => undefined);
  try {
    host = await startBrowserHost({
      core,
      rendererDir: options.rendererDir,
      port: options.port ?? 0,
      ready,
      ...(options.launchSecret ? { launchSecret: options.launchSecret } : {}),
    });
    options.onListening?.(host.launchUrl);
    // While a page opened now is still loading the renderer, before its first call: see loadInvokeSchemas.
    void loadInvokeSchemas();
    await core.start();
    started();
    // From now on a support-console command finds the lock held and sends its command here.
    commandSocket = await serveCommandLine({
      dataDir: options.dataDir,
      appVersion: options.appVersion,
      accounts: core,
      logger,
    });
  } catch (error) {
    failed(error);
    await commandSocket?.close();
    await host?.close();
    await core.dispose();
    lock.release();
    throw error;
  }
  const running = host;
  return {
    core,
    host: running,
    async close() {
      await commandSocket?.close();
      await running.close();
      await core.dispose();
      lock.release();
    },
  };
}
