// What a host gives createAppCore (app-core.ts): where the data lives, the keychain, how to notify, and
// the seams the tests replace (clock, fetch, service ports, randomness, the worker).

import type { HostKind, SessionNotice, UpdateStatus } from '../../shared/ipc/contract.js';
import type { StatusNotice } from '../../shared/status-history.js';
import type { SignInConfig } from './account-session.js';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';
import type { ServicePorts } from './service-ports.js';
import type { CredentialVault } from './vault.js';

export type AppCoreDefaults = SignInConfig;

export interface AppCoreOptions {
  /** Where the account record, settings, notified sessions and the offline cache live. */
  dataDir: string;
  host: HostKind;
  appVersion: string;
  /** The OS keychain (KeyringVault) normally; anything implementing CredentialVault in tests. */
  vault: CredentialVault;
  /**
   * The name of another account of this console already signed in as this user of this service, or
   * null. Such a sign-in is refused: both would share one keychain entry (vaultAccount), and removing
   * either would delete the other's credentials. Absent: a console of one account.
   */
  signInTakenBy?: (baseUrl: string, userId: string) => string | null;
  /** Opens a URL in the system browser; resolves whether it did. Absent: the renderer offers a link. */
  openExternal?: (url: string) => Promise<boolean>;
  /** A batched session notice to show (native notification, in-page notice). */
  notify: (notice: SessionNotice) => void;
  /** Status alerts of one poll (issue 11), besides the in-window notice every host gets as an event. */
  notifyStatus?: (notice: StatusNotice) => void;
  clock?: Clock;
  defaults: AppCoreDefaults;
  /** The fetch the service client and the token flow use (default: global fetch). */
  fetch?: typeof fetch;
  /** Token flow and service client; default: the real ones of shared/oauth and shared/client. */
  services?: ServicePorts;
  /** Poll, decode and diff the devices in a worker thread (default true); false: in this thread. */
  decodeInWorker?: boolean;
  /** Open a large offline copy by its first screen (default true; cache-keeper.ts). */
  firstScreen?: boolean;
  /** Open the status history at its first use, not at sign-in (the command line; status-keeper.ts). */
  historyOnDemand?: boolean;
  /** Randomness of the backoff jitter (tests pin it). */
  random?: () => number;
  logger?: Logger;
  /** Delay before the offline copy is written after a change (default 3 s). */
  cacheSaveDelayMs?: number;
  /** The Electron host's updater (glue/updater.ts); absent: updates are off for this host. */
  updateStatus?: () => Promise<UpdateStatus>;
}
