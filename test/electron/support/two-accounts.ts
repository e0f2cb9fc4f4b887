// What the tests of several accounts share: two stand-in services with different data and consumers (the
// first with the harness's default consumer, the second with CONSUMER_B), and the options of an accounts
// core whose first account ("Customer A") defaults to the first service.

import type { AccountsCoreOptions } from '../../../electron/core/accounts/accounts-core.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { startTestService, type Harness } from '../../service/support/service-harness.js';
import { FakeClock } from './fake-clock.js';
import { CONSUMER_B } from './pin-sign-in.js';

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
