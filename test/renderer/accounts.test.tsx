// Several accounts in the window (issue 28): the account menu lists them and adds one, Ctrl+2 and the
// palette's "Switch to …" switch, a notice of an account not on screen names it and its "Open device"
// switches there first, and the Overview shows every account's health side by side.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AccountsState, AccountSummary } from '../../shared/ipc/contract.js';
import type { StatusNotice } from '../../shared/status-history.js';
import { ADMIN, device } from './support/fake-bridge.js';
import { renderApp } from './support/render.js';

// jsdom draws no canvas (getContext answers null): uPlot's deferred first paint would throw after the
// Overview test ended. The chart is the browser's to test (test/e2e/status-history.spec.ts); here the
// Overview's account cards are what is read.
vi.mock('../../renderer/components/StatusChart.js', () => ({ StatusChart: () => null }));

function summary(id: string, name: string, patch: Partial<AccountSummary> = {}): AccountSummary {
  return {
    id,
    name,
    auth: 'signed-in',
    baseUrl: `http://127.0.0.1/${id}`,
    userName: 'Ada',
    connection: 'online',
    offlineSince: null,
    devices: { online: 3, offline: 1, busy: 0 },
    outages: 0,
    watchedDown: 0,
    ...patch,
  };
}

const TWO: AccountsState = {
  active: 'a1',
  accounts: [
    summary('a1', 'Customer A'),
    summary('b2', 'Customer B', {
      connection: 'offline',
      devices: { online: 7, offline: 3, busy: 1 },
      watchedDown: 2,
    }),
  ],
};

async function renderTwo() {
  const rendered = await renderApp({
    data: { folders: [], devices: [device('1', { name: 'alpha' })], sessions: [], users: [ADMIN] },
  });
  const { bridge } = rendered;
  bridge.handle('accounts:switch', ({ id }) => ({ ...TWO, active: id }));
  bridge.handle('accounts:add', ({ name }) => ({
    active: 'c3',
    accounts: [...TWO.accounts, summary('c3', name, { auth: 'signed-out', devices: null })],
  }));
  await act(async () => bridge.emit('accounts:state', TWO));
  return rendered;
}

describe('several accounts', () => {
  it('the account menu lists them, switches by mouse and adds one by name', async () => {
    const { bridge } = await renderTwo();
    fireEvent.click(screen.getByRole('button', { name: /^Account: Customer A/ }));
    const list = screen.getByRole('list', { name: 'Accounts' });
    expect(
      within(list).getByRole('button', { name: 'Switch to Customer A' }).getAttribute('aria-current'),
    ).toBe('true');
    await act(async () =>
      fireEvent.click(within(list).getByRole('button', { name: 'Switch to Customer B' })),
    );
    expect(bridge.callsTo('accounts:switch')).toEqual([{ id: 'b2' }]);

    fireEvent.click(screen.getByRole('button', { name: /^Account: Customer B/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an account' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add account' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a name for the account.');
    expect(bridge.callsTo('accounts:add')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Account name'), { target: { value: ' Customer C ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add account' })));
    expect(bridge.callsTo('accounts:add')).toEqual([{ name: 'Customer C' }]);
  });

  it('renames the account on screen from the account menu', async () => {
    const { bridge } = await renderTwo();
    bridge.handle('accounts:rename', ({ id, name }) => ({
      ...TWO,
      accounts: TWO.accounts.map((a) => (a.id === id ? { ...a, name } : a)),
    }));
    fireEvent.click(screen.getByRole('button', { name: /^Account: Customer A/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Rename Customer A' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename the account' });
    const field = within(dialog).getByLabelText('Account name');
    expect((field as HTMLInputElement).value).toBe('Customer A');
    fireEvent.change(field, { target: { value: 'Acme Ltd' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(bridge.callsTo('accounts:rename')).toEqual([{ id: 'a1', name: 'Acme Ltd' }]);
    expect(screen.getByRole('button', { name: /^Account: Acme Ltd/ })).toBeTruthy();
  });

  it('Ctrl+2 shows the second account and the palette offers "Switch to …" the others', async () => {
    const { bridge } = await renderTwo();
    await act(async () => fireEvent.keyDown(window, { key: '2', ctrlKey: true }));
    expect(bridge.callsTo('accounts:switch')).toEqual([{ id: 'b2' }]);
    await act(async () => fireEvent.keyDown(window, { key: '1', ctrlKey: true }));
    expect(bridge.callsTo('accounts:switch')).toEqual([{ id: 'b2' }, { id: 'a1' }]);
    await act(async () => fireEvent.keyDown(window, { key: '9', ctrlKey: true })); // no ninth: nothing
    expect(bridge.callsTo('accounts:switch')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: /Command palette/ }));
    const input = screen.getByRole('combobox', { name: 'Command palette' });
    fireEvent.change(input, { target: { value: 'switch' } });
    const option = within(screen.getByRole('listbox')).getByRole('option', { name: /Switch to Customer B/ });
    await act(async () => fireEvent.click(option));
    expect(bridge.callsTo('accounts:switch').at(-1)).toEqual({ id: 'b2' });
  });

  it('a notice of the account not on screen names it, and its "Open device" switches there with the device', async () => {
    const { bridge } = await renderTwo();
    const notice: StatusNotice = {
      title: 't',
      body: 'b',
      items: [{ kind: 'offline', deviceId: 'd7', folderId: null, label: 'Front desk', flapping: false }],
      open: { kind: 'device', id: 'd7', account: 'b2' },
      account: { id: 'b2', name: 'Customer B' },
    };
    await act(async () => bridge.emit('notify:status', notice));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(toasts.textContent).toContain('Customer B: Front desk went offline');
    await act(async () => fireEvent.click(within(toasts).getByRole('button', { name: 'Open device' })));
    expect(bridge.callsTo('accounts:switch')).toEqual([{ id: 'b2', open: { kind: 'device', id: 'd7' } }]);
  });

  it('the Overview shows every account’s health side by side', async () => {
    const { bridge } = await renderTwo();
    bridge.handle('history:overview', () => ({
      now: Date.now(),
      counts: { online: 3, offline: 1, busy: 0 },
      day: { t: [], online: [], offline: [], busy: [] },
      week: { t: [], online: [], offline: [], busy: [] },
      mostOffline: [],
      outages: [],
      recent: [],
    }));
    await act(async () => fireEvent.keyDown(window, { key: '5', altKey: true }));
    const cards = await screen.findByRole('region', { name: 'All accounts' });
    const b = within(cards).getByRole('listitem', { name: 'Customer B' });
    expect(b.textContent).toContain('offline');
    expect(b.textContent).toContain('7 online, 3 offline, 1 busy');
    expect(b.textContent).toContain('2 watched devices down');
    await act(async () => fireEvent.click(within(b).getByRole('button', { name: 'Switch to Customer B' })));
    expect(bridge.callsTo('accounts:switch')).toEqual([{ id: 'b2' }]);
  });
});
