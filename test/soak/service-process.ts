// The stand-in service for the soak, in a process of its own so the soak can SIGKILL it and start it again
// on the same data directory (its journal and state file are what survive). Started by children.ts with an
// IPC channel: answers { port } once listening, then { id, cmd } → { id, ok, value | error }:
//   state   what the service holds: folders, sessions, and each device's folder and alias (the witness)
//   tokens  the access tokens and secrets it issued (to look for them where they must not be)
// Environment: SOAK_SERVICE_DIR, SOAK_DEVICES.
import { SERVICE_DEFAULTS, startService } from '../../service/server.js';

const dataDir = process.env.SOAK_SERVICE_DIR;
const devices = Number(process.env.SOAK_DEVICES);
if (!dataDir) throw new Error('SOAK_SERVICE_DIR is not set');
if (!Number.isInteger(devices) || devices < 1) throw new Error('SOAK_DEVICES must be a positive integer');

const service = await startService({
  port: 0,
  seed: 42,
  devices,
  dataDir,
  consumerKey: SERVICE_DEFAULTS.consumerKey,
  consumerSecret: SERVICE_DEFAULTS.consumerSecret,
  adminEmail: SERVICE_DEFAULTS.adminEmail,
  adminPassword: SERVICE_DEFAULTS.adminPassword,
  control: true,
  // Statuses change as in the demo, so the console's status history has something to record.
  simulate: true,
  log: (line) => console.error(`[service] ${line}`),
});

const commands: Record<string, () => unknown> = {
  state() {
    const state = service.store.snapshot();
    return {
      folders: state.folders.map((f) => ({ id: f.id, name: f.name, parentId: f.parentId })),
      sessions: state.sessions.map((s) => ({ id: s.id, customer: s.customer, state: s.state })),
      devices: state.devices.map((d) => [d.id, d.folderId ?? null, d.alias ?? ''] as const),
    };
  },
  tokens() {
    const snapshot = service.provider.snapshot() as {
      accessTokens: Array<{ token: string; secret: string }>;
    };
    return snapshot.accessTokens.map((t) => ({ token: t.token, secret: t.secret }));
  },
};

process.on('message', (message: { id: number; cmd: string }) => {
  const run = commands[message.cmd];
  try {
    if (!run) throw new Error(`unknown command ${message.cmd}`);
    process.send?.({ id: message.id, ok: true, value: run() });
  } catch (error) {
    process.send?.({ id: message.id, ok: false, error: String(error) });
  }
});
process.on('disconnect', () => void service.close().finally(() => process.exit(0)));
process.on('SIGTERM', () => void service.close().finally(() => process.exit(0)));
process.send?.({ port: service.port });
