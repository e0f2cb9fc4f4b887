// Where an account's secrets live. One JSON secret per account; nothing secret is written anywhere else.
// The keychain (keyring-vault.ts) is the normal home; MemoryVault serves "this run only" when there is no
// keychain and the technician accepted that.

import type { AppError } from '../../shared/errors.js';

export const KEYCHAIN_MISSING: AppError = {
  kind: 'keychain',
  key: 'error.app.keychainMissing',
  message:
    "This computer's keychain is not available, so your sign-in cannot be remembered. " +
    'You can continue for this run only (you will sign in again after quitting).',
};

export const SAVED_SIGN_IN_MISSING: AppError = {
  kind: 'keychain',
  key: 'error.app.savedSignInMissing',
  message:
    "Your saved sign-in was not found in this computer's keychain (it may have been removed or reset), " +
    'so you need to sign in again.',
};

export const SAVED_SIGN_IN_MISSING_COPY_KEPT: AppError = {
  kind: 'keychain',
  key: 'error.app.savedSignInMissingCopyKept',
  message:
    "Signed out: your saved sign-in was not found in this computer's keychain (it may have been removed or " +
    'reset). The offline copy and any changes waiting to be sent are kept; sign in again to refresh and send them.',
};

export interface StoredCredentials {
  consumerSecret: string;
  token: string;
  tokenSecret: string;
}

export interface VaultProbe {
  available: boolean;
  /** A sentence for the technician when not available. */
  message?: string;
}

export interface CredentialVault {
  readonly kind: 'keychain' | 'memory';
  probe(): Promise<VaultProbe>;
  read(account: string): Promise<StoredCredentials | null>;
  write(account: string, credentials: StoredCredentials): Promise<void>;
  /** Resolves true when an entry was removed. */
  remove(account: string): Promise<boolean>;
}

/** The vault's account name: base URL + user id, so two service addresses never share an entry. */
export function vaultAccount(baseUrl: string, userId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}#${userId}`;
}

export function serialiseCredentials(credentials: StoredCredentials): string {
  return JSON.stringify({
    consumerSecret: credentials.consumerSecret,
    token: credentials.token,
    tokenSecret: credentials.tokenSecret,
  });
}

/** Returns null for anything that is not a complete secret (a foreign or damaged entry is not used). */
export function parseCredentials(text: string | null): StoredCredentials | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredCredentials>;
    if (
      typeof value.consumerSecret === 'string' &&
      typeof value.token === 'string' &&
      typeof value.tokenSecret === 'string'
    ) {
      return { consumerSecret: value.consumerSecret, token: value.token, tokenSecret: value.tokenSecret };
    }
  } catch {
    // fall through: not ours
  }
  return null;
}

export class MemoryVault implements CredentialVault {
  readonly kind = 'memory' as const;
  readonly #entries = new Map<string, string>();

  async probe(): Promise<VaultProbe> {
    return { available: true };
  }
  async read(account: string): Promise<StoredCredentials | null> {
    return parseCredentials(this.#entries.get(account) ?? null);
  }
  async write(account: string, credentials: StoredCredentials): Promise<void> {
    this.#entries.set(account, serialiseCredentials(credentials));
  }
  async remove(account: string): Promise<boolean> {
    return this.#entries.delete(account);
  }
}
