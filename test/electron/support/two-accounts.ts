// What the tests of several accounts share: two stand-in services with different data and consumers (the
// first with the harness's default consumer, the second with CONSUMER_B), and the options of an accounts
// core whose first account ("Customer A") defaults to the first service.

import {
  createAccountsCore,
  type AccountsCore,
  type AccountsCoreOptions,
} from '../../../electron/core/accounts/accounts-core.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { MemoryVault } from '../../../electron/core/vault.js';
import type {
  InvokeChannel,
  InvokeHandlers,
  InvokeRequest,
  InvokeResponse,
} from '../../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import { startTestService, type Harness } from '../../service/support/service-harness.js';
import { tempDir } from './core-harness.js';
import { FakeClock } from './fake-clock.js';
import { CONSUMER_B, pinSignIn } from './pin-sign-in.js';

/** The first service's consumer: the harness's default one. */
export const CONSUMER_A = { key: 'test-console', secret: 'test-console-secret' };

export interface TwoServices {
  a: Harness;
  b: Harness;
  close(): Promise<void>;
}

/** Service A (seed 3) and service B (seed 11, consumer B), with `devices` devices each. */
export async function startTwoServices(devices: { a: number; b: number }): Promise<TwoServices> {
  const a = await startTestService({ devices: devices.a, seed: 3 });
  const b = await startTestService({
    devices: devices.b,
    seed: 11,
    consumerKey: CONSUMER_B.key,
    consumerSecret: CONSUMER_B.secret,
  });
  return {
    a,
    b,
    close: async () => {
      await a.service.close();
      await b.service.close();
    },
  };
}

/** An accounts core's options in `dataDir`, signing in to `first` by default; `extra` adds or overrides. */
export function accountsCoreOptions(
  dataDir: string,
  first: Harness,
  extra: Partial<AccountsCoreOptions> & Pick<AccountsCoreOptions, 'vault'>,
): AccountsCoreOptions {
  return {
    dataDir,
    host: 'browser',
    appVersion: 'test',
    clock: new FakeClock(Date.now()),
    notify: () => undefined,
    openExternal: async () => true,
    defaults: {
      baseUrl: first.service.baseUrl,
      consumerKey: CONSUMER_A.key,
      consumerSecret: CONSUMER_A.secret,
    },
    random: () => 0.5,
    logger: silentLogger,
    firstAccountName: 'Customer A',
    ...extra,
  };
}

export interface TwoAccounts {
  services: TwoServices;
  core: AccountsCore;
  /** A call as the renderer makes it (validated), to the account on screen or to `handlers`. */
  invoke<C extends InvokeChannel>(
    channel: C,
    payload: InvokeRequest<C>,
    handlers?: InvokeHandlers,
  ): Promise<InvokeResponse<C>>;
  idOf(name: string): string;
  close(): Promise<void>;
}

/**
 * Two services and one accounts core signed in to both: "Customer A" on service A, "Customer B" on
 * service B (consumer B), each synced once, with A on screen.
 */
export async function twoSignedInAccounts(devices: { a: number; b: number }): Promise<TwoAccounts> {
  const services = await startTwoServices(devices);
  const dir = tempDir();
  const core = createAccountsCore(
    accountsCoreOptions(dir.dir, services.a, { vault: new MemoryVault(), cacheSaveDelayMs: 1_000 }),
  );
  const invoke: TwoAccounts['invoke'] = async (channel, payload, handlers = core.handlers) => {
    const r = await dispatchInvoke(handlers, channel, payload);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.value as InvokeResponse<typeof channel>;
  };
  const signIn = async (svc: Harness, consumer: { key: string; secret: string }) => {
    const done = await pinSignIn(core.handlers, svc, consumer);
    if (!done.ok) throw new Error(`auth:complete: ${done.error.message}`);
    await invoke('sync:refresh', {});
  };
  const idOf = (name: string) => core.accounts().accounts.find((a) => a.name === name)!.id;
  await core.start();
  await signIn(services.a, { key: CONSUMER_A.key, secret: '' });
  await invoke('accounts:add', { name: 'Customer B' });
  await signIn(services.b, CONSUMER_B);
  await invoke('accounts:switch', { id: idOf('Customer A') });
  return {
    services,
    core,
    invoke,
    idOf,
    close: async () => {
      await core.dispose();
      dir.remove();
      await services.close();
    },
  };
}
