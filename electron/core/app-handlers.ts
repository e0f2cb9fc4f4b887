// The application's own channels: the snapshot, sign-in, refresh, settings, the service's pages, window
// activity and updates. The composing core (app-core.ts) adds the feature channels beside them.

import { fail } from '../../shared/errors.js';
import type { AppSnapshot, HostKind, UpdateStatus } from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import type { ServiceHandlers } from '../../shared/ipc/services.js';
import { writeBlockError } from '../../shared/write-guard.js';
import type { AccountSession } from './account-session.js';
import type { AppSettings } from './app-settings.js';
import type { Cancellations } from './cancellations.js';
import type { SyncEngine } from './sync-engine.js';

export interface AppHandlerDeps {
  host: HostKind;
  session: AccountSession;
  settings: AppSettings;
  engine: () => SyncEngine | null;
  rendererSnapshot: () => Promise<AppSnapshot>;
  /** Resolves once the account being entered is wholly open (AccountLifecycle.opened). */
  opened: () => Promise<void>;
  setWindowActivity: (activity: { visible: boolean; focused: boolean }) => void;
  /** The Electron host's updater; absent: updates are off for this host. */
  updateStatus?: () => Promise<UpdateStatus>;
  /** The long calls under way that app:cancel may stop (a history export, a bulk start). */
  cancellations: Cancellations;
}

/** The application's services: the app itself, sign-in, sync and settings (the compiler asks for each call). */
export function appHandlers(d: AppHandlerDeps): ServiceHandlers<'app' | 'auth' | 'sync' | 'settings'> {
  return {
    'app:snapshot': async () => d.rendererSnapshot(),
    'app:cancel': async ({ callId }) => ({ cancelled: d.cancellations.cancel(callId) }),
    'auth:begin': (p) => d.session.begin(p),
    'auth:complete': (p) => d.session.complete(p.pin),
    'auth:cancel': async () => d.session.cancel(),
    'auth:sign-out': () => d.session.signOut(),
    'sync:refresh': async (p) => {
      await d.opened();
      const engine = d.engine();
      if (!engine?.running) fail(writeBlockError('signed-out', null));
      await engine.refresh(p.datasets ?? DATASET_NAMES);
    },
    'shell:open-external': ({ url }) => d.session.openServicePage(url),
    'settings:update': (p) => d.settings.update(p),
    'notifications:pause': ({ minutes }) => d.settings.pause(minutes),
    'window:activity': async (p) => d.setWindowActivity(p),
    'updates:status': async () =>
      (await d.updateStatus?.()) ?? {
        feedUrl: null,
        off: d.host === 'browser' ? 'browser-host' : 'development',
        lastCheck: null,
      },
  };
}
