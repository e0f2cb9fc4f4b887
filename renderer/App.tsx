// The shell: sign-in until signed in; then sidebar navigation, banners, the current screen, status bar and
// toasts. Global shortcuts live here: "/" or Ctrl+F search, F5 or Ctrl+R refresh, Alt+1…5 sections.

import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { chosenLanguage, type UiLanguage } from '../shared/i18n/translator.js';
import {
  formatError,
  getLanguage,
  restoreFocusAfterLanguageChange,
  setLanguage,
  setTimeValueFormatter,
  t,
} from './i18n/index.js';
import { shownAccount } from './state/shell-store.js';
import { useShell, useStores, useUi } from './state/context.js';
import type { Screen } from './state/ui-store.js';
import { SEARCH_INPUT_ID, SECTIONS, sectionForKey } from './shortcuts.js';
import {
  displayTime,
  getDisplayOffset,
  parseGmtOffset,
  parseTimestamp,
  setDisplayOffset,
} from './domain/time-zone.js';
import { AccountMenu } from './components/AccountMenu.js';
import { useAccountKeys } from './components/AccountSwitcher.js';
import { Banners } from './components/Banners.js';
import { SignInScreen } from './components/SignIn.js';
import { StatusBar } from './components/StatusBar.js';
import { Announcer, Toasts } from './components/Toasts.js';
import { CommandPalette } from './components/CommandPalette.js';
import { focusScreenHeading, useFocusKeeper } from './components/focus.js';
import { DevicesScreen } from './screens/DevicesScreen.js';
import { SessionsScreen } from './screens/SessionsScreen.js';
import { UsersScreen } from './screens/UsersScreen.js';
import { SettingsScreen } from './screens/SettingsScreen.js';
import { OverviewScreen } from './screens/OverviewScreen.js';

const SCREENS = SECTIONS;

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
}

function useGlobalShortcuts(openPalette: () => void) {
  const stores = useStores();
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      const mod = e.ctrlKey || e.metaKey;
      if (mod && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        openPalette();
        return;
      }
      if (e.key === 'F5' || (mod && e.key.toLowerCase() === 'r')) {
        e.preventDefault();
        void stores.actions.refresh();
        return;
      }
      if ((mod && e.key.toLowerCase() === 'f') || (e.key === '/' && !isTyping(e.target) && !mod)) {
        // Only this key is held back (no "/" typed, no browser find); focus moves before the next key
        // arrives, so what is typed right after "/" lands in the search box. Rendering the devices screen
        // synchronously makes the box exist now, not a frame later.
        e.preventDefault();
        flushSync(() => stores.uiActions.setScreen('devices'));
        document.getElementById(SEARCH_INPUT_ID)?.focus();
        return;
      }
      const section = e.altKey && !mod ? sectionForKey(e.key) : null;
      if (section) {
        e.preventDefault();
        // The new screen is drawn now so focus can land on its heading (a screen reader reads where it is).
        flushSync(() => stores.uiActions.setScreen(section));
        focusScreenHeading();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [stores, openPalette]);
}

function useWindowActivity() {
  const stores = useStores();
  useEffect(() => {
    const report = () =>
      void stores.client.app.windowActivity({
        visible: document.visibilityState === 'visible',
        focused: document.hasFocus(),
      });
    report();
    document.addEventListener('visibilitychange', report);
    window.addEventListener('focus', report);
    window.addEventListener('blur', report);
    return () => {
      document.removeEventListener('visibilitychange', report);
      window.removeEventListener('focus', report);
      window.removeEventListener('blur', report);
    };
  }, [stores]);
}

/**
 * The language: the Settings choice, or the signed-in user's own on the service. Set before anything
 * below renders, so a change applies at once; the console below is keyed by it, so every memoised
 * string is made again, and focus returns to the control that changed it.
 */
function useAppLanguage(): UiLanguage {
  const choice = useShell((s) => s.settings?.language ?? 'account');
  const own = useShell((s) => shownAccount(s)?.account.user.language ?? null);
  // Before sign-in (no account language): this computer's.
  const language = chosenLanguage(choice, own, typeof navigator === 'undefined' ? [] : navigator.languages);
  if (language !== getLanguage()) setLanguage(language);
  useEffect(() => restoreFocusAfterLanguageChange(), [language]);
  return language;
}

/** The display clock (Settings): set before anything renders a time; the console is keyed by it. */
function useDisplayZone(): string {
  const choice = useShell((s) => s.settings?.displayZone ?? 'computer');
  const own = useShell((s) => shownAccount(s)?.account.user.timeZone ?? null);
  const offset = choice === 'account' ? parseGmtOffset(own) : null;
  if (offset?.minutes !== getDisplayOffset()?.minutes) setDisplayOffset(offset);
  return offset?.label ?? 'computer';
}

// Times inside messages main sends (e.g. "offline since") are shown on the display clock too.
setTimeValueFormatter((iso) => {
  const at = parseTimestamp(iso);
  return at ? displayTime(at, 'time') : null;
});

function useTheme() {
  const theme = useShell((s) => s.settings?.theme ?? 'system');
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}

export function App() {
  const stores = useStores();
  const phase = useShell((s) => s.phase);
  const startError = useShell((s) => s.startError);
  const auth = useShell((s) => s.auth);
  const hasAccount = useShell((s) => shownAccount(s) !== null);
  const language = useAppLanguage();
  const zone = useDisplayZone();
  useTheme();
  useWindowActivity();
  useFocusKeeper();
  useAccountKeys();

  if (phase === 'loading' && !auth) {
    return (
      <main className="center-page" aria-busy="true">
        <p>{t('app.loading')}</p>
      </main>
    );
  }
  if (phase === 'failed' || !auth) {
    return (
      <main className="center-page">
        <p role="alert">{t('app.startFailed', { message: startError ? formatError(startError) : '' })}</p>
        <button type="button" onClick={() => void stores.start()}>
          {t('app.retry')}
        </button>
      </main>
    );
  }
  // Signing in again (awaiting-pin for an account already shown) keeps the console, and its table and
  // scroll, mounted behind the re-auth dialog.
  if (!hasAccount) return <SignInScreen key={language} auth={auth} />;
  return <Console key={`${language}|${zone}`} />;
}

function Console() {
  const stores = useStores();
  const screen = useUi((s) => s.screen);
  const account = useShell(shownAccount);
  const [palette, setPalette] = useState(false);
  const openPalette = useCallback(() => setPalette(true), []);
  const closePalette = useCallback(() => setPalette(false), []);
  useGlobalShortcuts(openPalette);
  useAnnounceScreen(screen);

  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">{t('app.title')}</span>
        <span className="spacer" />
        <button type="button" className="ghost" onClick={openPalette} title={t('shortcuts.palette')}>
          {t('palette.open')}
        </button>
        <button
          type="button"
          className="ghost"
          onClick={() => void stores.actions.refresh()}
          title={t('shortcuts.refresh')}
        >
          {t('common.refresh')}
        </button>
        {account && <AccountMenu account={account.account} store={account.credentialStore} />}
      </header>
      <nav className="sidebar" aria-label={t('nav.label')}>
        <ul>
          {SCREENS.map(({ screen: s, label }) => (
            <li key={s}>
              <a
                href={`#${s}`}
                aria-current={screen === s ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  stores.uiActions.setScreen(s);
                }}
              >
                {t(label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" aria-label={t(SCREENS.find((x) => x.screen === screen)!.label)}>
        <Banners />
        {screen === 'devices' && <DevicesScreen />}
        {screen === 'sessions' && <SessionsScreen />}
        {screen === 'users' && <UsersScreen />}
        {screen === 'settings' && <SettingsScreen />}
        {screen === 'overview' && <OverviewScreen />}
      </main>
      <StatusBar />
      <Toasts />
      {palette && <CommandPalette onClose={closePalette} />}
      <Announcer />
    </div>
  );
}

/** A screen switch (a link, Alt+1–5, a notice's "Show") is said in the polite live region. */
function useAnnounceScreen(screen: Screen) {
  const stores = useStores();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const label = SCREENS.find((x) => x.screen === screen)!.label;
    stores.uiActions.announce(t('a11y.screenShown', { screen: t(label) }));
  }, [screen, stores]);
}
