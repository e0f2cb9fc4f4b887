import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AuthState, SignInDefaults } from '../../shared/ipc/contract.js';
import { afterEach } from 'vitest';
import { setLanguage } from '../../renderer/i18n/index.js';
import { renderApp } from './support/render.js';
import { ADMIN, device, makeSnapshot, signedIn } from './support/fake-bridge.js';

const defaults: SignInDefaults = {
  baseUrl: 'http://127.0.0.1:4000',
  consumerKey: 'demo-key',
  hasConfiguredSecret: true,
  demoSignIn: { email: 'demo@example.com', password: 'demo' },
};
const NO_KEYCHAIN =
  'No keychain on this computer: this sign-in lasts for this run only, and you sign in again next time.';
const OPEN = 'Open the authorization page';
const signedOut: AuthState = { status: 'signed-out', defaults, keychainAvailable: true };

describe('sign-in', () => {
  it('opens the authorization page, offers the link when not opened, then completes with the PIN', async () => {
    const { bridge } = await renderApp({ auth: signedOut });
    expect(screen.getByLabelText('Service URL')).toHaveProperty('value', 'http://127.0.0.1:4000');
    expect(screen.getByLabelText('Consumer key')).toHaveProperty('value', 'demo-key');
    expect(screen.getByText(/leave this blank to use it/)).toBeTruthy();
    expect(screen.getByText(/demo@example\.com/)).toBeTruthy();

    bridge.handle('auth:begin', (p) => {
      bridge.emit('auth:state', {
        status: 'awaiting-pin',
        defaults,
        baseUrl: p.baseUrl,
        consumerKey: p.consumerKey,
        authorizeUrl: 'http://127.0.0.1:4000/oauth/authorize?oauth_token=abc',
        keychainAvailable: true,
      });
      return { authorizeUrl: 'http://127.0.0.1:4000/oauth/authorize?oauth_token=abc', opened: false };
    });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Open the authorization page' })),
    );
    expect(bridge.callsTo('auth:begin')).toEqual([
      { baseUrl: 'http://127.0.0.1:4000', consumerKey: 'demo-key', consumerSecret: '' },
    ]);

    const link = screen.getByRole('link', { name: 'Authorization page' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:4000/oauth/authorize?oauth_token=abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    bridge.fail('auth:complete', {
      kind: 'not-signed-in',
      message: 'verifier refused',
      problem: 'verifier_invalid',
    });
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: ' 1234 ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByRole('alert').textContent).toBe(
      'The PIN was not accepted. Check it on the authorization page and enter it again, or start over.',
    );

    bridge.handle('auth:complete', () => {
      bridge.emit('auth:state', signedIn());
      const s = signedIn();
      return s.status === 'signed-in' ? s.account : (undefined as never);
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(bridge.callsTo('auth:complete').at(-1)).toEqual({ pin: '1234' });
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Devices' }).getAttribute('aria-current')).toBe('page');
  });

  it('when the keychain fails, the same primary action signs in for this run only, said beside it', async () => {
    const { bridge } = await renderApp({ auth: signedOut });
    bridge.fail('auth:begin', { kind: 'keychain', message: 'The system keychain is not available.' });
    fireEvent.change(screen.getByLabelText('Consumer secret'), { target: { value: 's3cret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: OPEN })));
    // One notice, announced because it answers what was just tried; the cause is under "Details".
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(NO_KEYCHAIN);
    expect(alert.querySelector('details')?.textContent).toContain(
      'This computer’s keychain could not be used.',
    );
    expect(screen.getAllByText(/keychain/i, { selector: 'p' })).toHaveLength(2); // notice + its details

    bridge.handle('auth:begin', () => ({
      authorizeUrl: 'http://127.0.0.1:4000/oauth/authorize',
      opened: true,
    }));
    const primary = screen.getByRole('button', { name: OPEN });
    expect(primary.className).toContain('primary');
    expect(primary.getAttribute('aria-describedby')).toBe('keychain-notice');
    await act(async () => fireEvent.click(primary));
    expect(bridge.callsTo('auth:begin').at(-1)).toEqual({
      baseUrl: 'http://127.0.0.1:4000',
      consumerKey: 'demo-key',
      consumerSecret: 's3cret',
      memoryOnly: true,
    });
  });

  it('on a first launch without a keychain: one calm sentence, and "Open the authorization page" signs in for this run only', async () => {
    const { bridge } = await renderApp({
      auth: {
        status: 'signed-out',
        defaults,
        keychainAvailable: false,
        error: {
          kind: 'keychain',
          message:
            "This computer's keychain is not available, so your sign-in cannot be remembered. You can continue for this run only (you will sign in again after quitting).",
        },
      },
    });
    // Nothing was tried yet: no red error, no alert, the sentence once.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelectorAll('.error-text')).toHaveLength(0);
    expect(screen.getAllByText(NO_KEYCHAIN)).toHaveLength(1);
    expect(screen.queryByText(/keychain is not available/)).toBeNull();

    // One primary action, the one the README names; trying the keychain again is secondary and says so.
    const primary = screen.getByRole('button', { name: OPEN });
    expect(primary.className).toContain('primary');
    expect(primary.getAttribute('type')).toBe('submit');
    expect(document.querySelectorAll('button.primary')).toHaveLength(1);
    const retry = screen.getByRole('button', { name: 'Try the keychain again' });
    expect(retry.className).not.toContain('primary');

    bridge.handle('auth:begin', () => ({
      authorizeUrl: 'http://127.0.0.1:4000/oauth/authorize',
      opened: true,
    }));
    await act(async () => fireEvent.click(primary));
    expect(bridge.callsTo('auth:begin')).toEqual([
      { baseUrl: 'http://127.0.0.1:4000', consumerKey: 'demo-key', consumerSecret: '', memoryOnly: true },
    ]);
    await act(async () => fireEvent.click(retry));
    expect(bridge.callsTo('auth:begin').at(-1)).toEqual({
      baseUrl: 'http://127.0.0.1:4000',
      consumerKey: 'demo-key',
      consumerSecret: '',
    });
  });

  it('shows the service-unreachable sentence from the AppError', async () => {
    const { bridge } = await renderApp({ auth: signedOut });
    bridge.fail('auth:begin', { kind: 'network', message: 'ECONNREFUSED' });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Open the authorization page' })),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'The service could not be reached. Check the network connection, then try again.',
    );
    expect(screen.queryByText(NO_KEYCHAIN)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try the keychain again' })).toBeNull();
  });

  it('keeps data browsable when the sign-in expires, with a banner and the PIN flow in a dialog', async () => {
    const s = signedIn();
    if (s.status !== 'signed-in') throw new Error('fixture');
    const { bridge } = await renderApp({});
    act(() =>
      bridge.emit('auth:state', {
        status: 'reauth-required',
        account: s.account,
        credentialStore: 'keychain',
        reason: { kind: 'not-signed-in', message: 'The token was revoked.' },
      }),
    );
    expect(screen.getByText('Your sign-in is no longer valid — sign in again')).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Devices' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in again' });
    expect(dialog.querySelector('input[type="url"]')).toHaveProperty('value', s.account.baseUrl);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens an account whose credentials were not kept as "signed out — sign in to refresh", signing in for this run only', async () => {
    const s = signedIn();
    if (s.status !== 'signed-in') throw new Error('fixture');
    const { bridge } = await renderApp({
      auth: {
        status: 'reauth-required',
        account: s.account,
        credentialStore: 'memory',
        reason: { kind: 'keychain', message: 'Signed out: the credentials of the last run were not kept.' },
      },
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'Signed out — sign in to refresh. Showing the copy saved on this computer',
    );
    expect(screen.queryByText('Your sign-in is no longer valid — sign in again')).toBeNull();
    expect(screen.getByRole('grid', { name: 'Devices' })).toBeTruthy();

    bridge.handle('auth:begin', () => ({ authorizeUrl: 'http://127.0.0.1:9/oauth/authorize', opened: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in again' });
    expect(within(dialog).getByText(NO_KEYCHAIN)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: OPEN })));
    expect(bridge.callsTo('auth:begin')).toEqual([
      {
        baseUrl: s.account.baseUrl,
        consumerKey: s.account.consumerKey,
        consumerSecret: '',
        memoryOnly: true,
      },
    ]);
  });

  it('keeps the re-auth dialog and the table behind it through the PIN step, until signed in again', async () => {
    const s = signedIn();
    if (s.status !== 'signed-in') throw new Error('fixture');
    const { bridge, stores } = await renderApp({
      data: { folders: [], devices: [device('1', { name: 'alpha' })], sessions: [], users: [ADMIN] },
    });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    act(() =>
      bridge.emit('auth:state', {
        status: 'reauth-required',
        account: s.account,
        credentialStore: 'keychain',
        reason: { kind: 'not-signed-in', message: 'The token was revoked.' },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    bridge.handle('auth:begin', (p) => {
      bridge.emit('auth:state', {
        status: 'awaiting-pin',
        defaults,
        baseUrl: p.baseUrl,
        consumerKey: p.consumerKey,
        authorizeUrl: 'http://127.0.0.1:9/oauth/authorize?oauth_token=abc',
        keychainAvailable: true,
      });
      return { authorizeUrl: 'http://127.0.0.1:9/oauth/authorize?oauth_token=abc', opened: true };
    });
    const dialog = screen.getByRole('dialog', { name: 'Sign in again' });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Open the authorization page' })),
    );
    expect(stores.shell.getState().auth?.status).toBe('awaiting-pin');
    // Still the console: the same grid element (not re-mounted, so its scroll stands), the dialog at its PIN.
    expect(screen.getByRole('grid', { name: 'Devices' })).toBe(grid);
    expect(screen.queryByRole('heading', { name: 'Sign in to your remote-support account' })).toBeNull();
    const pinDialog = screen.getByRole('dialog', { name: 'Sign in again' });
    expect(within(pinDialog).getByLabelText('PIN')).toBeTruthy();
    // Writes wait for the sign-in, and say so as what it is: a sign-in to renew, not "offline" (the main
    // side's write gate gives the same answer).
    expect(stores.actions.writeBlockedReason()).toBe(
      'The service no longer accepts this sign-in. Sign in again before making changes.',
    );

    bridge.handle('auth:complete', () => {
      bridge.emit('auth:state', s);
      return s.account;
    });
    fireEvent.change(within(pinDialog).getByLabelText('PIN'), { target: { value: '1234' } });
    await act(async () => fireEvent.click(within(pinDialog).getByRole('button', { name: 'Sign in' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('grid', { name: 'Devices' })).toBe(grid);
    expect(stores.actions.writeBlockedReason()).toBeNull();
  });

  it('a first sign-in (no account before) goes from the form to the PIN page, not to the console', async () => {
    const { bridge } = await renderApp({ auth: signedOut });
    act(() =>
      bridge.emit('auth:state', {
        status: 'awaiting-pin',
        defaults,
        baseUrl: defaults.baseUrl,
        consumerKey: defaults.consumerKey,
        authorizeUrl: 'http://127.0.0.1:4000/oauth/authorize',
        keychainAvailable: true,
      }),
    );
    expect(screen.getByLabelText('PIN')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});

describe('language before sign-in', () => {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
  afterEach(() => {
    if (original) Object.defineProperty(Navigator.prototype, 'languages', original);
    act(() => setLanguage('en'));
  });

  it('speaks this computer’s language, and a language chosen on the sign-in screen is kept', async () => {
    Object.defineProperty(Navigator.prototype, 'languages', {
      configurable: true,
      get: () => ['de-AT', 'en'],
    });
    const { bridge } = await renderApp({ auth: signedOut });
    expect(screen.getByRole('heading', { name: 'Bei Ihrem Fernwartungskonto anmelden' })).toBeTruthy();
    const menu = screen.getByRole('combobox', { name: 'Sprache' });
    expect(within(menu).getByRole('option', { name: 'Wie auf diesem Computer (Deutsch)' })).toBeTruthy();
    bridge.handle('settings:update', (patch) => ({ ...makeSnapshot().settings, ...patch }));
    await act(async () => fireEvent.change(menu, { target: { value: 'fr' } }));
    expect(bridge.callsTo('settings:update')).toEqual([{ language: 'fr' }]);
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveProperty('value', 'fr');
  });
});
