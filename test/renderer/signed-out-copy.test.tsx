// The copy opened signed out (no credentials kept between runs) says how old it is, never claims to be up
// to date, and its saved views follow it into the signed-in account.
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../shared/ipc/contract.js';
import { renderApp } from './support/render.js';
import { ADMIN, device, makeSync, signedIn } from './support/fake-bridge.js';

const SAVED_AT = '2026-11-21T10:00:00Z';

function copyAuth(): AuthState {
  const s = signedIn();
  if (s.status !== 'signed-in') throw new Error('fixture');
  return {
    status: 'reauth-required',
    account: s.account,
    credentialStore: 'memory',
    reason: { kind: 'keychain', message: 'Signed out: the credentials of the last run were not kept.' },
  };
}

afterEach(() => vi.useRealTimers());

describe('the signed-out copy', () => {
  it('names when the copy was saved in the banner, and the status bar never says "up to date"', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.parse(SAVED_AT) + 18 * 60_000 + 20_000));
    const fresh = '2026-11-21T10:17:50Z';
    const ds = { fetchedAt: fresh, refreshing: false, error: null, nextRefreshAt: null };
    await renderApp({
      auth: copyAuth(),
      sync: makeSync({
        connection: 'idle',
        cacheSavedAt: SAVED_AT,
        datasets: { folders: ds, devices: ds, sessions: ds, users: ds },
      }),
    });
    const time = new Date(SAVED_AT).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    const banner = screen.getByRole('alert').textContent ?? '';
    expect(banner).toContain('Signed out — sign in to refresh.');
    expect(banner.replace(/\s/g, ' ')).toContain(
      `Showing the copy saved on this computer 18 min ago, at ${time.replace(/\s/g, ' ')}.`,
    );
    const bar = screen.getByRole('contentinfo', { name: 'Status' }).textContent ?? '';
    expect(bar).not.toContain('Data up to date');
    expect(bar).toContain('Oldest data');
    expect(bar).toContain('Not syncing (signed out)');
  });

  it('loads the saved views again once signed in from the copy', async () => {
    const { bridge } = await renderApp({ auth: copyAuth() });
    const loads = () => bridge.callsTo('views:load').length;
    const before = loads();
    expect(before).toBeGreaterThan(0);
    await act(async () => bridge.emit('auth:state', signedIn()));
    expect(loads()).toBe(before + 1);
    // An unrelated auth event of the same signed-in account loads nothing more.
    await act(async () => bridge.emit('auth:state', signedIn()));
    expect(loads()).toBe(before + 1);
  });
});

describe('screens that cannot load say why', () => {
  const refused = { kind: 'storage' as const, key: 'error.app.historyNotOpened', message: 'x' };

  it('the Overview says why it cannot be shown, in one sentence, and tries again', async () => {
    const { bridge, stores } = await renderApp();
    bridge.fail('history:overview', refused);
    await act(async () => stores.uiActions.setScreen('overview'));
    const alert = await screen.findByText(
      'The overview cannot be shown: The status history saved on this computer could not be opened; the device list is not affected.',
    );
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByText('Loading the overview…')).toBeNull();
    const asked = bridge.callsTo('history:overview').length;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(bridge.callsTo('history:overview').length).toBe(asked + 1);
  });

  it('the saved views say why they cannot be shown', async () => {
    const { bridge, stores } = await renderApp();
    bridge.fail('views:load', { kind: 'storage', message: 'The disk is full.' });
    await act(async () => stores.savedViews.load());
    const panel = screen.getByRole('region', { name: 'Saved views' });
    // Worded by kind in the technician's language (the main side's English is not shown as is).
    expect(within(panel).getByRole('alert').textContent).toMatch(/^Saved views cannot be shown: \S/);
  });

  it('an open device’s history says why it cannot be shown instead of loading for ever', async () => {
    const { bridge, stores } = await renderApp({
      data: { folders: [], devices: [device('1', { name: 'alpha' })], sessions: [], users: [ADMIN] },
    });
    bridge.fail('history:device', refused);
    await act(async () => stores.uiActions.selectDevice('1'));
    expect(
      await screen.findByText(
        'The history cannot be shown: The status history saved on this computer could not be opened; the device list is not affected.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Loading history…')).toBeNull();
  });
});
