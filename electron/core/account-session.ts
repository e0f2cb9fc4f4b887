// Over 400 lines on purpose: one sign-in state machine (begin, PIN, resume, revoke, sign-out) whose
// transitions all go through #setAuth; the keychain and account record are already modules of their own.
// Who is signed in: the PIN sign-in (request token, authorize page, PIN, access token, current user), the
// secrets in the vault (the OS keychain, or memory for this run only), the non-secret account record that
// lets a restart resume (or, when no credentials were kept, open the account's offline copy signed out),
// and the auth state the renderer shows. It decides when an account is entered or
// left; what that means for the data (offline copy, syncing, notices) is the host's (AccountHost) job.

import type { ServiceApi } from '../../shared/client/api.js';
import type { AppError } from '../../shared/errors.js';
import { AppFailure, fail, toAppError } from '../../shared/errors.js';
import type {
  AccountInfo,
  AuthState,
  CredentialStore,
  InvokeRequest,
  InvokeResponse,
  SignInDefaults,
} from '../../shared/ipc/contract.js';
import { isAllowedExternalUrl } from '../../shared/external-links.js';
import type { Id, User } from '../../shared/model.js';
import { userKnownById } from '../../shared/model.js';
import type { OAuthConsumer, OAuthToken } from '../../shared/oauth/types.js';
import type { AccountRecord } from './account-record.js';
import { AccountRecordStore } from './account-record.js';
import type { Logger } from './logger.js';
import type { ServiceConnector } from './service-connector.js';
import type { CredentialVault, StoredCredentials } from './vault.js';
import {
  KEYCHAIN_MISSING,
  MemoryVault,
  SAVED_SIGN_IN_MISSING,
  SAVED_SIGN_IN_MISSING_COPY_KEPT,
  vaultAccount,
} from './vault.js';

export interface SignInConfig {
  baseUrl: string;
  consumerKey: string;
  /** The demo's consumer secret, held by the main process only; used when the form leaves it blank. */
  consumerSecret?: string;
  demoSignIn?: { email: string; password: string };
}

/** What entering and leaving an account means for the rest of the app. */
export interface AccountHost {
  authChanged(state: AuthState): void;
  /**
   * Prepares the account's data before it is shown as signed in: with `keep` (the same account signing in
   * again after a revoked token) the picture stays; otherwise its offline copy and notice memory are
   * opened. Resolves to the user the offline copy remembers, if any.
   */
  open(account: { baseUrl: string; userId: Id }, api: ServiceApi, keep: boolean): Promise<User | null>;
  /** Starts syncing the account just opened. */
  startSync(): void;
  /** Stops syncing and clears the picture; `forget` also removes the account's files. */
  close(forget: boolean): Promise<void>;
  /** Removes the files of an account that is not open (its sign-in is gone). */
  discard(account: { baseUrl: string; userId: Id }): Promise<void>;
  /**
   * Shows the account's offline copy without syncing (no credentials to sync with). Resolves to the user
   * the copy remembers, or false when there is no usable copy (then nothing is shown).
   */
  openCopy(account: { baseUrl: string; userId: Id }): Promise<User | null | false>;
}

/** The account's copy opened at start without credentials (none were kept): browsable, not refreshed. */
export const CACHED_SIGNED_OUT: AppError = {
  kind: 'keychain',
  key: 'error.app.cachedSignedOut',
  message: 'Signed out: the credentials of the last run were not kept. Sign in to refresh.',
};

export interface AccountSessionOptions {
  dataDir: string;
  /** The OS keychain (KeyringVault) normally; anything implementing CredentialVault in tests. */
  vault: CredentialVault;
  connector: ServiceConnector;
  config: SignInConfig;
  /** Opens a URL in the system browser; resolves whether it did. */
  openExternal?: (url: string) => Promise<boolean>;
  /** AppCoreOptions.signInTakenBy */
  signInTakenBy?: (baseUrl: string, userId: string) => string | null;
  logger: Logger;
  host: AccountHost;
}

interface Account {
  baseUrl: string;
  consumerKey: string;
  user: User;
  store: CredentialStore;
  vault: CredentialVault;
}

interface PendingSignIn {
  baseUrl: string;
  consumer: OAuthConsumer;
  requestToken: OAuthToken;
  authorizeUrl: string;
  memoryOnly: boolean;
}

export class AccountSession {
  readonly #o: AccountSessionOptions;
  readonly #records: AccountRecordStore;
  readonly #log: Logger;
  #keychainAvailable = false;
  #auth: AuthState;
  #account: Account | null = null;
  /** The account whose offline copy is shown signed out (no credentials were kept); null otherwise. */
  #cachedOnly: AccountInfo | null = null;
  /** Why the copy shown is signed out: credentials not kept, or their keychain entry gone. */
  #cachedReason: AppError = CACHED_SIGNED_OUT;
  #pending: PendingSignIn | null = null;

  constructor(options: AccountSessionOptions) {
    this.#o = options;
    this.#log = options.logger;
    this.#records = new AccountRecordStore(options.dataDir);
    this.#auth = this.#signedOut();
  }

  get auth(): AuthState {
    return this.#auth;
  }

  /** The signed-in (or re-authenticating) account's user; null when nobody is. */
  get user(): User | null {
    return this.#account?.user ?? null;
  }

  /** Which account is signed in (or re-authenticating), as its data on disk is keyed; null when none. */
  get signedInAs(): { baseUrl: string; userId: Id } | null {
    const account = this.#account;
    return account ? { baseUrl: account.baseUrl, userId: account.user.id } : null;
  }

  /**
   * The account whose data is shown: the signed-in one, or the copy opened signed out. Its saved views,
   * history and watches are read from disk; only the signed-in one may change them.
   */
  get shownAs(): { baseUrl: string; userId: Id } | null {
    const copy = this.#cachedOnly;
    return this.signedInAs ?? (copy ? { baseUrl: copy.baseUrl, userId: copy.user.id } : null);
  }

  /** Probes the keychain and resumes the account of the last run, if its sign-in is still saved. */
  async resume(): Promise<void> {
    this.#keychainAvailable = (await this.#o.vault.probe()).available;
    this.#setAuth({ ...this.#signedOut(), ...(this.#keychainAvailable ? {} : { error: KEYCHAIN_MISSING }) });
    const record = await this.#records.load();
    if (!record) return;
    if (record.store === 'memory' || !this.#keychainAvailable) {
      await this.#openCachedOnly(record);
      return;
    }
    let credentials: StoredCredentials | null;
    try {
      credentials = await this.#o.vault.read(vaultAccount(record.baseUrl, record.userId));
    } catch (error) {
      this.#log.warn('keychain read failed on resume', { error });
      this.#setAuth({
        ...this.#signedOut(),
        error: { kind: 'keychain', message: toAppError(error).message },
      });
      return;
    }
    if (!credentials) {
      // The entry was removed outside the app (keychain reset, another tool, a new login keyring). The
      // account cannot be resumed, but its offline copy, history and unsent changes are still the
      // technician's: they open signed out, as a this-run-only account's do, and a sign-in as the same user
      // refreshes them and sends what waits; signing out of the copy removes them. (Discarding them here
      // once lost a day's queued changes to a keychain reset.)
      this.#log.warn('saved sign-in not found in the keychain: the offline copy opens signed out');
      await this.#openCachedOnly(record, SAVED_SIGN_IN_MISSING_COPY_KEPT);
      if (!this.#cachedOnly) {
        await this.#clearRecord();
        this.#setAuth({ ...this.#signedOut(), error: SAVED_SIGN_IN_MISSING });
      }
      return;
    }
    const api = this.#o.connector.createClient(record.baseUrl, record.consumerKey, credentials);
    await this.#enter(
      { baseUrl: record.baseUrl, consumerKey: record.consumerKey, user: userKnownById(record.userId) },
      { store: 'keychain', vault: this.#o.vault },
      api,
      { keep: false, userKnown: false },
    );
  }

  async begin(p: InvokeRequest<'auth:begin'>): Promise<InvokeResponse<'auth:begin'>> {
    const baseUrl = p.baseUrl.replace(/\/+$/, '');
    const consumerKey = p.consumerKey.trim();
    const d = this.#o.config;
    const configured =
      d.consumerSecret !== undefined &&
      baseUrl === d.baseUrl.replace(/\/+$/, '') &&
      consumerKey === d.consumerKey
        ? d.consumerSecret
        : undefined;
    const secret = p.consumerSecret !== '' ? p.consumerSecret : configured;
    if (secret === undefined) {
      throw new AppFailure({
        kind: 'validation',
        field: 'consumerSecret',
        key: 'error.app.consumerSecretRequired',
        message: 'Enter the consumer secret.',
      });
    }
    const memoryOnly = p.memoryOnly === true;
    if (!memoryOnly && !this.#keychainAvailable) {
      // Probe again: the keychain may have been unlocked since.
      this.#keychainAvailable = (await this.#o.vault.probe()).available;
      if (!this.#keychainAvailable) throw new AppFailure(KEYCHAIN_MISSING);
    }
    const consumer = { key: consumerKey, secret };
    const flow = this.#o.connector.tokenFlow;
    let requestToken: OAuthToken;
    try {
      requestToken = await flow.requestToken(baseUrl, consumer);
    } catch (error) {
      const appError = toAppError(error);
      this.#log.warn('request token refused', { kind: appError.kind });
      if (this.#auth.status === 'signed-out' || this.#auth.status === 'awaiting-pin') {
        this.#setAuth({ ...this.#signedOut(), error: appError });
      }
      throw new AppFailure(appError);
    }
    const authorizeUrl = flow.authorizeUrl(baseUrl, requestToken.token);
    this.#pending = { baseUrl, consumer, requestToken, authorizeUrl, memoryOnly };
    this.#setAuth({
      status: 'awaiting-pin',
      defaults: this.#signInDefaults(),
      baseUrl,
      consumerKey,
      authorizeUrl,
      keychainAvailable: this.#keychainAvailable,
    });
    let opened = false;
    if (this.#o.openExternal && isAllowedExternalUrl(authorizeUrl, [baseUrl])) {
      opened = await this.#o.openExternal(authorizeUrl).catch((error: unknown) => {
        // Not opened is an answer, not a loss: the renderer then offers the link to open by hand.
        this.#log.warn('authorize page not opened', { error });
        return false;
      });
    }
    return { authorizeUrl, opened };
  }

  async complete(pin: string): Promise<AccountInfo> {
    const pending = this.#pending;
    if (!pending) {
      throw new AppFailure({
        kind: 'validation',
        key: 'error.app.pinWithoutSignIn',
        message: 'Start signing in first: the PIN belongs to a sign-in in progress.',
      });
    }
    let user: User;
    let credentials: StoredCredentials;
    let api: ServiceApi;
    try {
      const access = await this.#o.connector.tokenFlow.accessToken(
        pending.baseUrl,
        pending.consumer,
        pending.requestToken,
        pin,
      );
      credentials = {
        consumerSecret: pending.consumer.secret,
        token: access.token,
        tokenSecret: access.secret,
      };
      api = this.#o.connector.createClient(pending.baseUrl, pending.consumer.key, credentials);
      user = await api.getCurrentUser();
    } catch (error) {
      const appError = toAppError(error);
      this.#setAuth({ ...(this.#auth as Extract<AuthState, { status: 'awaiting-pin' }>), error: appError });
      throw new AppFailure(appError);
    }
    const takenBy = this.#o.signInTakenBy?.(pending.baseUrl, user.id) ?? null;
    if (takenBy !== null) {
      // Before anything is written: the other account's keychain entry stays as it is.
      const appError: AppError = {
        kind: 'validation',
        key: 'error.app.accountTwice',
        values: { account: takenBy },
        message: `This user of this service is already signed in here as the account "${takenBy}".`,
      };
      this.#pending = null;
      this.#setAuth({ ...this.#signedOut(), error: appError });
      throw new AppFailure(appError);
    }
    const store: CredentialStore = pending.memoryOnly ? 'memory' : 'keychain';
    const vault = pending.memoryOnly ? new MemoryVault() : this.#o.vault;
    try {
      await vault.write(vaultAccount(pending.baseUrl, user.id), credentials);
    } catch (error) {
      this.#keychainAvailable = false;
      const appError: AppError = {
        ...KEYCHAIN_MISSING,
        message: `${toAppError(error).message} ${KEYCHAIN_MISSING.message}`,
      };
      this.#pending = null;
      this.#setAuth({ ...this.#signedOut(), error: appError });
      throw new AppFailure(appError);
    }
    this.#pending = null;
    // Also for this run only: no secret in it, and the next start opens the account's copy signed out.
    await this.#records
      .save({ baseUrl: pending.baseUrl, consumerKey: pending.consumer.key, userId: user.id, store })
      .catch((error: unknown) => this.#log.warn('account record not saved', { error }));
    const previous = this.#account;
    const same = previous !== null && previous.baseUrl === pending.baseUrl && previous.user.id === user.id;
    // Signing in again after a revoked token keeps the picture and the UI state, and resumes syncing.
    if (previous && !same) await this.#leave({ forget: false });
    await this.#enter(
      { baseUrl: pending.baseUrl, consumerKey: pending.consumer.key, user },
      { store, vault },
      api,
      { keep: same, userKnown: true },
    );
    return this.#accountInfo();
  }

  cancel(): void {
    this.#pending = null;
    if (this.#cachedOnly) {
      this.#setAuth(this.#cachedOnlyAuth(this.#cachedOnly));
    } else if (this.#account) {
      this.#setAuth({
        status: 'reauth-required',
        defaults: this.#signInDefaults(),
        account: this.#accountInfo(),
        credentialStore: this.#account.store,
        reason: {
          kind: 'not-signed-in',
          key: 'error.app.resumeSync',
          message: 'Sign in again to resume syncing.',
        },
      });
    } else {
      this.#setAuth(this.#signedOut());
    }
  }

  async signOut(): Promise<void> {
    this.#pending = null;
    await this.#leave({ forget: true });
    this.#setAuth(this.#signedOut());
  }

  /** The service named the current user anew: resolves whether anything about them changed. */
  updateUser(user: User): boolean {
    const account = this.#account;
    if (!account || JSON.stringify(account.user) === JSON.stringify(user)) return false;
    account.user = user;
    if (this.#auth.status === 'signed-in') {
      this.#setAuth({ status: 'signed-in', account: this.#accountInfo(), credentialStore: account.store });
    }
    return true;
  }

  /** The service refused the tokens: the data stays, syncing waits for a new sign-in. */
  unauthorized(error: AppError): void {
    const account = this.#account;
    if (!account) return;
    this.#log.warn('the service refused the sign-in: re-authentication required');
    this.#setAuth({
      status: 'reauth-required',
      defaults: this.#signInDefaults(),
      account: this.#accountInfo(),
      credentialStore: account.store,
      reason: {
        ...error,
        key: 'error.app.reauthReason',
        message:
          'The service no longer accepts this sign-in (revoked or expired). Your data stays visible; sign in again to resume syncing.',
      },
    });
  }

  /** Opens a page of the account's own service (or the one being signed in to) in the system browser. */
  async openServicePage(url: string): Promise<void> {
    const origins = [this.#account?.baseUrl, this.#pending?.baseUrl].filter((b) => b !== undefined);
    if (!isAllowedExternalUrl(url, origins)) {
      fail({
        kind: 'not-allowed',
        key: 'error.app.linkNotAllowed',
        message: "Only pages of the account's own service open from here.",
      });
    }
    if (!this.#o.openExternal || !(await this.#o.openExternal(url))) {
      fail({
        kind: 'not-allowed',
        key: 'error.app.linkFailed',
        message: 'The link could not be opened here; open it in your browser.',
      });
    }
  }

  async #enter(
    identity: { baseUrl: string; consumerKey: string; user: User },
    where: { store: CredentialStore; vault: CredentialVault },
    api: ServiceApi,
    how: { keep: boolean; userKnown: boolean },
  ): Promise<void> {
    const account: Account = { ...identity, ...where };
    this.#account = account;
    this.#cachedOnly = null;
    const cachedUser = await this.#o.host.open(
      { baseUrl: account.baseUrl, userId: account.user.id },
      api,
      how.keep,
    );
    if (!how.userKnown && cachedUser) account.user = cachedUser;
    this.#setAuth({ status: 'signed-in', account: this.#accountInfo(), credentialStore: account.store });
    this.#o.host.startSync();
  }

  async #leave({ forget }: { forget: boolean }): Promise<void> {
    const account = this.#account;
    const cachedOnly = this.#cachedOnly;
    this.#account = null;
    this.#cachedOnly = null;
    await this.#o.host.close(forget);
    if (!forget || (!account && !cachedOnly)) return;
    try {
      if (account) await account.vault.remove(vaultAccount(account.baseUrl, account.user.id));
    } catch (error) {
      this.#log.warn('keychain entry not removed', { error });
    }
    await this.#clearRecord();
  }

  async #clearRecord(): Promise<void> {
    try {
      await this.#records.clear();
    } catch (error) {
      // The record names no secret; one left behind only makes the next start look for a missing entry,
      // which signs out with a message.
      this.#log.warn('account record not removed', { error });
    }
  }

  /** The offline copy of an account whose credentials were not kept: shown, searchable, not refreshed. */
  async #openCachedOnly(record: AccountRecord, reason: AppError = CACHED_SIGNED_OUT): Promise<void> {
    const cachedUser = await this.#o.host.openCopy({ baseUrl: record.baseUrl, userId: record.userId });
    if (cachedUser === false) return;
    this.#cachedReason = reason;
    this.#cachedOnly = {
      baseUrl: record.baseUrl,
      consumerKey: record.consumerKey,
      user: cachedUser ?? userKnownById(record.userId),
    };
    this.#setAuth(this.#cachedOnlyAuth(this.#cachedOnly));
  }

  #cachedOnlyAuth(account: AccountInfo): AuthState {
    return {
      status: 'reauth-required',
      defaults: this.#signInDefaults(),
      account,
      credentialStore: this.#keychainAvailable ? 'keychain' : 'memory',
      reason: this.#cachedReason,
    };
  }

  #accountInfo(): AccountInfo {
    const a = this.#account as Account;
    return { baseUrl: a.baseUrl, consumerKey: a.consumerKey, user: a.user };
  }

  #signInDefaults(): SignInDefaults {
    const d = this.#o.config;
    return {
      baseUrl: d.baseUrl,
      consumerKey: d.consumerKey,
      hasConfiguredSecret: d.consumerSecret !== undefined && d.consumerSecret !== '',
      ...(d.demoSignIn ? { demoSignIn: d.demoSignIn } : {}),
    };
  }

  #signedOut(): Extract<AuthState, { status: 'signed-out' }> {
    return {
      status: 'signed-out',
      defaults: this.#signInDefaults(),
      keychainAvailable: this.#keychainAvailable,
    };
  }

  #setAuth(state: AuthState): void {
    this.#auth = state;
    this.#o.host.authChanged(state);
  }
}
