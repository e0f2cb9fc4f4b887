// The OS keychain through @napi-rs/keyring (keytar's API without keytar's native build; design card).
// Its `keytar` entry point cannot pin a Linux store, and the default silently falls back to the kernel
// keyutils keyring, which forgets everything at reboot: we use its AsyncEntry with
// `{ linux: { store: 'secret-service' } }`, so a missing Secret Service is an error we can explain
// rather than a "remember me" that is quietly lost. On Windows and macOS the option is ignored.

import { createRequire } from 'node:module';
import type * as Keyring from '@napi-rs/keyring';
import type { CredentialVault, StoredCredentials, VaultProbe } from './vault.js';
import { parseCredentials, serialiseCredentials } from './vault.js';

// Required, not imported: the package is CommonJS, and an ES import of it makes Node scan its source for
// export names first (cjs-module-lexer), 7-12 ms of every start on the project machine, before the
// console listens.
const { AsyncEntry } = createRequire(import.meta.url)('@napi-rs/keyring') as typeof Keyring;

export const KEYCHAIN_SERVICE = 'Support Console';
const ENTRY_OPTIONS = { linux: { store: 'secret-service' as const } };

export const NO_KEYCHAIN_MESSAGE =
  "This computer's keychain is not available, so the app cannot remember your sign-in. " +
  'You can continue for this run only: you will need to sign in again after quitting.';

export class KeychainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeychainError';
  }
}

export class KeyringVault implements CredentialVault {
  readonly kind = 'keychain' as const;
  readonly #service: string;

  constructor(service: string = KEYCHAIN_SERVICE) {
    this.#service = service;
  }

  #entry(account: string): Keyring.AsyncEntry {
    try {
      return new AsyncEntry(this.#service, account, ENTRY_OPTIONS);
    } catch (error) {
      throw keychainError(error);
    }
  }

  async probe(): Promise<VaultProbe> {
    const account = `probe-${process.pid}-${Date.now()}`;
    try {
      const entry = this.#entry(account);
      await entry.setPassword('probe');
      const back = await entry.getPassword();
      await entry.deletePassword();
      if (back !== 'probe') return { available: false, message: NO_KEYCHAIN_MESSAGE };
      return { available: true };
    } catch {
      return { available: false, message: NO_KEYCHAIN_MESSAGE };
    }
  }

  async read(account: string): Promise<StoredCredentials | null> {
    try {
      return parseCredentials(await this.#entry(account).getPassword());
    } catch (error) {
      throw keychainError(error);
    }
  }

  async write(account: string, credentials: StoredCredentials): Promise<void> {
    try {
      await this.#entry(account).setPassword(serialiseCredentials(credentials));
    } catch (error) {
      throw keychainError(error);
    }
  }

  async remove(account: string): Promise<boolean> {
    try {
      return await this.#entry(account).deletePassword();
    } catch (error) {
      throw keychainError(error);
    }
  }
}

// The library's message names the platform store; it never contains the secret, but we keep ours plain.
function keychainError(error: unknown): KeychainError {
  if (error instanceof KeychainError) return error;
  const detail = error instanceof Error ? error.message.slice(0, 200) : '';
  return new KeychainError(`The keychain refused the request${detail ? ` (${detail})` : ''}.`);
}
