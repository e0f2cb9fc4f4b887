// A saved view spanning accounts (issue 28), its main side: the view's search and conditions matched over
// the devices of the accounts not on screen (accounts:view-matches), the first rows in the order asked and
// the count of all, each account named, and an account whose service is gone answering from its offline
// copy, marked so. Two stand-in services on two ports with different consumers and data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsCore, type AccountsCore } from '../../../../electron/core/accounts/accounts-core.js';
import { MemoryVault } from '../../../../electron/core/vault.js';
import type { InvokeChannel, InvokeRequest, InvokeResponse } from '../../../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../../../shared/ipc/dispatch.js';
import type { Harness as ServiceHarness } from '../../../service/support/service-harness.js';
import { tempDir } from '../../support/core-harness.js';
import { CONSUMER_B, pinSignIn } from '../../support/pin-sign-in.js';
import { accountsCoreOptions, startTwoServices, type TwoServices } from '../../support/two-accounts.js';

let svcA: ServiceHarness;
let svcB: ServiceHarness;
let services: TwoServices | undefined;
let core: AccountsCore;
let removeDir: () => void;

async function invoke<C extends InvokeChannel>(channel: C, payload: InvokeRequest<C>) {
  const r = await dispatchInvoke(core.handlers, channel, payload);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as InvokeResponse<C>;
}

async function signIn(svc: ServiceHarness, consumer: { key: string; secret: string }): Promise<void> {
  const done = await pinSignIn(core.handlers, svc, consumer);
  if (!done.ok) throw new Error(`auth:complete: ${done.error.message}`);
  await invoke('sync:refresh', {});
}

const idOf = (name: string) => core.accounts().accounts.find((a) => a.name === name)!.id;
const offlineOnly = { kind: 'group', op: 'and', conditions: [{ kind: 'status', in: ['offline'] }] };
const byName = { key: 'name', direction: 'asc' } as const;

beforeAll(async () => {
  services = await startTwoServices({ a: 30, b: 45 });
  ({ a: svcA, b: svcB } = services);
  const dir = tempDir();
  removeDir = dir.remove;
  core = createAccountsCore(
    accountsCoreOptions(dir.dir, svcA, { vault: new MemoryVault(), cacheSaveDelayMs: 1_000 }),
  );
  await core.start();
  await signIn(svcA, { key: 'test-console', secret: '' });
  await invoke('accounts:add', { name: 'Customer B' });
  await signIn(svcB, CONSUMER_B);
  await invoke('accounts:switch', { id: idOf('Customer A') });
});
afterAll(async () => {
  await core?.dispose();
  removeDir?.();
  await services?.close().catch(() => undefined);
});

describe('a saved view spanning accounts, in the accounts not on screen', () => {
  it("matches the view's conditions over the other account's devices, naming it, in the order asked", async () => {
    const offlineInB = svcB.service.store.listDevices().filter((d) => d.status === 'offline');
    expect(offlineInB.length).toBeGreaterThan(2);
    const [b] = await invoke('accounts:view-matches', {
      search: '',
      where: offlineOnly,
      sort: byName,
      limit: 500,
    });
    expect(b!.account).toEqual({ id: idOf('Customer B'), name: 'Customer B' });
    expect(b!.copy).toBe('live');
    expect(b!.total).toBe(offlineInB.length);
    expect(new Set(b!.devices.map((d) => d.id))).toEqual(new Set(offlineInB.map((d) => d.id)));
    expect(b!.devices.every((d) => d.status === 'offline')).toBe(true);
    const names = b!.devices.map((d) => (d.name ?? d.alias ?? '').toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = await invoke('accounts:view-matches', {
      search: '',
      where: offlineOnly,
      sort: { key: 'name', direction: 'desc' },
      limit: 500,
    });
    expect(desc[0]!.devices.map((d) => d.id)).toEqual(b!.devices.map((d) => d.id).reverse());
  });

  it("applies the view's search too, and leaves the account on screen out (the renderer matches it)", async () => {
    const device = svcB.service.store.listDevices().find((d) => d.name && d.ip)!;
    const [b, ...more] = await invoke('accounts:view-matches', {
      search: device.ip!,
      where: { kind: 'group', op: 'and', conditions: [] },
      sort: byName,
      limit: 500,
    });
    expect(more).toEqual([]);
    expect(b!.devices.map((d) => d.id)).toContain(device.id);
    expect(b!.devices.every((d) => d.ip?.includes(device.ip!))).toBe(true);
  });

  it('sends no more rows than asked, but counts every match (the sidebar sums the counts)', async () => {
    const all = svcB.service.store.listDevices().length;
    const everything = { kind: 'group', op: 'and', conditions: [] };
    const [capped] = await invoke('accounts:view-matches', {
      search: '',
      where: everything,
      sort: byName,
      limit: 5,
    });
    expect(capped!.devices).toHaveLength(5);
    expect(capped!.total).toBe(all);
    const [countOnly] = await invoke('accounts:view-matches', {
      search: '',
      where: everything,
      sort: byName,
      limit: 0,
    });
    expect(countOnly!.devices).toEqual([]);
    expect(countOnly!.total).toBe(all);
  });

  it('refuses conditions the view model cannot read, with a clear error', async () => {
    const r = await dispatchInvoke(core.handlers, 'accounts:view-matches', {
      search: '',
      where: { kind: 'group', op: 'and', conditions: [{ kind: 'no-such-kind' }] },
      sort: byName,
      limit: 5,
    });
    expect(r.ok).toBe(false);
  });

  it("answers for an account whose service is gone from its offline copy, marked 'offline'", async () => {
    const offlineInB = svcB.service.store.listDevices().filter((d) => d.status === 'offline').length;
    await svcB.service.close();
    await invoke('accounts:switch', { id: idOf('Customer B') });
    await dispatchInvoke(core.handlers, 'sync:refresh', {});
    await invoke('accounts:switch', { id: idOf('Customer A') });
    await expect
      .poll(
        async () =>
          (
            await invoke('accounts:view-matches', {
              search: '',
              where: offlineOnly,
              sort: byName,
              limit: 500,
            })
          )[0]!.copy,
      )
      .toBe('offline');
    const [b] = await invoke('accounts:view-matches', {
      search: '',
      where: offlineOnly,
      sort: byName,
      limit: 500,
    });
    expect(b!.total).toBe(offlineInB);
  });
});
