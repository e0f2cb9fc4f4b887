// The same user of the same service added as a second account: both would share one keychain entry
// (vaultAccount is address + user id), so removing either deleted the other's credentials. The second
// sign-in is refused before anything is written, naming the account that already holds that user; the
// same user at another service address is a different account and is let in.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsCore, type AccountsCore } from '../../../../electron/core/accounts/accounts-core.js';
import { MemoryVault, vaultAccount } from '../../../../electron/core/vault.js';
import type { AccountsState, AuthState, InvokeChannel } from '../../../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../../../shared/ipc/dispatch.js';
import type { Harness as ServiceHarness } from '../../../service/support/service-harness.js';
import { tempDir } from '../../support/core-harness.js';
import { CONSUMER_B, pinSignIn } from '../../support/pin-sign-in.js';
import {
  accountsCoreOptions,
  CONSUMER_A,
  startTwoServices,
  type TwoServices,
} from '../../support/two-accounts.js';

let svcA: ServiceHarness;
let svcB: ServiceHarness;
let services: TwoServices | undefined;
const cleanups: Array<() => void> = [];
const running: AccountsCore[] = [];

beforeAll(async () => {
  services = await startTwoServices({ a: 12, b: 8 });
  ({ a: svcA, b: svcB } = services);
});
afterAll(async () => {
  await services?.close();
  for (const c of cleanups.splice(0)) c();
});
afterEach(async () => {
  for (const core of running.splice(0)) await core.dispose();
});

async function open(dataDir: string, vault: MemoryVault) {
  const core = createAccountsCore(accountsCoreOptions(dataDir, svcA, { vault }));
  running.push(core);
  await core.start();
  const call = (channel: InvokeChannel, payload: unknown = {}) =>
    dispatchInvoke(core.handlers, channel, payload);
  const invoke = async (channel: InvokeChannel, payload: unknown = {}) => {
    const r = await call(channel, payload);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.value;
  };
  /** The PIN flow of the account on screen; resolves auth:complete's result, refused or not. */
  const signIn = (svc: ServiceHarness, consumer: { key: string; secret: string }) =>
    pinSignIn(core.handlers, svc, consumer);
  return { core, invoke, signIn };
}

const userIdOf = (auth: AuthState) => (auth.status === 'signed-in' ? auth.account.user.id : '');

describe('the same service user as two accounts', () => {
  it('is refused with a sentence naming the account that has it, and removing the second keeps the first signed in', async () => {
    const t = tempDir();
    cleanups.push(t.remove);
    const vault = new MemoryVault();
    const run = await open(t.dir, vault);
    expect((await run.signIn(svcA, CONSUMER_A)).ok).toBe(true);
    const first = (run.core.accounts() as AccountsState).accounts[0]!.id;
    const userId = userIdOf(run.core.state().auth);
    const entry = vaultAccount(svcA.service.baseUrl, userId);
    const before = await vault.read(entry);
    expect(before).not.toBeNull();

    const added = (await run.invoke('accounts:add', { name: 'Customer A again' })) as AccountsState;
    const second = added.active;
    const refused = await run.signIn(svcA, CONSUMER_A);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.key).toBe('error.app.accountTwice');
      expect(refused.error.values).toEqual({ account: 'Customer A' });
    }
    const auth = run.core.coreOf(second)!.state().auth;
    expect(auth.status).toBe('signed-out');
    // Nothing of the first account's keychain entry was touched (the same token, not a new one).
    expect(await vault.read(entry)).toEqual(before);

    await run.invoke('accounts:remove', { id: second });
    expect(await vault.read(entry)).toEqual(before);
    expect(run.core.coreOf(first)!.state().auth.status).toBe('signed-in');

    // A restart resumes the first account from the keychain.
    await run.core.dispose();
    const again = await open(t.dir, vault);
    await again.core.opened();
    expect(again.core.state().auth.status).toBe('signed-in');
  }, 60_000);

  it('lets in the same user at another service address (its own keychain entry)', async () => {
    const t = tempDir();
    cleanups.push(t.remove);
    const vault = new MemoryVault();
    const run = await open(t.dir, vault);
    expect((await run.signIn(svcA, CONSUMER_A)).ok).toBe(true);
    await run.invoke('accounts:add', { name: 'Customer B' });
    const r = await run.signIn(svcB, CONSUMER_B);
    expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
    expect(run.core.accounts().accounts.map((a) => a.auth)).toEqual(['signed-in', 'signed-in']);
  }, 60_000);
});
