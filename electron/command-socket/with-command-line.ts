// Electron's core with the command socket around it: the glue starts and disposes what it is handed, so
// the socket opens once the core has started (a command then finds every account open) and closes before
// the core is disposed (no command runs against a core going away).

import type { HostedCore } from '../core-port.js';
import type { Logger } from '../core/logger.js';
import { serveCommandLine, type ConsoleAccounts } from './serve-console.js';
import type { CommandSocket } from './server.js';

export function withCommandLine(
  core: HostedCore & ConsoleAccounts,
  options: { dataDir: string; appVersion: string; logger: Logger },
): HostedCore {
  let socket: CommandSocket | null = null;
  return {
    handlers: core.handlers,
    subscribe: (sink) => core.subscribe(sink),
    snapshot: () => core.snapshot(),
    state: () => core.state(),
    rendererSnapshot: () => core.rendererSnapshot(),
    trayState: () => core.trayState(),
    onTrayStateChange: (listener) => core.onTrayStateChange(listener),
    setSuspended: (suspended) => core.setSuspended(suspended),
    refreshAll: () => core.refreshAll(),
    setWindowActivity: (activity) => core.setWindowActivity(activity),
    focusSession: (id, account) => core.focusSession(id, account),
    openTarget: (target) => core.openTarget(target),
    async start() {
      await core.start();
      socket = await serveCommandLine({ ...options, accounts: core });
    },
    async dispose() {
      await socket?.close();
      await core.dispose();
    },
  };
}
