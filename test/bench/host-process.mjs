// The browser host for the bench, alone in its own Node process, exactly as `npm start` runs it (the BUILT
// host bundle from dist/host, plain JavaScript so no TypeScript loader adds to its start-up time). Stalls of
// its main thread are measured here, inside it, so the bench's and Playwright's own work never count.
//
// It talks to the bench over the IPC channel: { id, cmd, ... } in, { id, ok, value | error } out. Commands:
//   invoke {channel, payload}  an IPC call as the renderer's bridge makes it
//   window:start               starts a measuring window: event-loop delay (1 ms resolution) and the bytes
//                              written to the renderer's event stream (heartbeat comments excluded)
//   window:stop                ends it: { maxStallMs, p99StallMs, eventBytes, events: names in order,
//                              cpuMs: the whole process's CPU time in it }
//   settled {timeoutMs}        resolves once the sync reports every dataset fetched and nothing under way
//   streams                    how many event streams pages have opened
//   rss                        this process's resident set in bytes
//   close                      quits the app (it saves its offline copy) and exits
// Environment: BENCH_DATA_DIR, BENCH_RENDERER_DIR, BENCH_SERVICE_URL, BENCH_CONSUMER_KEY, BENCH_CONSUMER_SECRET.
/* global process, console, Buffer, setTimeout, clearTimeout, setInterval, performance, URL */
import { ServerResponse } from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

// Diagnostics (BENCH_LONG_TASKS=ms): every top-level callback longer than that is logged with its kind.
if (process.env.BENCH_LONG_TASKS) {
  const { createHook } = await import('node:async_hooks');
  const limit = Number(process.env.BENCH_LONG_TASKS);
  const types = new Map();
  let depth = 0;
  let began = 0;
  let beganMono = 0n;
  let type = '';
  createHook({
    init(id, t) {
      types.set(id, t);
    },
    before(id) {
      if (depth++ === 0) {
        began = performance.now();
        beganMono = process.hrtime.bigint();
        type = types.get(id) ?? '?';
      }
    },
    after() {
      if (--depth === 0 && performance.now() - began > limit)
        console.error(
          // The monotonic start (µs) is the clock of a --cpu-prof profile's sample times.
          `[host] long task ${(performance.now() - began).toFixed(0)} ms (${type}) at ${beganMono / 1000n} µs`,
        );
    },
    destroy(id) {
      types.delete(id);
    },
  }).enable();
}

// Diagnostics (BENCH_STALLS=ms): every gap longer than that between ticks of a 1 ms timer, which is what
// monitorEventLoopDelay sees: one long callback, or many short ones the loop ran in one turn.
if (process.env.BENCH_STALLS) {
  const limit = BigInt(Number(process.env.BENCH_STALLS) * 1e6);
  // The main thread's own scheduler counts (/proc/self/task/<pid>/schedstat: ns on a CPU, ns waiting
  // for one): a stall the thread spent waiting was another process's or thread's CPU, not this one's work.
  const { readFileSync } = await import('node:fs');
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const sched = () => readFileSync(schedstat, 'utf8').split(' ').slice(0, 2).map(BigInt);
  let last = process.hrtime.bigint();
  let [ran, waited] = sched();
  setInterval(() => {
    const now = process.hrtime.bigint();
    const [r, w] = sched();
    if (now - last > limit)
      console.error(
        `[host] stall ${(now - last) / 1000000n} ms at ${last / 1000n} µs (monotonic, as --cpu-prof): ` +
          `on a CPU ${(r - ran) / 1000000n} ms, waiting for one ${(w - waited) / 1000000n} ms`,
      );
    last = now;
    ran = r;
    waited = w;
  }, 1).unref();
}

const root = path.resolve(import.meta.dirname, '../..');
const built = (file) => pathToFileURL(path.join(root, 'dist/host', file)).href;

let window = null;
let sampler = null;
/** Event streams opened by a page (each starts with its `retry:` line). */
let streams = 0;

// Counted where the bytes leave: every write to a response of GET /events while a window is open.
const write = ServerResponse.prototype.write;
ServerResponse.prototype.write = function (chunk, ...rest) {
  if (this.req?.url?.startsWith('/events')) {
    // Only the head is read as text and the size taken as it is: decoding a 2,000-device part's 600 KB
    // to a string (or scanning it) cost this thread 20-56 ms per first sync, counted as the host's stall.
    const head =
      typeof chunk === 'string'
        ? chunk.slice(0, 200)
        : Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(200, chunk.byteLength)).toString('utf8');
    if (head.startsWith('retry:')) streams += 1;
    if (window && !head.startsWith(':')) {
      window.eventBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
      // One event per write (event-stream.ts): its name is in the head.
      const named = head.slice(0, Math.max(0, head.indexOf('\ndata: ')) || 200);
      for (const m of named.matchAll(/^event: (.*)$/gm)) window.events.push(m[1]);
      // An event's data is the write after its name (event-stream.ts): a devices' change carrying only
      // "since" rows (since-stream.ts) is told apart from one of devices.
      if (head.startsWith('{"dataset":"devices"') && head.includes('"fetchedAt":null,"since":{'))
        window.events[window.events.length - 1] += ' (since)';
    }
  }
  return write.call(this, chunk, ...rest);
};

// Diagnostics (BENCH_HTTP_LOG=1): every request answered, with when it came and when it was answered (ms
// since this process started), to see what a page waited on.
if (process.env.BENCH_HTTP_LOG) {
  const end = ServerResponse.prototype.end;
  ServerResponse.prototype.end = function (...args) {
    const came = this.req?.benchCameAt;
    console.error(
      `[host] ${this.req?.url?.slice(0, 40)} came ${came?.toFixed(0)} answered ${performance.now().toFixed(0)}`,
    );
    return end.apply(this, args);
  };
  const { Server } = await import('node:http');
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (event, req, ...rest) {
    if (event === 'request') req.benchCameAt = performance.now();
    return emit.call(this, event, req, ...rest);
  };
}

const [{ startBrowserApp }, { createLogger }, { dispatchInvoke }] = await Promise.all([
  import(built('browser-host.js')),
  import(built('logger.js')),
  import(built('ipc-dispatch.js')),
]);

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

// The bench opens its page as soon as the host listens (`onListening`), as a window opened at once would;
// a command that comes before the app has started waits for it here.
let handle = null;
const early = [];
process.on('message', (message) => (handle ? handle(message) : early.push(message)));
const app = await startBrowserApp({
  rendererDir: env('BENCH_RENDERER_DIR'),
  dataDir: env('BENCH_DATA_DIR'),
  defaults: {
    baseUrl: env('BENCH_SERVICE_URL'),
    consumerKey: env('BENCH_CONSUMER_KEY'),
    consumerSecret: env('BENCH_CONSUMER_SECRET'),
  },
  appVersion: 'bench',
  port: 0,
  logger: createLogger((level, line) => {
    if (level === 'error') console.error(`[host] ${line}`);
  }),
  onListening: (launchUrl) => process.send({ ready: true, launchUrl, origin: new URL(launchUrl).origin }),
});

// The sync's own account of itself, as the renderer receives it (a reference kept, nothing copied).
let syncState = null;
const settledWaiters = new Set();
/** When the status history's since rows last went out: its recording of a sync, sent in parts. */
let historyMovedAt = 0;
const isSettled = (s) =>
  s !== null &&
  s.progress === null &&
  Object.values(s.datasets).every((d) => d.fetchedAt !== null && !d.refreshing);
// The sync state as a renderer folds it: a whole sync:state, then one dataset's status per sync:dataset.
app.core.subscribe((event, payload) => {
  if (event === 'data:change' && payload.since) historyMovedAt = Date.now();
  if (event === 'sync:state') syncState = payload;
  else if (event === 'sync:dataset' && syncState !== null)
    syncState = { ...syncState, datasets: { ...syncState.datasets, [payload.dataset]: payload.status } };
  else return;
  if (isSettled(syncState)) for (const resolve of settledWaiters) resolve();
});

const commands = {
  async invoke({ channel, payload }) {
    const result = await dispatchInvoke(app.core.handlers, channel, payload);
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
    return result.value ?? null;
  },
  async 'window:start'() {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    window = { delay, eventBytes: 0, events: [], cpu: process.cpuUsage() };
    if (process.env.BENCH_STALLS)
      console.error(`[host] window opens at ${process.hrtime.bigint() / 1000n} µs`);
    return null;
  },
  async 'window:stop'() {
    if (!window) throw new Error('no window is open');
    const { delay, eventBytes, events, cpu } = window;
    const used = process.cpuUsage(cpu);
    delay.disable();
    window = null;
    if (process.env.BENCH_STALLS)
      console.error(`[host] window closes at ${process.hrtime.bigint() / 1000n} µs`);
    return {
      maxStallMs: delay.max / 1e6,
      p99StallMs: delay.percentile(99) / 1e6,
      eventBytes,
      events,
      cpuMs: (used.user + used.system) / 1000,
    };
  },
  async settled({ timeoutMs }) {
    if (isSettled(syncState)) return null;
    await new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        settledWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        settledWaiters.delete(done);
        reject(new Error(`the sync did not settle in ${timeoutMs} ms: ${JSON.stringify(syncState)}`));
      }, timeoutMs);
      settledWaiters.add(done);
    });
    return null;
  },
  /**
   * Resolves once the status history's rows have gone out after `after` (ms since the epoch) and then not
   * for `quietMs`: the first sync's recording of 100,000 first sightings (sliced, its rows sent between
   * the slices), and the parts of rows sent behind it, are over.
   */
  async 'history-quiet'({ quietMs, timeoutMs, after = 0 }) {
    const deadline = Date.now() + timeoutMs;
    // Rows sent before `after` are an earlier recording's: quiet then is not this one done (at 300,000
    // devices the first comparison had not sent a row yet when the first sync's window closed).
    while (historyMovedAt < after || Date.now() - historyMovedAt < quietMs) {
      if (Date.now() > deadline) throw new Error(`the status history did not settle in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return null;
  },
  async streams() {
    return streams;
  },
  async rss() {
    return process.memoryUsage().rss;
  },
  /** Diagnostics: this thread's heap and the process's memory (the poll worker's heap is in rss only). */
  /** Diagnostics: a collection of this thread's heap ({ type: 'minor' | 'major' }), and how long it took. */
  async gc({ type }) {
    const { setFlagsFromString } = await import('node:v8');
    const { runInNewContext } = await import('node:vm');
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc');
    const began = performance.now();
    if (type === 'full') gc();
    else gc({ type });
    return performance.now() - began;
  },
  async memory() {
    const { getHeapStatistics, getHeapSpaceStatistics } = await import('node:v8');
    return { ...process.memoryUsage(), heap: getHeapStatistics(), spaces: getHeapSpaceStatistics() };
  },
  /** Diagnostics: writes this thread's heap snapshot to `file` (v8.writeHeapSnapshot). */
  async 'heap-snapshot'({ file }) {
    const { writeHeapSnapshot } = await import('node:v8');
    return writeHeapSnapshot(file);
  },
  /**
   * Diagnostics: samples this thread's allocations, those collected since included, so garbage shows where
   * it is made (HeapProfiler sampling; the poll worker's are not in it). `survivors`: only those that
   * outlived a young collection.
   */
  async 'alloc-sampling:start'({ survivors = false } = {}) {
    const { Session } = await import('node:inspector');
    sampler = new Session();
    sampler.connect();
    const post = (method, params) =>
      new Promise((resolve, reject) => sampler.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
    sampler.postAsync = post;
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      // survivors: what a young collection found dead is left out, so what it had to copy or promote
      // (and what grows the young generation) shows where it is made.
      includeObjectsCollectedByMinorGC: !survivors,
    });
    return null;
  },
  /** Diagnostics: stops the sampling and writes its profile (a .heapprofile) to `file`. */
  async 'alloc-sampling:stop'({ file }) {
    if (!sampler) throw new Error('no allocation sampling is running');
    const { profile } = await sampler.postAsync('HeapProfiler.stopSampling');
    sampler.disconnect();
    sampler = null;
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, JSON.stringify(profile));
    return file;
  },
  async close() {
    await app.close();
    setTimeout(() => process.exit(0), 0);
    return null;
  },
};

handle = (message) => {
  const { id, cmd, ...args } = message;
  const run = commands[cmd];
  Promise.resolve()
    .then(() => (run ? run(args) : Promise.reject(new Error(`unknown command ${cmd}`))))
    .then(
      (value) => process.send({ id, ok: true, value }),
      (error) => process.send({ id, ok: false, error: String(error?.stack ?? error) }),
    );
};
for (const message of early.splice(0)) handle(message);
process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
