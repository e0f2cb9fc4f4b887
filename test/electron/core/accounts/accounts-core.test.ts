// Several accounts in one console (issue 28) against two stand-in services on two ports, with different
// consumers and data: an upgraded single-account data directory opens as the first account, a second one
// is added with its own sign-in, the switch shows the other copy from memory, a notice of the account not
// on screen names it and opens it, signing out of one leaves the other, removing one takes its files and
// keychain entry, and a restart (with a keychain and without) reopens both.
import type { WindowActivity } from '../../../../electron/core-port.js';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountsCore,
  type AccountsCore,
  type AccountsCoreOptions,
} from '../../../../electron/core/accounts/accounts-core.js';
import {
  ACCOUNT_DIRS,
  accountDirectory,
  REGISTRY_FILE,
} from '../../../../electron/core/accounts/account-registry.js';
import { createAppCore } from '../../../../electron/core/app-core.js';
import { SNAPSHOT_SINCE_DELAY_MS } from '../../../../electron/core/since-stream.js';
import { silentLogger } from '../../../../electron/core/logger.js';
import type { CredentialVault, StoredCredentials } from '../../../../electron/core/vault.js';
import { MemoryVault, vaultAccount } from '../../../../electron/core/vault.js';
import type { AuthState, DataChange, InvokeChannel, MainEvents } from '../../../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../../../shared/ipc/dispatch.js';
import type { StatusNotice } from '../../../../shared/status-history.js';
import type { Harness as ServiceHarness } from '../../../service/support/service-harness.js';
import { control } from '../../../service/support/service-harness.js';
import { tempDir } from '../../support/core-harness.js';
import { CONSUMER_B, pinSignIn } from '../../support/pin-sign-in.js';
import { accountsCoreOptions, startTwoServices, type TwoServices } from '../../support/two-accounts.js';
import { FakeClock } from '../../support/fake-clock.js';

let svcA: ServiceHarness;
let svcB: ServiceHarness;
let services: TwoServices | undefined;
const cleanups: Array<() => void> = [];
const running: AccountsCore[] = [];

beforeAll(async () => {
  services = await startTwoServices({ a: 30, b: 45 });
  ({ a: svcA, b: svcB } = services);
});
afterAll(async () => {
  await services?.close();
  for (const c of cleanups.splice(0)) c();
});
afterEach(async () => {
  for (const core of running.splice(0)) await core.dispose();
});

interface Run {
  core: AccountsCore;
  events: Array<{ event: keyof MainEvents; payload: unknown }>;
  statusNotices: StatusNotice[];
  invoke(channel: InvokeChannel, payload?: unknown): Promise<unknown>;
}

function newDir(): string {
  const t = tempDir();
  cleanups.push(t.remove);
  return t.dir;
}

async function open(
  dataDir: string,
  vault: CredentialVault,
  clock = new FakeClock(Date.now()),
  createCore?: AccountsCoreOptions['createCore'],
): Promise<Run> {
  const statusNotices: StatusNotice[] = [];
  const core = createAccountsCore(
    accountsCoreOptions(dataDir, svcA, {
      vault,
      clock,
      notifyStatus: (n) => statusNotices.push(n),
      cacheSaveDelayMs: 1_000,
      ...(createCore ? { createCore } : {}),
    }),
  );
  running.push(core);
  const events: Run['events'] = [];
  core.subscribe((event, payload) => events.push({ event, payload }));
  await core.start();
  return {
    core,
    events,
    statusNotices,
    invoke: async (channel, payload = {}) => {
      const r = await dispatchInvoke(core.handlers, channel, payload);
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
      return r.value;
    },
  };
}

/** The PIN sign-in of the account on screen, with its own service address and consumer; then a sync. */
async function signIn(
  run: Run,
  svc: ServiceHarness,
  consumer: { key: string; secret: string },
): Promise<void> {
  const done = await pinSignIn(run.core.handlers, svc, consumer);
  if (!done.ok) throw new Error(`auth:complete: ${done.error.message}`);
  await run.invoke('sync:refresh', {});
}

function deviceIds(svc: ServiceHarness): string[] {
  return svc.service.store
    .listDevices()
    .map((d) => d.id)
    .sort();
}

const auth = (core: AccountsCore, id: string) => core.coreOf(id)!.state().auth;

/** Customer A signed in, then Customer B added and signed in (on screen), each on its own service. */
async function bothSignedIn() {
  const clock = new FakeClock(Date.now());
  const run = await open(newDir(), new MemoryVault(), clock);
  const a = run.core.accounts().active;
  await signIn(run, svcA, { key: 'test-console', secret: '' });
  await run.invoke('accounts:add', { name: 'Customer B' });
  const b = idOf(run, 'Customer B');
  await signIn(run, svcB, CONSUMER_B);
  return { clock, run, a, b };
}
const idOf = (run: Run, name: string) => run.core.accounts().accounts.find((a) => a.name === name)!.id;

/** A console from before several accounts: one core on the root data directory, signed in to A. */
async function singleAccountConsole(vault: CredentialVault): Promise<string> {
  const dataDir = newDir();
  const old = createAppCore({
    dataDir,
    host: 'browser',
    appVersion: 'old',
    vault,
    clock: new FakeClock(Date.now()),
    notify: () => undefined,
    openExternal: async () => true,
    defaults: {
      baseUrl: svcA.service.baseUrl,
      consumerKey: 'test-console',
      consumerSecret: 'test-console-secret',
    },
    logger: silentLogger,
    cacheSaveDelayMs: 0,
  });
  await old.start();
  const run: Run = {
    core: old as unknown as AccountsCore,
    events: [],
    statusNotices: [],
    invoke: async (channel, payload = {}) => {
      const r = await dispatchInvoke(old.handlers, channel, payload);
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    },
  };
  await signIn(run, svcA, { key: 'test-console', secret: '' });
  await run.invoke('views:save', { views: [{ id: 'v1', name: 'Front desk' }] });
  await old.dispose();
  return dataDir;
}

describe('several accounts in one console', () => {
  it('opens an upgraded single-account data directory as the first account, nothing lost', async () => {
    const vault = new MemoryVault();
    const dataDir = await singleAccountConsole(vault);
    const before = readdirSync(dataDir).sort();
    const run = await open(dataDir, vault);
    const state = run.core.accounts();
    expect(state.accounts.map((a) => a.name)).toEqual(['Customer A']);
    expect(run.core.state().auth.status).toBe('signed-in');
    expect((await run.core.snapshot()).data.devices.map((d) => d.id).sort()).toEqual(deviceIds(svcA));
    expect(await run.invoke('views:load', {})).toEqual({ views: [{ id: 'v1', name: 'Front desk' }] });
    // Nothing moved: the old files are where they were, the list beside them.
    for (const name of before) expect(existsSync(path.join(dataDir, name))).toBe(true);
    expect(existsSync(path.join(dataDir, REGISTRY_FILE))).toBe(true);
  });

  it('adds a second account with its own sign-in, switches from memory, and keeps both syncing', async () => {
    const vault = new MemoryVault();
    const dataDir = newDir();
    const run = await open(dataDir, vault);
    const a = run.core.accounts().active;
    await signIn(run, svcA, { key: 'test-console', secret: '' });
    await run.invoke('accounts:add', { name: 'Customer B' });
    const b = idOf(run, 'Customer B');
    expect(run.core.accounts().active).toBe(b);
    expect(run.core.state().auth.status).toBe('signed-out'); // the new account: its sign-in form
    await signIn(run, svcB, CONSUMER_B);
    expect((await run.core.snapshot()).data.devices.map((d) => d.id).sort()).toEqual(deviceIds(svcB));
    expect(existsSync(path.join(dataDir, ACCOUNT_DIRS, b, 'account.json'))).toBe(true);

    // The switch: A's picture in the very events the call sends, before it answers (no network wait).
    run.events.length = 0;
    await run.invoke('accounts:switch', { id: a });
    const resets = run.events.filter((e) => e.event === 'data:change') as Array<{ payload: DataChange }>;
    // The since rows B's table held are dropped at once (an empty whole map); A's follow its snapshot.
    expect(resets.some((e) => e.payload.since?.full === true && e.payload.since.ids.length === 0)).toBe(true);
    const devices = resets.filter((e) => e.payload.dataset === 'devices' && !e.payload.since);
    expect(devices[0]!.payload.reset).toBe(true);
    expect(devices.flatMap((e) => e.payload.added.map((d) => (d as { id: string }).id)).sort()).toEqual(
      deviceIds(svcA),
    );
    const shown = run.events.find((e) => e.event === 'auth:state')!.payload as AuthState;
    expect(shown.status === 'signed-in' && shown.account.baseUrl).toBe(svcA.service.baseUrl);

    // Signing out of A leaves B signed in and syncing.
    await run.invoke('auth:sign-out', {});
    expect(auth(run.core, a).status).toBe('signed-out');
    expect(auth(run.core, b).status).toBe('signed-in');
    const bDevice = svcB.service.store.listDevices().find((d) => d.status !== 'busy')!;
    await control(svcB, 'POST', `devices/${bDevice.id}/status`, { status: 'busy' });
    await run.core.coreOf(b)!.handlers['sync:refresh']({});
    expect((await run.core.coreOf(b)!.snapshot()).data.devices.find((d) => d.id === bDevice.id)?.status).toBe(
      'busy',
    );
    expect(run.core.accounts().accounts.find((x) => x.id === b)).toMatchObject({ auth: 'signed-in' });
  });

  it('makes no since rows for an account off screen, and sends its whole map again when it is shown', async () => {
    const { clock, run, a, b } = await bothSignedIn();
    const coreB = run.core.coreOf(b)!;
    const rowsOfB: Array<NonNullable<DataChange['since']>> = [];
    coreB.subscribe((event, payload) => {
      const since = event === 'data:change' ? (payload as DataChange).since : undefined;
      if (since) rowsOfB.push(since);
    });
    const until = async (what: () => boolean) => {
      for (const deadline = Date.now() + 10_000; !what(); await new Promise((r) => setTimeout(r, 20)))
        if (Date.now() > deadline) throw new Error('not within 10 s');
    };
    const device = svcB.service.store.listDevices().find((d) => d.status !== 'offline')!;
    // On screen: B's rows come (a window's snapshot, then its whole map after the snapshot's delay).
    await run.core.rendererSnapshot();
    await until(() => rowsOfB.some((r) => r.ids.includes(device.id)));

    await run.invoke('accounts:switch', { id: a });
    rowsOfB.length = 0;
    await control(svcB, 'POST', `devices/${device.id}/status`, { status: 'offline' });
    await clock.advance(30_000);
    await coreB.handlers['sync:refresh']({ datasets: ['devices'] });
    await until(() => coreB.sinceOf(device.id)?.[0] === clock.now()); // B's history recorded it
    await new Promise((r) => setTimeout(r, SNAPSHOT_SINCE_DELAY_MS + 300));
    expect(rowsOfB).toEqual([]);

    // Shown again: from a whole map, the row B's poll moved in it.
    await run.invoke('accounts:switch', { id: b });
    await until(() => rowsOfB.some((r) => r.ids.includes(device.id)));
    const full = rowsOfB.filter((r) => r.full);
    expect(full.length).toBeGreaterThan(0);
    const row = rowsOfB.find((r) => r.ids.includes(device.id))!;
    expect(row.since[row.ids.indexOf(device.id)]).toBe(clock.now());
  });

  it('a site of the account not on screen going down is one notice naming it, and opening it switches there', async () => {
    const { clock, run, a, b } = await bothSignedIn();
    const every = { offline: true, online: true, offlineLongerMinutes: null, busyLongerMinutes: null };
    await run.invoke('watch:set', {
      watches: [{ id: 'all', target: { kind: 'account' }, when: every }],
      quietHours: null,
    });
    const device = svcB.service.store.listDevices().find((d) => d.status !== 'offline')!;
    const pollB = async () => {
      await clock.advance(30_000);
      await run.core.coreOf(b)!.handlers['sync:refresh']({ datasets: ['devices'] });
    };
    await pollB();
    await run.invoke('accounts:switch', { id: a });
    run.events.length = 0;

    expect((await control(svcB, 'POST', `devices/${device.id}/status`, { status: 'offline' })).status).toBe(
      200,
    );
    await pollB();
    const notices = run.events
      .filter((e) => e.event === 'notify:status')
      .map((e) => e.payload as StatusNotice);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.account).toEqual({ id: b, name: 'Customer B' });
    expect(notices[0]!.open).toEqual({ kind: 'device', id: device.id, account: b });
    expect(run.statusNotices.at(-1)?.account?.name).toBe('Customer B'); // the native notice too
    // Nothing else of B reached the window showing A.
    expect(run.events.filter((e) => e.event === 'data:change')).toHaveLength(0);

    run.events.length = 0;
    await run.invoke('accounts:switch', { id: b, open: { kind: 'device', id: device.id } });
    expect(run.core.accounts().active).toBe(b);
    const order = run.events.map((e) => e.event);
    expect(order.indexOf('ui:open-target')).toBeGreaterThan(order.lastIndexOf('data:change'));
    expect(run.events.find((e) => e.event === 'ui:open-target')!.payload).toEqual({
      kind: 'device',
      id: device.id,
    });
    const tray = run.core.trayState();
    // Every device of B offline now is a watched one down (the watch covers the account); A watches none.
    const downInB = svcB.service.store.listDevices().filter((d) => d.status === 'offline').length;
    expect(downInB).toBeGreaterThan(0);
    expect(tray.accounts?.map((x) => [x.name, x.devices?.watchedDownTotal])).toEqual([
      ['Customer A', 0],
      ['Customer B', downInB],
    ]);
  });

  it('the account on screen polls as the window does, the others as an unfocused window', async () => {
    const activity = new Map<string, WindowActivity>();
    const dataDir = newDir();
    const run = await open(dataDir, new MemoryVault(), new FakeClock(Date.now()), (o) => {
      const core = createAppCore(o);
      const set = core.setWindowActivity.bind(core);
      core.setWindowActivity = (a) => {
        activity.set(path.relative(dataDir, o.dataDir), a);
        set(a);
      };
      return core;
    });
    await run.invoke('window:activity', { visible: true, focused: true });
    await run.invoke('accounts:add', { name: 'Customer B' });
    const b = idOf(run, 'Customer B');
    const dirB = path.join(ACCOUNT_DIRS, b);
    expect(activity.get(dirB)).toEqual({ visible: true, focused: true });
    expect(activity.get('')).toEqual({ visible: true, focused: false });
    await run.invoke('window:activity', { visible: false, focused: false });
    expect(activity.get('')).toEqual({ visible: false, focused: false });
    await run.invoke('window:activity', { visible: true, focused: true });
    await run.invoke('accounts:switch', { id: run.core.accounts().accounts[0]!.id });
    expect(activity.get('')).toEqual({ visible: true, focused: true });
    expect(activity.get(dirB)).toEqual({ visible: true, focused: false });
  });

  it('the tray’s Refresh now refreshes every account it lists, a signed-out one left alone', async () => {
    const run = await open(newDir(), new MemoryVault());
    const a = run.core.accounts().active;
    await signIn(run, svcA, { key: 'test-console', secret: '' });
    await run.invoke('accounts:add', { name: 'Customer B' });
    const b = idOf(run, 'Customer B');
    await signIn(run, svcB, CONSUMER_B);
    await run.invoke('accounts:add', { name: 'Customer C' }); // never signed in
    await run.invoke('accounts:switch', { id: b });
    // A device of each service changes between two polls (the fake clock holds the polls back).
    const changed = async (svc: ServiceHarness) => {
      const d = svc.service.store.listDevices()[0]!;
      const status = d.status === 'offline' ? 'online' : 'offline';
      await control(svc, 'POST', `devices/${d.id}/status`, { status });
      return { id: d.id, status };
    };
    const inA = await changed(svcA);
    const inB = await changed(svcB);
    const statusIn = async (account: string, id: string) =>
      (await run.core.coreOf(account)!.snapshot()).data.devices.find((d) => d.id === id)?.status;
    expect(await statusIn(a, inA.id)).not.toBe(inA.status);

    await expect(run.core.refreshAll()).resolves.toBeUndefined();
    expect(await statusIn(a, inA.id)).toBe(inA.status);
    expect(await statusIn(b, inB.id)).toBe(inB.status);
  });

  it('removes an account: signed out, its keychain entry and directory gone, the other untouched', async () => {
    const vault = new MemoryVault();
    const dataDir = newDir();
    const run = await open(dataDir, vault);
    const a = run.core.accounts().active;
    await signIn(run, svcA, { key: 'test-console', secret: '' });
    await run.invoke('accounts:add', { name: 'Customer B' });
    const b = idOf(run, 'Customer B');
    await signIn(run, svcB, CONSUMER_B);
    const userB = (run.core.state().auth as Extract<AuthState, { status: 'signed-in' }>).account.user.id;
    expect(await vault.read(vaultAccount(svcB.service.baseUrl, userB))).not.toBeNull();

    const state = (await run.invoke('accounts:remove', { id: b })) as { active: string; accounts: unknown[] };
    expect(state).toMatchObject({ active: a, accounts: [{ id: a, name: 'Customer A' }] });
    expect(await vault.read(vaultAccount(svcB.service.baseUrl, userB))).toBeNull();
    expect(existsSync(path.join(dataDir, ACCOUNT_DIRS, b))).toBe(false);
    expect(run.core.state().auth.status).toBe('signed-in');
    expect((await run.core.snapshot()).data.devices.map((d) => d.id).sort()).toEqual(deviceIds(svcA));
    // The only account is signed out of, not removed.
    await expect(run.invoke('accounts:remove', { id: a })).rejects.toThrow('only account');
  });

  it('a restart reopens both accounts, with a keychain signed in and without one as their copies', async () => {
    const vault = new MemoryVault();
    const dataDir = newDir();
    const first = await open(dataDir, vault);
    await signIn(first, svcA, { key: 'test-console', secret: '' });
    await first.invoke('accounts:add', { name: 'Customer B' });
    await signIn(first, svcB, CONSUMER_B);
    const ids = first.core.accounts().accounts.map((x) => x.id);
    await first.core.dispose();

    const again = await open(dataDir, vault);
    expect(again.core.accounts().accounts.map((x) => [x.name, x.auth])).toEqual([
      ['Customer A', 'signed-in'],
      ['Customer B', 'signed-in'],
    ]);
    expect(again.core.accounts().active).toBe(ids[1]); // the one on screen last
    expect((await again.core.snapshot()).data.devices.map((d) => d.id).sort()).toEqual(deviceIds(svcB));
    await again.core.dispose();

    const noKeychain = await open(dataDir, new MissingVault());
    expect(noKeychain.core.accounts().accounts.map((x) => x.auth)).toEqual([
      'reauth-required',
      'reauth-required',
    ]);
    expect((await noKeychain.core.coreOf(ids[0]!)!.snapshot()).data.devices.map((d) => d.id).sort()).toEqual(
      deviceIds(svcA),
    );
    expect((await noKeychain.core.coreOf(ids[1]!)!.snapshot()).data.devices.map((d) => d.id).sort()).toEqual(
      deviceIds(svcB),
    );
  });
});

/** No Secret Service: nothing can be read, written or kept. */
class MissingVault implements CredentialVault {
  readonly kind = 'keychain' as const;
  async probe() {
    return { available: false, message: 'no keychain' };
  }
  async read(): Promise<StoredCredentials | null> {
    throw new Error('no keychain');
  }
  async write(): Promise<void> {
    throw new Error('no keychain');
  }
  async remove(): Promise<boolean> {
    throw new Error('no keychain');
  }
}

describe('one account by name (the command line’s --account)', () => {
  it('finds an account’s directory by name or id, and names the accounts there are otherwise', async () => {
    const dataDir = newDir();
    const run = await open(dataDir, new MemoryVault());
    await run.invoke('accounts:add', { name: 'Customer B' });
    const b = idOf(run, 'Customer B');
    await run.core.dispose();
    expect(await accountDirectory(dataDir, 'customer b', silentLogger)).toBe(
      path.join(dataDir, ACCOUNT_DIRS, b),
    );
    expect(await accountDirectory(dataDir, b, silentLogger)).toBe(path.join(dataDir, ACCOUNT_DIRS, b));
    expect(await accountDirectory(dataDir, 'Customer A', silentLogger)).toBe(dataDir);
    await expect(accountDirectory(dataDir, 'Nobody', silentLogger)).rejects.toThrow(
      'No account named "Nobody" here. The accounts are: Customer A, Customer B.',
    );
    await expect(accountDirectory(newDir(), 'Nobody', silentLogger)).rejects.toThrow('holds one account');
  });
});
