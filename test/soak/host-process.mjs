// The browser host for the soak, alone in its own Node process, exactly as `npm start` runs it (the BUILT
// bundle in dist/host), so the soak can SIGKILL or SIGTERM it and start it again on the same data
// directory. SIGTERM closes the app as start-app.ts does (it saves its offline copy), SIGKILL does not.
//
// The clock step: a message { clockOffsetMs } moves this process's wall clock (Date.now and new Date())
// by that much, as an operating system's clock step would; timers keep their monotonic time, as they do
// when the system clock is stepped. Nothing in the app is told: that is the point.
//
// Messages out: { ready: true, launchUrl, origin } once listening, { counts } in answer to { counts: id }.
// Environment: SOAK_HOST_DIR, SOAK_RENDERER_DIR, SOAK_SERVICE_URL, SOAK_CONSUMER_KEY, SOAK_CONSUMER_SECRET,
// SOAK_CLOCK_OFFSET_MS (the step in effect at start).
/* global process, console */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

let offset = Number(process.env.SOAK_CLOCK_OFFSET_MS ?? 0) || 0;
const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
class SteppedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(realNow() + offset);
    else super(...args);
  }
  static now() {
    return realNow() + offset;
  }
}
globalThis.Date = SteppedDate;

const root = path.resolve(import.meta.dirname, '../..');
const built = (file) => pathToFileURL(path.join(root, 'dist/host', file)).href;
const [{ startBrowserApp }, { createLogger }] = await Promise.all([
  import(built('browser-host.js')),
  import(built('logger.js')),
]);

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const app = await startBrowserApp({
  rendererDir: env('SOAK_RENDERER_DIR'),
  dataDir: env('SOAK_HOST_DIR'),
  defaults: {
    baseUrl: env('SOAK_SERVICE_URL'),
    consumerKey: env('SOAK_CONSUMER_KEY'),
    consumerSecret: env('SOAK_CONSUMER_SECRET'),
  },
  appVersion: 'soak',
  port: 0,
  // Everything the core logs goes to the soak's log file, which the secrets check reads.
  logger: createLogger((level, line) => console.error(`[host] ${level}: ${line}`)),
});

let closing = false;
process.on('SIGTERM', () => {
  if (closing) return;
  closing = true;
  void app.close().finally(() => process.exit(0));
});
process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
process.on('message', (message) => {
  if (typeof message.clockOffsetMs === 'number') offset = message.clockOffsetMs;
  if (typeof message.counts === 'number') {
    // The witness of the offline copy: what the core holds, whole (the renderer gets it in parts); the
    // devices as their owner lists them.
    void app.core.snapshot().then(
      (snap) =>
        process.send({
          id: message.counts,
          ok: true,
          value: {
            devices: snap.data.devices.length,
            folders: snap.data.folders.length,
            sessions: snap.data.sessions.length,
            cacheSavedAt: snap.sync.cacheSavedAt,
            cacheNotice: snap.sync.cacheNotice,
            auth: snap.auth.status,
          },
        }),
      (error) => process.send({ id: message.counts, ok: false, error: String(error) }),
    );
  }
});
process.send({ ready: true, launchUrl: app.host.launchUrl, origin: app.host.origin });
