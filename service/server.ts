// Over 400 lines on purpose: the one place the stand-in service's parts are wired to each other and to HTTP;
// each part (store, OAuth provider, simulator, persistence, routes) already lives in its own module.
// startService(): the whole stand-in service in-process: account store, OAuth provider, simulator,
// persistence and the HTTP server. Tests start it on 127.0.0.1 with port 0; the CLI and `npm start` use it
// too.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AccountState } from './domain/account-state.js';
import { AccountStore } from './domain/account-store.js';
import { ServiceClock } from './domain/clock.js';
import { Outbox } from './domain/outbox.js';
import { generateAccount } from './domain/seed.js';
import { ScenarioPlayer } from './domain/scenarios.js';
import { Simulator } from './domain/simulator.js';
import { createRequestListener } from './http/app.js';
import type { ControlContext } from './http/control.js';
import { DEFAULT_MAX_BODY_BYTES } from './http/body.js';
import { DeviceListCache } from './http/device-list-cache.js';
import { COMPRESS_MIN_BYTES, GzipCache } from './http/compression.js';
import { FaultInjector } from './http/faults.js';
import type { OAuthGate } from './http/oauth-gate.js';
import { ChangeJournal } from './durability.js';
import { applyJournal, Journal, journalIndexes, readJournal } from './journal.js';
import { NonceFile, readNonceFile } from './nonce-file.js';
import { NonceStore, OAuthProvider, type RateLimit } from './oauth/index.js';
import { loadState, removeStaleTempFiles, saveStateSync, StateFileError, StateSaver } from './persistence.js';

export const SERVICE_DEFAULTS = {
  host: '127.0.0.1',
  port: 8470,
  devices: 250,
  seed: 42,
  consumerKey: 'demo-console',
  consumerSecret: 'demo-console-secret',
  consumerName: 'Support Console',
  adminEmail: 'admin@example.com',
  adminPassword: 'demo-password',
} as const;

export interface ServiceOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (an ephemeral port); the CLI defaults to 8470. */
  port?: number;
  /** Devices of the generated account (default 250). Ignored when a data directory holds a saved state. */
  devices?: number;
  /** Seed of the generated account and of the simulator (default 42). */
  seed?: number;
  consumerKey?: string;
  consumerSecret?: string;
  /** E-mail and password of user 1, an administrator. */
  adminEmail?: string;
  adminPassword?: string;
  /**
   * Password of every other generated user (default: the admin password), so a demo or a test can sign in
   * as a non-administrator too.
   */
  userPassword?: string;
  /** With a data directory the state is loaded from and saved to it; in memory otherwise. */
  dataDir?: string;
  /** Demo/test mode: turns on the control API under /_control/. */
  control?: boolean;
  /** The control token (default: 32 random bytes, base64url, per launch). */
  controlToken?: string;
  /** The service clock (default: real time). */
  clock?: ServiceClock;
  /** Runs the simulator on a real timer (default false: ticks only through the control API). */
  simulate?: boolean;
  simulatorIntervalMs?: number;
  simulatorChurn?: number;
  /** Plays the demo's status stories (a flapping device, a site outage, a long-offline device) at start. */
  demoScenarios?: boolean;
  maxBodyBytes?: number;
  /** Debounce of state writes in ms (default 200 ms plus 1 ms per 20 devices, at most 10 s). */
  saveDebounceMs?: number;
  /** Signed requests remembered for replay protection at once (default 1,000,000); past it, 503. */
  maxNonces?: number;
  /** Request tokens per consumer key (default 30 at once, 30 a minute); past it, 429 with Retry-After. */
  requestTokenLimit?: RateLimit;
  /** Access and error log lines (default: none). Never given secrets. */
  log?: (line: string) => void;
}

export interface ServiceControls {
  /** The X-Control-Token value, or null when the control API is off. */
  token: string | null;
  simulator: Simulator;
  faults: FaultInjector;
  /** Writes the state file now (no-op without a data directory). */
  flush(): Promise<void>;
}

export interface RunningService {
  baseUrl: string;
  port: number;
  /** The application the provider accepts (after a restart too: the configured one, never a saved one). */
  consumer: { key: string; secret: string };
  /** The administrator's sign-in in effect: user 1's e-mail in the store and the configured password. */
  admin: { email: string; password: string };
  /** True when the account came from the data directory (then `devices` and `seed` did not shape it). */
  restored: boolean;
  store: AccountStore;
  provider: OAuthProvider;
  clock: ServiceClock;
  outbox: Outbox;
  controls: ServiceControls;
  close(): Promise<void>;
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

function passwordMatches(expected: string, given: string): boolean {
  return timingSafeEqual(digest(expected), digest(given));
}

function gateFor(provider: OAuthProvider): OAuthGate {
  return {
    verifyResource(request) {
      const verdict = provider.verify(request, 'resource');
      if (!verdict.ok) return { ok: false, response: verdict.response };
      // A resource call verifies only with an access token, which always names its user.
      if (verdict.userId === undefined) throw new Error('a verified resource call carries no user');
      return { ok: true, userId: verdict.userId };
    },
    handle(endpoint, request) {
      switch (endpoint) {
        case 'request_token':
          return provider.handleRequestToken(request);
        case 'access_token':
          return provider.handleAccessToken(request);
        case 'authorize':
          return request.method === 'POST'
            ? provider.handleAuthorizePost(request.url, request.formBody ?? '')
            : provider.handleAuthorizeGet(request.url);
      }
    },
    revokeAccessToken: (token) => provider.revokeAccessToken(token),
  };
}

/**
 * A saved account keeps its users, but the administrator signs in with the e-mail the service is started
 * with: user 1 takes the configured e-mail. Refused when another user already has it (two users with one
 * e-mail could not be told apart at sign-in).
 */
function withAdminEmail(account: AccountState, email: string): { account: AccountState; changed: boolean } {
  const admin = account.users.find((u) => u.id === '1');
  if (!admin || admin.email === email) return { account, changed: false };
  const wanted = email.trim().toLowerCase();
  const holder = account.users.find((u) => u.id !== '1' && u.email?.toLowerCase() === wanted);
  if (holder) {
    throw new Error(
      `The administrator e-mail ${email} is already the e-mail of user ${holder.id} in the saved account; choose another --admin-email.`,
    );
  }
  return {
    account: { ...account, users: account.users.map((u) => (u === admin ? { ...u, email } : u)) },
    changed: true,
  };
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const host = options.host ?? SERVICE_DEFAULTS.host;
  const seed = options.seed ?? SERVICE_DEFAULTS.seed;
  const adminEmail = options.adminEmail ?? SERVICE_DEFAULTS.adminEmail;
  const adminPassword = options.adminPassword ?? SERVICE_DEFAULTS.adminPassword;
  const userPassword = options.userPassword ?? adminPassword;
  const clock = options.clock ?? new ServiceClock();
  const log = options.log ?? (() => undefined);
  const outbox = new Outbox();

  const consumer = {
    key: options.consumerKey ?? SERVICE_DEFAULTS.consumerKey,
    secret: options.consumerSecret ?? SERVICE_DEFAULTS.consumerSecret,
    name: SERVICE_DEFAULTS.consumerName,
  };

  const dataDir = options.dataDir;
  if (dataDir) removeStaleTempFiles(dataDir);
  let saved = dataDir ? loadState(dataDir) : null;
  // The write-ahead journal: what changed after the state file was written (see journal.ts).
  const journalFiles = dataDir ? journalIndexes(dataDir) : [];
  if (dataDir && !saved && journalFiles.length > 0) {
    throw new StateFileError(
      `${dataDir} holds a journal but no state file. Move the data directory away to start afresh.`,
    );
  }
  const journaled = dataDir && saved ? readJournal(dataDir, journalFiles) : [];
  if (saved && journaled.length > 0) saved = applyJournal(saved, journaled);
  // What a restart changed in the saved state to follow the configuration: it is written back at once.
  let configurationApplied = false;
  let account: AccountState;
  if (saved) {
    const adjusted = withAdminEmail(saved.account, adminEmail);
    account = adjusted.account;
    configurationApplied = adjusted.changed;
  } else {
    account = generateAccount({
      seed,
      devices: options.devices ?? SERVICE_DEFAULTS.devices,
      now: clock.now(),
      adminEmail,
    });
  }
  let store: AccountStore;
  try {
    store = new AccountStore(account, clock, outbox);
    if (saved) outbox.restore(saved.outbox);
  } catch (error) {
    if (!saved) throw error;
    throw new StateFileError(
      `The state file in ${options.dataDir} is corrupt (${(error as Error).message}). Move it away to start afresh.`,
    );
  }

  // Replay memory, kept on disk with a data directory so a captured request cannot be replayed after a
  // restart (nonce-file.ts).
  let nonceFile: NonceFile | null = null;
  const nonceStore = new NonceStore({
    windowSeconds: 600,
    ...(options.maxNonces !== undefined ? { maxEntries: options.maxNonces } : {}),
    onAdd: (timestamp, key) => nonceFile?.append(timestamp, key),
  });
  if (dataDir) {
    nonceStore.restore(readNonceFile(dataDir), Math.floor(Date.now() / 1000));
  }

  const provider = new OAuthProvider({
    consumers: [consumer],
    timestampWindowSeconds: 600,
    nonceStore,
    ...(options.requestTokenLimit ? { requestTokenLimit: options.requestTokenLimit } : {}),
    // Real time, not the service clock: clients sign with their real clocks.
    clock: Date.now,
    authenticateUser: (email, password) => {
      const user = store.findUserByEmail(email);
      if (!user) return null;
      const expected = user.id === '1' ? adminPassword : userPassword;
      return passwordMatches(expected, password) ? user.id : null;
    },
  });
  if (saved) {
    try {
      provider.restore(saved.oauth);
    } catch (error) {
      throw new StateFileError(
        `The OAuth part of the state file in ${options.dataDir} is corrupt (${(error as Error).message}).`,
      );
    }
    // The configured application is the one in effect, as the banner says: a saved consumer of another key
    // is dropped with its tokens (a client holding one hears consumer_key_unknown and signs in again); the
    // same key keeps its tokens, signed from now on with the configured secret.
    const before = provider.snapshot().consumers;
    const same =
      before.length === 1 &&
      before[0]?.key === consumer.key &&
      before[0].secret === consumer.secret &&
      before[0].name === consumer.name;
    if (!same) {
      provider.setConsumers([consumer]);
      configurationApplied = true;
    }
  }

  const collect = (): Parameters<typeof saveStateSync>[1] => ({
    account: store.snapshot(),
    oauth: provider.snapshot(),
    outbox: outbox.snapshot(),
  });
  let journal: Journal | null = null;
  let changes: ChangeJournal | null = null;
  let saver: StateSaver | null = null;
  if (dataDir) {
    // A freshly generated account is written before anything listens, so a restart (even after kill -9)
    // finds the same account; so is a saved one the configuration or the journal changed, after which the
    // journal files it now covers go.
    if (!saved || configurationApplied || journaled.length > 0) saveStateSync(dataDir, collect());
    const lastFile = journalFiles[journalFiles.length - 1] ?? 0;
    journal = new Journal(dataDir, lastFile + 1);
    if (!saved || configurationApplied || journaled.length > 0) journal.removeUpTo(lastFile);
    nonceFile = new NonceFile(dataDir, () => nonceStore);
    nonceFile.open();
    const onError = (error: Error): void => log(`state file not written: ${error.message}`);
    changes = new ChangeJournal(
      journal,
      store,
      outbox,
      () => provider.snapshot(),
      (error) => log(`journal not written: ${error.message}`),
    );
    saver = new StateSaver(
      dataDir,
      collect,
      // A large account takes a while to serialise: save it less often (100,000 devices: every ~5 s at most).
      options.saveDebounceMs ?? Math.min(10_000, 200 + Math.round(store.summary().devices.total / 20)),
      onError,
      journal,
    );
    const s = saver;
    const c = changes;
    store.onChange((event) => {
      c.accountChanged(event);
      s.schedule();
    });
    outbox.onChange((change) => {
      c.outboxChanged(change);
      s.schedule();
    });
  }

  const devicesCache = new DeviceListCache();
  const gzip = new GzipCache();
  // Encodes (and compresses) the device list ahead of the next GET: at start and after each timer tick.
  const warmDeviceList = (): void => {
    const bytes = devicesCache.encodeAll(store.listDevices());
    if (bytes.length >= COMPRESS_MIN_BYTES) void gzip.compress(bytes).catch(() => undefined);
  };
  const scenarios = new ScenarioPlayer(store, clock);
  const simulator = new Simulator(store, clock, {
    afterTimerTick: () => setImmediate(warmDeviceList),
    scenarios,
    seed,
    ...(options.simulatorChurn !== undefined ? { churn: options.simulatorChurn } : {}),
    ...(options.simulatorIntervalMs !== undefined ? { intervalMs: options.simulatorIntervalMs } : {}),
  });
  const faults = new FaultInjector();
  const baseGate = gateFor(provider);
  // Token endpoints and revocations change the provider's state, which has no change event of its own.
  const gate: OAuthGate = {
    verifyResource: baseGate.verifyResource,
    handle: async (endpoint, request) => {
      const response = await baseGate.handle(endpoint, request);
      changes?.oauthChanged();
      saver?.schedule();
      return response;
    },
    revokeAccessToken: async (token) => {
      const revoked = await baseGate.revokeAccessToken(token);
      changes?.oauthChanged();
      saver?.schedule();
      return revoked;
    },
  };
  const controlToken = options.control
    ? (options.controlToken ?? randomBytes(32).toString('base64url'))
    : null;
  const control: ControlContext | null = controlToken
    ? { token: controlToken, store, clock, simulator, outbox, faults, oauth: gate, scenarios }
    : null;

  let baseUrl = '';
  const server = createServer(
    createRequestListener({
      store,
      devicesCache,
      gzip,
      oauth: gate,
      faults,
      control,
      baseUrl: () => baseUrl,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      log,
      commit: () => changes?.commit(),
    }),
  );
  server.keepAliveTimeout = 5000;
  server.requestTimeout = 60_000;
  const address = await listen(server, options.port ?? 0, host);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  baseUrl = `http://${urlHost}:${address.port}`;
  if (options.simulate) simulator.start();
  if (options.demoScenarios) scenarios.playDemo();
  // Encode the device list once up front, so the first GET /devices.xml of a large account is served from
  // the cache instead of paying for 100,000 encodings.
  const warmUp = setImmediate(warmDeviceList);
  // Sessions due while the service was down move on at once.
  store.advanceSessions(clock.now());

  let closed: Promise<void> | null = null;
  return {
    baseUrl,
    port: address.port,
    consumer: { key: consumer.key, secret: consumer.secret },
    admin: { email: store.findUser('1')?.email ?? adminEmail, password: adminPassword },
    restored: saved !== null,
    store,
    provider,
    clock,
    outbox,
    controls: { token: controlToken, simulator, faults, flush: () => saver?.flush() ?? Promise.resolve() },
    close() {
      closed ??= (async () => {
        simulator.stop();
        clearImmediate(warmUp);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        try {
          changes?.commit();
        } catch (error) {
          log(`journal not written: ${(error as Error).message}`);
        }
        try {
          await saver?.flush();
        } finally {
          journal?.close();
          nonceFile?.close();
        }
      })();
      return closed;
    },
  };
}
