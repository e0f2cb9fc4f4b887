// The PIN (oob) sign-in: service URL + consumer key/secret → "Open the authorization page" (auth:begin)
// → PIN (auth:complete). Every failure is the AppError's sentence. Without a keychain the same primary
// action signs in for this run only (auth:begin with memoryOnly), said in one sentence beside it.

import { useState, type FormEvent } from 'react';
import type { AppError } from '../../shared/errors.js';
import type { AuthState, SignInDefaults } from '../../shared/ipc/contract.js';
import { languageOfLocales } from '../../shared/i18n/translator.js';
import { formatError, t } from '../i18n/index.js';
import { LanguageSelect, nativeLanguageName } from './LanguageSelect.js';
import { useStores } from '../state/context.js';
import { SignInAccounts } from './AccountSwitcher.js';

interface Props {
  auth: AuthState;
  /** Prefill when re-signing in an account whose sign-in expired. */
  account?: { baseUrl: string; consumerKey: string };
}

function defaultsOf(auth: AuthState): SignInDefaults | null {
  return auth.status === 'signed-out' || auth.status === 'awaiting-pin' || auth.status === 'reauth-required'
    ? (auth.defaults ?? null)
    : null;
}

export function SignInFlow({ auth, account }: Props) {
  const { client } = useStores();
  const defaults = defaultsOf(auth);
  const [baseUrl, setBaseUrl] = useState(account?.baseUrl ?? defaults?.baseUrl ?? '');
  const [consumerKey, setConsumerKey] = useState(account?.consumerKey ?? defaults?.consumerKey ?? '');
  const [consumerSecret, setConsumerSecret] = useState('');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [opened, setOpened] = useState<boolean | null>(null);

  const awaiting = auth.status === 'awaiting-pin';
  const shownError =
    error ??
    (auth.status === 'signed-out' || auth.status === 'awaiting-pin' ? auth.error : undefined) ??
    null;
  // Signing in again to an account whose credentials were not kept: as it was signed in.
  const keychainAvailable =
    auth.status === 'signed-out' || auth.status === 'awaiting-pin'
      ? auth.keychainAvailable
      : auth.credentialStore === 'keychain';

  async function begin(memoryOnly: boolean) {
    setBusy(true);
    setError(null);
    const payload = { baseUrl: baseUrl.trim(), consumerKey: consumerKey.trim(), consumerSecret };
    const result = await client.auth.begin(memoryOnly ? { ...payload, memoryOnly: true } : payload);
    setBusy(false);
    if (result.ok) setOpened(result.value.opened);
    else setError(result.error);
  }

  async function complete(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const result = await client.auth.complete({ pin: pin.trim() });
    setBusy(false);
    if (!result.ok) setError(result.error);
  }

  async function startOver() {
    setError(null);
    setPin('');
    setOpened(null);
    await client.auth.cancel();
  }

  if (awaiting) {
    // Keyed apart from the first step's form: otherwise React reuses that form's fields for this one, the
    // focused address field is removed, the PIN field is not newly mounted and autoFocus never fires.
    return (
      <form key="pin" className="form" onSubmit={complete}>
        {opened === true ? (
          <p className="hint">{t('signIn.openedHint')}</p>
        ) : (
          <p className="hint">
            {t('signIn.linkHint')}{' '}
            <a href={auth.authorizeUrl} target="_blank" rel="noopener noreferrer">
              {t('signIn.linkText')}
            </a>
          </p>
        )}
        {defaults?.demoSignIn && <p className="hint demo">{t('signIn.demoHint', defaults.demoSignIn)}</p>}
        <label className="field">
          <span>{t('signIn.pin')}</span>
          <input
            value={pin}
            onChange={(e) => setPin(e.target.value)}
            autoComplete="one-time-code"
            inputMode="text"
            required
            autoFocus
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? 'signin-error' : undefined}
          />
        </label>
        {shownError && <ErrorLine id="signin-error" error={shownError} />}
        <div className="actions">
          <button type="button" onClick={startOver}>
            {t('signIn.startOver')}
          </button>
          <button type="submit" className="primary" disabled={busy || !pin.trim()}>
            {busy ? t('signIn.completing') : t('signIn.complete')}
          </button>
        </div>
      </form>
    );
  }

  // No keychain (known at launch, or found when trying): the primary action is the same "Open the
  // authorization page", now for this run only, with that said beside it. Trying the keychain again stays
  // as a secondary button: main probes again, it may have been unlocked since.
  const noKeychain = !keychainAvailable || shownError?.kind === 'keychain';
  const otherError = shownError && shownError.kind !== 'keychain' ? shownError : null;
  // Only a keychain failure the technician just caused is announced; the launch-time state is not an alert.
  const keychainFailure = error?.kind === 'keychain' ? error : null;
  return (
    <form
      key="begin"
      className="form"
      aria-label={t('signIn.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void begin(noKeychain);
      }}
    >
      <label className="field">
        <span>{t('signIn.baseUrl')}</span>
        <input type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} required autoFocus />
      </label>
      <label className="field">
        <span>{t('signIn.consumerKey')}</span>
        <input
          value={consumerKey}
          onChange={(e) => setConsumerKey(e.target.value)}
          required
          autoComplete="off"
        />
      </label>
      <label className="field">
        <span>{t('signIn.consumerSecret')}</span>
        <input
          type="password"
          value={consumerSecret}
          onChange={(e) => setConsumerSecret(e.target.value)}
          required={!defaults?.hasConfiguredSecret && !account}
          autoComplete="off"
          aria-describedby={defaults?.hasConfiguredSecret ? 'secret-hint' : undefined}
        />
      </label>
      {defaults?.hasConfiguredSecret && (
        <p id="secret-hint" className="hint field-hint">
          {t('signIn.secretConfigured')}
        </p>
      )}
      {defaults?.demoSignIn && <p className="hint demo">{t('signIn.demoHint', defaults.demoSignIn)}</p>}
      {otherError && <ErrorLine id="signin-error" error={otherError} />}
      {noKeychain && (
        <div className="notice" role={keychainFailure ? 'alert' : undefined}>
          <p id="keychain-notice">{t('signIn.noKeychainNotice')}</p>
          {keychainFailure && (
            <details>
              <summary>{t('signIn.noKeychainDetails')}</summary>
              <p className="hint">{formatError(keychainFailure)}</p>
            </details>
          )}
        </div>
      )}
      <div className="actions">
        {noKeychain && (
          <button type="button" disabled={busy} onClick={() => void begin(false)}>
            {t('signIn.retryKeychain')}
          </button>
        )}
        <button
          type="submit"
          className="primary"
          disabled={busy}
          aria-describedby={noKeychain ? 'keychain-notice' : undefined}
        >
          {busy ? t('signIn.opening') : t('signIn.open')}
        </button>
      </div>
    </form>
  );
}

export function ErrorLine({ error, id }: { error: AppError; id?: string }) {
  return (
    <p role="alert" className="error-text" id={id}>
      {formatError(error)}
    </p>
  );
}

export function SignInScreen({ auth }: { auth: AuthState }) {
  const computer = languageOfLocales(navigator.languages) ?? 'en';
  return (
    <main className="signin-page">
      <section className="signin-card" aria-labelledby="signin-title">
        <h1 id="signin-title">{t('signIn.title')}</h1>
        {/* Before sign-in the console speaks this computer's language; another can be chosen here. */}
        <div className="form signin-language">
          <LanguageSelect
            id="signin-language"
            automatic={t('signIn.languageComputer', { language: nativeLanguageName(computer) })}
          />
        </div>
        <SignInFlow auth={auth} />
        <SignInAccounts />
      </section>
    </main>
  );
}
