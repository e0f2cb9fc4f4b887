// The account session on its own (the order it enters and leaves an account in, with a recording host),
// then sign-in, resume after a restart, sign-out and the keychain-less path through the AppCore.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CredentialVault, StoredCredentials } from '../../../electron/core/vault.js';
import { MemoryVault, vaultAccount } from '../../../electron/core/vault.js';
import type { AccountHost } from '../../../electron/core/account-session.js';
import { AccountSession } from '../../../electron/core/account-session.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { ServiceConnector } from '../../../electron/core/service-connector.js';
import type { AuthState } from '../../../shared/ipc/contract.js';
import type { User } from '../../../shared/model.js';
import { FakeClock } from '../support/fake-clock.js';
import { FakeService } from '../support/fake-service.js';
import { tempDir } from '../support/core-harness.js';
import { settle } from '../support/fake-clock.js';
import { fakePorts, serviceError } from '../support/fake-service.js';
import type { Harness } from '../support/core-harness.js';
import { BASE_URL, makeHarness } from '../support/core-harness.js';

let harnesses: Harness[] = [];
afterEach(async () => {
  for (const x of harnesses) await x.dispose();
  harnesses = [];
});
async function harness(...args: Parameters<typeof makeHarness>): Promise<Harness> {
  const x = await makeHarness(...args);
  harnesses.push(x);
  return x;
}
const auth = (x: Harness) => x.core.state().auth;

/** A keychain that is not there (no Secret Service, locked and refused). */
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

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

function sessionRig(
  vault: CredentialVault = new MemoryVault(),
  dataDir = tempDir().dir,
  copy: User | null | false = null,
) {
  const calls: string[] = [];
  const host: AccountHost = {
    authChanged: (state) => calls.push(`auth ${state.status}`),
    open: async (account, _api, keep) => {
      calls.push(`open ${account.userId}${keep ? ' keep' : ''}`);
      return null;
    },
    startSync: () => calls.push('start'),
    close: async (forget) => {
      calls.push(`close${forget ? ' forget' : ''}`);
    },
    discard: async (account) => {
      calls.push(`discard ${account.userId}`);
    },
    openCopy: async (account) => {
      calls.push(`open copy ${account.userId}`);
      return copy;
    },
  };
  const connector = new ServiceConnector({ services: fakePorts(new FakeService()) }, new FakeClock());
  const session = new AccountSession({
    dataDir,
    vault,
    connector,
    config: { baseUrl: BASE_URL, consumerKey: 'demo-console', consumerSecret: 'demo-secret' },
    logger: silentLogger,
    host,
  });
  return { calls, session, vault, dataDir };
}

describe('AccountSession', () => {
  it('opens the account before it says signed in, starts syncing after, and resumes it after a restart', async () => {
    const r = sessionRig();
    await r.session.resume();
    await r.session.begin({ baseUrl: BASE_URL, consumerKey: 'demo-console', consumerSecret: '' });
    await r.session.complete('1234');
    expect(r.calls).toEqual(['auth signed-out', 'auth awaiting-pin', 'open 1', 'auth signed-in', 'start']);
    expect(r.session.user?.email).toBe('admin@example.com');

    const again = sessionRig(r.vault, r.dataDir);
    await again.session.resume();
    expect(again.calls).toEqual(['auth signed-out', 'open 1', 'auth signed-in', 'start']);
  });

  it('keeps the account open when the same user signs in again after a refusal, and forgets on sign-out', async () => {
    const r = sessionRig();
    await r.session.begin({ baseUrl: BASE_URL, consumerKey: 'demo-console', consumerSecret: '' });
    await r.session.complete('1234');
    r.session.unauthorized({ kind: 'not-signed-in', message: 'revoked' });
    expect(r.session.auth.status).toBe('reauth-required');
    r.calls.length = 0;
    await r.session.begin({ baseUrl: BASE_URL, consumerKey: 'demo-console', consumerSecret: '' });
    await r.session.complete('1234');
    expect(r.calls).toEqual(['auth awaiting-pin', 'open 1 keep', 'auth signed-in', 'start']);

    r.calls.length = 0;
    await r.session.signOut();
    expect(r.calls).toEqual(['close forget', 'auth signed-out']);
    expect(await r.vault.read(vaultAccount(BASE_URL, '1'))).toBeNull();
  });

  it('without kept credentials, opens the copy at start signed out, never syncing it; a missing copy stays signed out', async () => {
    const r = sessionRig(new MissingVault());
    await r.session.resume();
    await r.session.begin({
      baseUrl: BASE_URL,
      consumerKey: 'demo-console',
      consumerSecret: '',
      memoryOnly: true,
    });
    await r.session.complete('1234');
    const again = sessionRig(new MissingVault(), r.dataDir);
    await again.session.resume();
    expect(again.calls).toEqual(['auth signed-out', 'open copy 1', 'auth reauth-required']);
    expect(again.session.auth).toMatchObject({ status: 'reauth-required', reason: { kind: 'keychain' } });
    const none = sessionRig(new MissingVault(), r.dataDir, false);
    await none.session.resume();
    expect(none.calls).toEqual(['auth signed-out', 'open copy 1']);
    expect(none.session.auth.status).toBe('signed-out');
  });

  it('opens the copy of a saved account whose keychain entry is gone, signed out; no copy: a plain signed-out start', async () => {
    const r = sessionRig();
    await r.session.begin({ baseUrl: BASE_URL, consumerKey: 'demo-console', consumerSecret: '' });
    await r.session.complete('1234');
    await r.vault.remove(vaultAccount(BASE_URL, '1'));
    const again = sessionRig(r.vault, r.dataDir);
    await again.session.resume();
    expect(again.calls).toEqual(['auth signed-out', 'open copy 1', 'auth reauth-required']);
    expect(again.session.auth).toMatchObject({
      status: 'reauth-required',
      credentialStore: 'keychain',
      reason: { kind: 'keychain', key: 'error.app.savedSignInMissingCopyKept' },
    });
    // Without a copy on disk there is nothing to keep: the record goes and the start says why.
    const none = sessionRig(r.vault, r.dataDir, false);
    await none.session.resume();
    expect(none.calls).toEqual(['auth signed-out', 'open copy 1', 'auth signed-out']);
    expect(none.session.auth).toMatchObject({ error: { key: 'error.app.savedSignInMissing' } });
    expect(existsSync(path.join(r.dataDir, 'account.json'))).toBe(false);
  });
});

describe('PIN sign-in', () => {
  it('opens the authorize page of the account origin, takes the PIN, names the user and stores the secret in the vault only', async () => {
    const h = await harness();
    expect(auth(h)).toMatchObject({ status: 'signed-out', keychainAvailable: true });
    const begin = await h.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'demo-console',
      consumerSecret: '',
    });
    expect(begin).toEqual({
      ok: true,
      value: { authorizeUrl: `${BASE_URL}/oauth/authorize?oauth_token=request-token`, opened: true },
    });
    expect(h.opened).toEqual([`${BASE_URL}/oauth/authorize?oauth_token=request-token`]);
    expect(auth(h).status).toBe('awaiting-pin');

    const wrong = await h.invoke('auth:complete', { pin: '9999' });
    expect(wrong.ok).toBe(false);
    expect(auth(h)).toMatchObject({ status: 'awaiting-pin', error: { kind: 'not-signed-in' } });

    const done = await h.invoke('auth:complete', { pin: '1234' });
    expect(done.ok && done.value.user.email).toBe('admin@example.com');
    expect(auth(h)).toMatchObject({ status: 'signed-in', credentialStore: 'keychain' });
    expect(await h.vault.read(vaultAccount(BASE_URL, '1'))).toEqual({
      consumerSecret: 'demo-secret',
      token: 'access-token',
      tokenSecret: 'access-secret',
    });
    await h.saveCache();
    for (const file of filesUnder(h.dataDir)) {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain('access-secret');
      expect(text).not.toContain('access-token');
      expect(text).not.toContain('demo-secret');
    }
    expect(JSON.stringify(h.events)).not.toMatch(/access-secret|access-token|demo-secret/);
  });

  it('refuses to open an authorize page of another origin, and shell links of other origins', async () => {
    const h = await harness();
    const ports = fakePorts(h.service);
    ports.tokenFlow.authorizeUrl = () => 'http://127.0.0.1:10/evil/oauth/authorize';
    const other = await harness({ service: h.service, overrides: { services: ports } });
    const begin = await other.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'k',
      consumerSecret: 's',
    });
    expect(begin.ok && begin.value.opened).toBe(false);
    expect(other.opened).toEqual([]);
    const link = await other.invoke('shell:open-external', { url: 'http://127.0.0.1:10/x' });
    expect(!link.ok && link.error.kind).toBe('not-allowed');
    const own = await other.invoke('shell:open-external', { url: `${BASE_URL}/help` });
    expect(own.ok).toBe(true);
  });

  it('needs a consumer secret unless the default consumer has one configured', async () => {
    const h = await harness();
    const r = await h.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'another-key',
      consumerSecret: '',
    });
    expect(!r.ok && r.error).toMatchObject({ kind: 'validation', field: 'consumerSecret' });
  });
});

describe('restart and sign-out', () => {
  it('resumes after a restart without signing in again, showing the offline copy first', async () => {
    const h = await harness();
    await h.signIn();
    await h.saveCache();
    await h.dispose();
    const calls = h.service.calls.length;
    const again = await harness({ dataDir: h.dataDir, vault: h.vault, clock: h.clock, service: h.service });
    expect(auth(again)).toMatchObject({
      status: 'signed-in',
      account: { user: { id: '1', email: 'admin@example.com' } },
    });
    const firstDevices = again.changes('devices')[0];
    expect(firstDevices).toMatchObject({ reset: true });
    expect(firstDevices?.added).toHaveLength(3);
    expect(h.service.calls.length).toBeGreaterThan(calls); // and then synced
  });

  it('sign-out removes the vault entry, the account record, the offline copy and the data shown', async () => {
    const h = await harness();
    await h.signIn();
    await h.saveCache();
    expect(existsSync(path.join(h.dataDir, 'account.json'))).toBe(true);
    expect(existsSync(path.join(h.dataDir, 'accounts'))).toBe(true);
    expect(readdirSync(path.join(h.dataDir, 'accounts'))).toHaveLength(1);
    const out = await h.invoke('auth:sign-out');
    expect(out.ok).toBe(true);
    expect(await h.vault.read(vaultAccount(BASE_URL, '1'))).toBeNull();
    expect(existsSync(path.join(h.dataDir, 'account.json'))).toBe(false);
    expect(readdirSync(path.join(h.dataDir, 'accounts'))).toHaveLength(0);
    expect((await h.core.snapshot()).data.devices).toHaveLength(0);
    expect(auth(h).status).toBe('signed-out');
    const calls = h.service.calls.length;
    await h.clock.advance(10 * 60_000);
    expect(h.service.calls.length).toBe(calls);
    await h.dispose();
    const again = await harness({ dataDir: h.dataDir, vault: h.vault, clock: h.clock, service: h.service });
    expect(auth(again).status).toBe('signed-out');
  });
});

describe('keychain entry gone between runs', () => {
  it('opens the offline copy signed out and keeps its unsent change; signing in sends it, signing out removes all', async () => {
    const h = await harness();
    await h.signIn();
    await settle();
    const account = (auth(h) as Extract<AuthState, { status: 'signed-in' }>).account;
    // A change made while the service is unreachable waits in the outbox.
    h.service.down = serviceError('network');
    const waiting = await h.invoke('devices:set-alias', { id: '1', alias: 'Queued before the reset' });
    expect(waiting.ok).toBe(true);
    await h.saveCache();
    await h.dispose();
    // Removed outside the app (keychain reset, another tool) while it was closed.
    expect(await h.vault.remove(vaultAccount(BASE_URL, '1'))).toBe(true);
    h.service.down = null;
    const calls = h.service.calls.length;
    const again = await harness({ dataDir: h.dataDir, vault: h.vault, clock: h.clock, service: h.service });
    const state = auth(again);
    expect(state).toMatchObject({
      status: 'reauth-required',
      account,
      credentialStore: 'keychain',
      reason: { kind: 'keychain', key: 'error.app.savedSignInMissingCopyKept' },
    });
    const reason = (state as Extract<AuthState, { status: 'reauth-required' }>).reason.message;
    expect(reason).toMatch(/not found in this computer's keychain/);
    expect(reason).toMatch(/changes waiting to be sent are kept/);
    const devices = (await again.core.snapshot()).data.devices;
    expect(devices).toHaveLength(3);
    expect(devices.find((d) => d.id === '1')?.alias).toBe('Queued before the reset');
    expect(h.service.calls.length).toBe(calls); // nothing was sent without secrets

    // Signing in as the same user sends the change that waited in the outbox's journal.
    await again.signIn();
    await vi.waitFor(async () => {
      const sent = h.service.calls
        .filter((c) => c.method === 'updateDevice')
        .map((c) => JSON.stringify(c.args));
      expect(sent.some((args) => args.includes('Queued before the reset'))).toBe(true);
      const after = await again.invoke('outbox:state', {});
      expect(after.ok && after.value.items).toEqual([]);
    });
    expect(auth(again).status).toBe('signed-in');

    // Signing out removes the account's files: the next start is a plain signed-out one.
    await again.invoke('auth:sign-out', {});
    expect(existsSync(path.join(h.dataDir, 'account.json'))).toBe(false);
    expect(filesUnder(path.join(h.dataDir, 'accounts'))).toEqual([]);
    const third = await again.restart();
    harnesses.push(third);
    expect(auth(third)).toEqual({
      status: 'signed-out',
      defaults: expect.anything(),
      keychainAvailable: true,
    });
  });
});

describe('without a keychain', () => {
  it('says so plainly, refuses to pretend, and works for this run only with memoryOnly', async () => {
    const h = await harness({ vault: new MissingVault() });
    const state = auth(h) as Extract<AuthState, { status: 'signed-out' }>;
    expect(state.keychainAvailable).toBe(false);
    expect(state.error?.kind).toBe('keychain');
    expect(state.error?.message).toMatch(/keychain is not available/);

    const refused = await h.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'demo-console',
      consumerSecret: '',
    });
    expect(!refused.ok && refused.error.kind).toBe('keychain');

    const begin = await h.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'demo-console',
      consumerSecret: '',
      memoryOnly: true,
    });
    expect(begin.ok).toBe(true);
    const done = await h.invoke('auth:complete', { pin: '1234' });
    expect(done.ok).toBe(true);
    expect(auth(h)).toMatchObject({ status: 'signed-in', credentialStore: 'memory' });
    await settle();
    expect((await h.core.snapshot()).data.devices).toHaveLength(3);
    // The account record is kept (whom to show at the next start), and no file holds a secret.
    expect(existsSync(path.join(h.dataDir, 'account.json'))).toBe(true);
    await h.saveCache();
    for (const file of filesUnder(h.dataDir))
      expect(readFileSync(file, 'utf8')).not.toContain('access-secret');
  });

  it('opens the cached account at the next start, signed out; signing in again keeps it; signing out removes it', async () => {
    const h = await harness({ vault: new MissingVault() });
    await h.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'demo-console',
      consumerSecret: '',
      memoryOnly: true,
    });
    await h.invoke('auth:complete', { pin: '1234' });
    await settle();
    const account = (auth(h) as Extract<AuthState, { status: 'signed-in' }>).account;
    await h.saveCache();
    await h.dispose();

    // Restart, the service unreachable: the copy is there at once, clearly not signed in, nothing asked.
    h.service.down = serviceError('network');
    const again = await harness({
      dataDir: h.dataDir,
      vault: new MissingVault(),
      clock: h.clock,
      service: h.service,
    });
    expect(auth(again)).toEqual({
      status: 'reauth-required',
      account,
      credentialStore: 'memory',
      // The sign-in form offers the same as at a first sign-in (the demo hint among it).
      defaults: expect.objectContaining({ consumerKey: 'demo-console' }),
      reason: {
        kind: 'keychain',
        key: 'error.app.cachedSignedOut',
        message: expect.stringMatching(/^Signed out: .* Sign in to refresh\.$/),
      },
    });
    expect((await again.core.snapshot()).data.devices).toHaveLength(3);
    expect(again.core.state().data.folders.length).toBeGreaterThan(0);
    const writeRefused = await again.invoke('devices:set-alias', {
      id: (await again.core.snapshot()).data.devices[0]!.id,
      alias: 'x',
    });
    expect(writeRefused.ok).toBe(false);

    // Starting to sign in and cancelling goes back to the copy, not to an empty sign-in screen.
    h.service.down = null;
    await again.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'demo-console',
      consumerSecret: '',
      memoryOnly: true,
    });
    await again.invoke('auth:cancel', {});
    expect(auth(again).status).toBe('reauth-required');
    expect((await again.core.snapshot()).data.devices).toHaveLength(3);

    // Signing in again to the same account: the copy stays shown throughout, then syncs.
    const seen: Array<Promise<number>> = [];
    const unsubscribe = again.core.subscribe((event) => {
      if (event === 'auth:state') seen.push(again.core.snapshot().then((s) => s.data.devices.length));
    });
    await again.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'demo-console',
      consumerSecret: '',
      memoryOnly: true,
    });
    const done = await again.invoke('auth:complete', { pin: '1234' });
    expect(done.ok).toBe(true);
    expect(auth(again)).toMatchObject({ status: 'signed-in', credentialStore: 'memory', account });
    unsubscribe();
    expect((await Promise.all(seen)).every((n) => n === 3)).toBe(true);

    // Signing out still removes it: the next start is an empty sign-in.
    await again.invoke('auth:sign-out', {});
    await again.dispose();
    expect(existsSync(path.join(h.dataDir, 'account.json'))).toBe(false);
    expect(filesUnder(path.join(h.dataDir, 'accounts'))).toEqual([]);
    const third = await harness({
      dataDir: h.dataDir,
      vault: new MissingVault(),
      clock: h.clock,
      service: h.service,
    });
    expect(auth(third).status).toBe('signed-out');
    expect((await third.core.snapshot()).data.devices).toEqual([]);
  });

  it('signing out of the signed-out copy removes it from this computer', async () => {
    const h = await harness({ vault: new MissingVault() });
    await h.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'demo-console',
      consumerSecret: '',
      memoryOnly: true,
    });
    await h.invoke('auth:complete', { pin: '1234' });
    await settle();
    await h.saveCache();
    await h.dispose();
    const again = await harness({
      dataDir: h.dataDir,
      vault: new MissingVault(),
      clock: h.clock,
      service: h.service,
    });
    expect(auth(again).status).toBe('reauth-required');
    await again.invoke('auth:sign-out', {});
    expect(auth(again).status).toBe('signed-out');
    expect((await again.core.snapshot()).data.devices).toEqual([]);
    expect(existsSync(path.join(h.dataDir, 'account.json'))).toBe(false);
    expect(filesUnder(path.join(h.dataDir, 'accounts'))).toEqual([]);
  });

  it('without a usable copy on disk, the start is an ordinary signed-out one', async () => {
    const h = await harness({ vault: new MissingVault() });
    await h.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'demo-console',
      consumerSecret: '',
      memoryOnly: true,
    });
    await h.invoke('auth:complete', { pin: '1234' });
    await settle();
    await h.saveCache();
    await h.dispose();
    rmSync(path.join(h.dataDir, 'accounts'), { recursive: true, force: true });
    const again = await harness({
      dataDir: h.dataDir,
      vault: new MissingVault(),
      clock: h.clock,
      service: h.service,
    });
    expect(auth(again)).toMatchObject({ status: 'signed-out', keychainAvailable: false });
    expect((await again.core.snapshot()).data.devices).toEqual([]);
  });

  it('a keychain that came back: the copy of a this-run-only account opens, and signing in uses the keychain', async () => {
    const h = await harness({ vault: new MissingVault() });
    await h.invoke('auth:begin', {
      baseUrl: BASE_URL,
      consumerKey: 'demo-console',
      consumerSecret: '',
      memoryOnly: true,
    });
    await h.invoke('auth:complete', { pin: '1234' });
    await settle();
    await h.saveCache();
    await h.dispose();
    const vault = new MemoryVault();
    const again = await harness({ dataDir: h.dataDir, vault, clock: h.clock, service: h.service });
    expect(auth(again)).toMatchObject({ status: 'reauth-required', credentialStore: 'keychain' });
    expect((await again.core.snapshot()).data.devices).toHaveLength(3);
    await again.invoke('auth:begin', { baseUrl: BASE_URL, consumerKey: 'demo-console', consumerSecret: '' });
    expect((await again.invoke('auth:complete', { pin: '1234' })).ok).toBe(true);
    expect(auth(again)).toMatchObject({ status: 'signed-in', credentialStore: 'keychain' });
    const record = JSON.parse(readFileSync(path.join(h.dataDir, 'account.json'), 'utf8')) as {
      store: string;
    };
    expect(record.store).toBe('keychain');
  });

  it('MemoryVault keeps entries per account for the run', async () => {
    const vault = new MemoryVault();
    const creds = { consumerSecret: 'a', token: 'b', tokenSecret: 'c' };
    await vault.write('x', creds);
    expect(await vault.read('x')).toEqual(creds);
    expect(await vault.read('y')).toBeNull();
    expect(await vault.remove('x')).toBe(true);
    expect(await vault.read('x')).toBeNull();
  });
});
