// A spanning view's rows of the other accounts (issue 28): each account's first rows, merged into one list
// in the order the table asks (by the account, or by a device field across accounts), one account's alone
// when the table is narrowed to it; and a shared view's text never carries the local choice of accounts.
import type { AccountViewMatches } from '../../../shared/ipc/contract.js';
import { accountRows, mainSortKey } from '../../../renderer/domain/account-view-rows.js';
import { viewToShareText, type SavedView } from '../../../renderer/domain/saved-view.js';

const dev = (id: string, name: string, ip: string, status: 'online' | 'offline' = 'offline') => ({
  id,
  name,
  alias: null,
  ip,
  os: null,
  status,
});

const matches: AccountViewMatches[] = [
  {
    account: { id: 'b', name: 'Customer B' },
    copy: 'live',
    total: 2,
    devices: [dev('b1', 'alpha', '10.0.0.20'), dev('b2', 'delta', '10.0.0.3')],
  },
  {
    account: { id: 'c', name: 'Berlin GmbH' },
    copy: 'offline',
    total: 5,
    devices: [dev('c1', 'Bravo', '10.0.0.100'), dev('c2', 'charlie', '10.0.0.4')],
  },
];

describe('rows of a view spanning accounts', () => {
  it('merges the accounts by a device field, case-blind, and IPs as numbers', () => {
    const byName = accountRows(matches, { key: 'name', direction: 'asc' });
    expect(byName.map((r) => r.device.id)).toEqual(['b1', 'c1', 'c2', 'b2']);
    const byIp = accountRows(matches, { key: 'ip', direction: 'desc' });
    expect(byIp.map((r) => r.device.ip)).toEqual(['10.0.0.100', '10.0.0.20', '10.0.0.4', '10.0.0.3']);
    // Each row keeps its account and where its data came from.
    expect(byIp[0]).toMatchObject({ account: { name: 'Berlin GmbH' }, copy: 'offline' });
  });

  it('orders by the account, by name within it, and narrows to one account', () => {
    const byAccount = accountRows(matches, { key: 'account', direction: 'asc' });
    expect(byAccount.map((r) => r.device.id)).toEqual(['c1', 'c2', 'b1', 'b2']);
    expect(accountRows(matches, { key: 'account', direction: 'desc' })[0]!.account.id).toBe('b');
    expect(accountRows(matches, { key: 'name', direction: 'asc' }, 'c').map((r) => r.device.id)).toEqual([
      'c1',
      'c2',
    ]);
    // The main side orders each account's rows by name when the table orders by account.
    expect(mainSortKey('account')).toBe('name');
    expect(mainSortKey('ip')).toBe('ip');
  });

  it('leaves the choice of accounts out of a shared view (account ids are this console’s)', () => {
    const view: SavedView = {
      id: 'v1',
      name: 'Down everywhere',
      search: '',
      where: { kind: 'group', op: 'and', conditions: [] },
      sort: { key: 'name', direction: 'asc' },
      columns: [],
      accounts: 'all',
    };
    expect(JSON.parse(viewToShareText(view)).view).not.toHaveProperty('accounts');
  });
});
