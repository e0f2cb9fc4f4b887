// The browser host as a whole: the application core in this Node process, served to a browser on
// 127.0.0.1. `npm start` uses it where no Electron binary exists; tests and the Chromium end-to-end suite
// start it the same way.

import { acquireAccountLock } from '../core/account-lock.js';
import { createAccountsCore } from '../core/accounts/accounts-core.js';
import type { AppCore } from '../core/app-core.js';
import type { AppCoreDefaults } from '../core/app-core-options.js';
import { KeyringVault } from '../core/keyring-vault.js';
import type { Logger } from '../core/logger.js';
import { prepareOwnDirs } from '../core/store/data-dirs.js';
import type { CredentialVault } from '../core/vault.js';
import type { BrowserHost } from './server.js';
import { startBrowserHost } from './server.js';
import { loadInvokeSchemas } from '../../shared/ipc/dispatch.js';

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
}

export interface BrowserApp {
  core: AppCore;
  host: BrowserHost;
  close(): Promise<void>;
}

export async function startBrowserApp(options: BrowserAppOptions): Promise<BrowserApp> {
  let host: BrowserHost | null = null;
  await prepareOwnDirs(options.dataDir);
  // One writer per account's files: a command-line run that holds them makes this throw AccountLockHeld.
  const lock = acquireAccountLock(options.dataDir, 'console');
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
  try {
    host = await startBrowserHost({
      core,
      rendererDir: options.rendererDir,
      port: options.port ?? 0,
      ...(options.launchSecret ? { launchSecret: options.launchSecret } : {}),
    });
    await core.start();
    // Before the page's first request comes (it is still loading the renderer): see loadInvokeSchemas.
    void loadInvokeSchemas();
  } catch (error) {
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
      await running.close();
      await core.dispose();
      lock.release();
    },
  };
}
