// The stand-in service for the bench, in a process of its own: generating and encoding 100,000 devices
// must not run on the bench's event loop nor on the host's. No simulator: an idle poll must find nothing
// changed, and the delta scenario changes exactly what it says through the control API.
// Started by processes.ts with an IPC channel; answers { baseUrl, controlToken } once listening.
import { SERVICE_DEFAULTS, startService } from '../../service/server.js';

const devices = Number(process.env.BENCH_DEVICES);
if (!Number.isInteger(devices) || devices < 1) throw new Error('BENCH_DEVICES must be a positive integer');

const service = await startService({
  port: 0,
  // A second account (two_accounts_100k_memory_mb) gets other data: another seed.
  seed: Number(process.env.BENCH_SEED ?? 42),
  devices,
  consumerKey: SERVICE_DEFAULTS.consumerKey,
  consumerSecret: SERVICE_DEFAULTS.consumerSecret,
  adminEmail: SERVICE_DEFAULTS.adminEmail,
  adminPassword: SERVICE_DEFAULTS.adminPassword,
  control: true,
  simulate: false,
});
process.send?.({ baseUrl: service.baseUrl, controlToken: service.controls.token });
process.on('disconnect', () => void service.close().finally(() => process.exit(0)));
