// A saved view spanning accounts (issue 28), its main side: the view's search and conditions matched over
// the devices of the accounts not on screen (accounts:view-matches), the first rows in the order asked and
// the count of all, each account named, and an account whose service is gone answering from its offline
// copy, marked so. Two stand-in services on two ports with different consumers and data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsCore } from '../../../../electron/core/accounts/accounts-core.js';
import { dispatchInvoke } from '../../../../shared/ipc/dispatch.js';
import type { Harness as ServiceHarness } from '../../../service/support/service-harness.js';
import { twoSignedInAccounts, type TwoAccounts } from '../../support/two-accounts.js';

let accounts: TwoAccounts;
let svcB: ServiceHarness;
let core: AccountsCore;
const invoke: TwoAccounts['invoke'] = (channel, payload) => accounts.invoke(channel, payload);
const idOf = (name: string) => accounts.idOf(name);
const offlineOnly = { kind: 'group', op: 'and', conditions: [{ kind: 'status', in: ['offline'] }] };
const byName = { key: 'name', direction: 'asc' } as const;

beforeAll(async () => {
  accounts = await twoSignedInAccounts({ a: 30, b: 45 });
  ({ core } = accounts);
  svcB = accounts.services.b;
});
afterAll(async () => {
  await accounts?.close();
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
