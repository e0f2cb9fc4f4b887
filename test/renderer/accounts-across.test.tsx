// Across accounts in the window (issue 28): the Devices search also asks the accounts not on screen (once
// typing pauses, never with one account), lists their matches with an Account column and drops an answer
// to an earlier query; Settings offers quiet hours for all accounts only when there are several.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AccountDeviceHit, AccountsState } from '../../shared/ipc/contract.js';
import { ADMIN, device } from './support/fake-bridge.js';
import { renderApp } from './support/render.js';
import type * as PaletteIndexModule from '../../renderer/domain/palette-index.js';

// Counts the palette's searches of its own index (an arrow key must not run one again).
const searches = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../renderer/domain/palette-index.js', async (original) => {
  const real = await original<typeof PaletteIndexModule>();
  return {
    ...real,
    searchPalette: (...args: Parameters<typeof real.searchPalette>) => {
      searches.count++;
      return real.searchPalette(...args);
    },
  };
});

const TWO: AccountsState = {
  active: 'a1',
  accounts: (['a1', 'b2'] as const).map((id, i) => ({
    id,
    name: i === 0 ? 'Customer A' : 'Customer B',
    auth: 'signed-in' as const,
    baseUrl: `http://127.0.0.1/${id}`,
    userName: 'Ada',
    connection: 'online' as const,
    offlineSince: null,
    devices: { online: 1, offline: 0, busy: 0 },
    outages: 0,
    watchedDown: 0,
  })),
};

const BETA: AccountDeviceHit = {
  account: { id: 'b2', name: 'Customer B' },
  device: { id: '77', name: 'beta-pc', alias: null, ip: '10.2.0.7', status: 'offline' },
};

const render = () =>
  renderApp({
    data: { folders: [], devices: [device('1', { name: 'alpha' })], sessions: [], users: [ADMIN] },
  });
const search = () => screen.getByRole('searchbox', { name: 'Search devices' });
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 400)));
const forAll = () => screen.queryByRole('checkbox', { name: 'Apply these quiet hours to all accounts' });

describe('across accounts', () => {
  it('with one account asks no other account and offers no quiet hours for all', async () => {
    const { bridge } = await render();
    fireEvent.change(search(), { target: { value: 'beta' } });
    await pause();
    expect(bridge.callsTo('accounts:search')).toEqual([]);
    expect(screen.queryByRole('table', { name: 'In your other accounts' })).toBeNull();
    fireEvent.keyDown(window, { key: '4', altKey: true });
    await screen.findByRole('group', { name: 'Quiet hours' });
    expect(forAll()).toBeNull();
  });

  it('with two lists the others’ matches by account, drops an answer to an earlier query, and saves quiet hours for all', async () => {
    const { bridge } = await render();
    await act(async () => bridge.emit('accounts:state', TWO));
    // "gamma" is never answered: its table must not keep showing beta's hits.
    bridge.handle('accounts:search', ({ query }) => (query === 'beta' ? [BETA] : new Promise(() => {})));
    for (const text of ['b', 'be', 'bet', 'beta']) fireEvent.change(search(), { target: { value: text } });
    const table = await screen.findByRole('table', { name: 'In your other accounts' });
    // Asked once typing pauses, not once a key: fewer questions than keystrokes, the last one the text's.
    const asked = bridge.callsTo('accounts:search');
    expect(asked.length).toBeLessThan(4);
    expect(asked.at(-1)).toEqual({ query: 'beta' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Customer B', 'beta-pc', '10.2.0.7', 'Offline']);
    expect(within(row).getByRole('button', { name: 'Open beta-pc in Customer B' })).toBeTruthy();
    fireEvent.change(search(), { target: { value: 'gamma' } });
    await waitFor(() => expect(screen.queryByRole('table', { name: 'In your other accounts' })).toBeNull());

    fireEvent.keyDown(window, { key: '4', altKey: true });
    const quiet = await screen.findByRole('group', { name: 'Quiet hours' });
    fireEvent.click(within(quiet).getByRole('checkbox', { name: /^No status alerts during these hours/ }));
    fireEvent.click(forAll()!);
    await act(async () => fireEvent.click(within(quiet).getByRole('button', { name: 'Save' })));
    expect(bridge.callsTo('accounts:quiet-hours')).toEqual([
      { quietHours: { fromMinute: 22 * 60, toMinute: 7 * 60 } },
    ]);
    expect(bridge.callsTo('watch:set')).toEqual([]);
  });

  it('the palette searches its own index again when the query changes, not on an arrow key', async () => {
    await render();
    fireEvent.click(screen.getByRole('button', { name: /Command palette/ }));
    const input = screen.getByRole('combobox', { name: 'Command palette' });
    fireEvent.change(input, { target: { value: 'al' } });
    await pause();
    const before = searches.count;
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(searches.count).toBe(before);
    fireEvent.change(input, { target: { value: 'alp' } });
    expect(searches.count).toBeGreaterThan(before);
  });
});
