// Across accounts (issue 28): the search finds devices of the accounts not on screen by name, IP or MAC,
// naming their account, and quiet hours can be set for all accounts at once, each keeping its watches.
// Two stand-in services on two ports with different consumers and data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsCore } from '../../../../electron/core/accounts/accounts-core.js';
import { HITS_PER_ACCOUNT } from '../../../../electron/core/device-rank.js';
import type { AccountDeviceHit, WatchSettings } from '../../../../shared/ipc/contract.js';
import type { Harness as ServiceHarness } from '../../../service/support/service-harness.js';
import { twoSignedInAccounts, type TwoAccounts } from '../../support/two-accounts.js';

let accounts: TwoAccounts;
let svcA: ServiceHarness;
let svcB: ServiceHarness;
let core: AccountsCore;
const invoke: TwoAccounts['invoke'] = (channel, payload, handlers) =>
  accounts.invoke(channel, payload, handlers);
const idOf = (name: string) => accounts.idOf(name);
const namesOf = (svc: ServiceHarness) =>
  svc.service.store.listDevices().map((d) => ({ name: d.name ?? '', ip: d.ip ?? '', mac: d.mac ?? '' }));

beforeAll(async () => {
  accounts = await twoSignedInAccounts({ a: 30, b: 45 });
  ({ core } = accounts);
  ({ a: svcA, b: svcB } = accounts.services);
});
afterAll(async () => {
  await accounts?.close();
});

describe('across accounts', () => {
  it('finds a device of the account not on screen by its name, naming that account', async () => {
    const inA = new Set(namesOf(svcA).map((d) => d.name.toLowerCase()));
    const onlyB = namesOf(svcB).find(
      (d) => d.name && ![...inA].some((a) => a.includes(d.name.toLowerCase())),
    )!;
    const device = svcB.service.store.listDevices().find((d) => d.name === onlyB.name)!;
    const hits = await invoke('accounts:search', { query: onlyB.name.toUpperCase() });
    expect(hits).toContainEqual<AccountDeviceHit>({
      account: { id: idOf('Customer B'), name: 'Customer B' },
      device: { id: device.id, name: device.name, alias: device.alias, ip: device.ip, status: device.status },
    });
    expect(hits.every((h) => h.account.name === 'Customer B')).toBe(true);
  });

  it('leaves the account on screen out (the palette searches its own copy) and finds it from the other', async () => {
    const a = namesOf(svcA).find((d) => d.name && !namesOf(svcB).some((b) => b.name.includes(d.name)))!;
    expect(await invoke('accounts:search', { query: a.name })).toEqual([]);
    await invoke('accounts:switch', { id: idOf('Customer B') });
    try {
      const hits = await invoke('accounts:search', { query: a.name });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.every((h) => h.account.name === 'Customer A')).toBe(true);
    } finally {
      await invoke('accounts:switch', { id: idOf('Customer A') });
    }
  });

  it('matches an IP or a MAC, every word of the query, and sends only a few hits per account', async () => {
    const b = namesOf(svcB).find((d) => d.ip && d.mac && d.name)!;
    const byIp = await invoke('accounts:search', { query: b.ip });
    expect(byIp.map((h) => h.device.ip)).toContain(b.ip);
    const byMac = await invoke('accounts:search', { query: b.mac.toLowerCase() });
    expect(byMac.map((h) => h.device.name)).toContain(b.name);
    // Both words must match: the device's name and an IP that is not its own find nothing of it.
    const other = namesOf(svcB).find((d) => d.ip && d.ip !== b.ip && !d.name.includes(b.name))!;
    const both = await invoke('accounts:search', { query: `${b.name} ${other.ip}` });
    expect(both.map((h) => h.device.name)).not.toContain(b.name);
    // A query nearly everything matches ("." of every IP) is cut to a few, not the whole account.
    const wide = await invoke('accounts:search', { query: '.' });
    expect(wide).toHaveLength(HITS_PER_ACCOUNT);
    expect(await invoke('accounts:search', { query: '   ' })).toEqual([]);
  });

  it('sets the same quiet hours in every account, each keeping its own watches, and clears them all', async () => {
    const watch = {
      id: 'all-a',
      target: { kind: 'account' as const },
      when: { offline: true, online: false, offlineLongerMinutes: null, busyLongerMinutes: null },
    };
    await invoke('watch:set', { watches: [watch], quietHours: null });
    const quietHours = { fromMinute: 22 * 60, toMinute: 7 * 60 };
    await invoke('accounts:quiet-hours', { quietHours });
    const of = (name: string): Promise<WatchSettings> =>
      invoke('watch:get', {}, core.coreOf(idOf(name))!.handlers);
    expect(await of('Customer A')).toEqual({ watches: [watch], quietHours });
    expect(await of('Customer B')).toEqual({ watches: [], quietHours });
    await invoke('accounts:quiet-hours', { quietHours: null });
    expect(await of('Customer A')).toEqual({ watches: [watch], quietHours: null });
    expect(await of('Customer B')).toEqual({ watches: [], quietHours: null });
  });

  it('sets quiet hours in all accounts or in none: a failed write puts back what the others had', async () => {
    const before = { fromMinute: 12 * 60, toMinute: 13 * 60 };
    await invoke('accounts:quiet-hours', { quietHours: before });
    const handlersOfB = core.coreOf(idOf('Customer B'))!.handlers;
    const set = handlersOfB['watch:set'];
    // B's settings file cannot be written (a full disk): the stand-in for what no test machine can do here.
    handlersOfB['watch:set'] = () => Promise.reject(new Error('ENOSPC: no space left on device'));
    try {
      await expect(
        invoke('accounts:quiet-hours', { quietHours: { fromMinute: 22 * 60, toMinute: 7 * 60 } }),
      ).rejects.toThrow('accounts:quiet-hours');
    } finally {
      handlersOfB['watch:set'] = set;
    }
    const of = (name: string): Promise<WatchSettings> =>
      invoke('watch:get', {}, core.coreOf(idOf(name))!.handlers);
    expect((await of('Customer A')).quietHours).toEqual(before);
    expect((await of('Customer B')).quietHours).toEqual(before);
    await invoke('accounts:quiet-hours', { quietHours: null });
  });
});
