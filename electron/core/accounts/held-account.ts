// One account as the accounts layer (accounts-core.ts) holds it, and what is read off it for the screen
// and the tray: its summary in the account list, its shown name, and the one tray state of all accounts.

import type { AccountSummary, AuthState, SyncState } from '../../../shared/ipc/contract.js';
import type { AccountTray, TrayState } from '../../core-port.js';
import type { AccountCore } from '../app-core.js';
import type { StatusTarget } from '../../../shared/status-history.js';
import { vaultAccount } from '../vault.js';
import type { RegisteredAccount } from './account-registry.js';

export interface Held {
  entry: RegisteredAccount;
  core: AccountCore;
  auth: AuthState | null;
  sync: Pick<SyncState, 'connection' | 'offlineSince'> | null;
  off: Array<() => void>;
}

export function summary(h: Held, tray: TrayState): AccountSummary {
  const auth = h.auth;
  const account =
    auth && (auth.status === 'signed-in' || auth.status === 'reauth-required') ? auth.account : null;
  const d = tray.status !== 'signed-out' ? tray.devices : undefined;
  return {
    id: h.entry.id,
    name: shownName(h),
    auth: auth?.status ?? 'signed-out',
    baseUrl: account?.baseUrl ?? null,
    userName: account
      ? [account.user.firstname, account.user.lastname].filter(Boolean).join(' ') || account.user.email
      : null,
    connection: h.sync?.connection ?? (tray.status === 'signed-out' ? 'idle' : tray.status),
    offlineSince: h.sync?.offlineSince ?? null,
    devices: d ? { online: d.online, offline: d.offline, busy: d.busy } : null,
    outages: d?.outages.length ?? 0,
    watchedDown: d?.watchedDownTotal ?? 0,
  };
}

/** The account's name; one never named (the first, from before several accounts) by its service's host. */
export function shownName(h: Held): string {
  if (h.entry.name) return h.entry.name;
  const auth = h.auth;
  const baseUrl =
    auth && (auth.status === 'signed-in' || auth.status === 'reauth-required') ? auth.account.baseUrl : '';
  try {
    return baseUrl ? new URL(baseUrl).host : '';
  } catch {
    return '';
  }
}

/**
 * One tray for all: the tray state of the account on screen (`state`), plus every account's counts and
 * watched devices that are down.
 */
export function mergedTray(state: TrayState, held: readonly Held[], active: Held): TrayState {
  const accounts: AccountTray[] = held.map((h) => {
    const tray = h === active ? state : h.core.trayState();
    return {
      id: h.entry.id,
      name: shownName(h),
      status: tray.status,
      ...(tray.devices ? { devices: tray.devices } : {}),
    };
  });
  // The icon says "offline" while any account that is signed in cannot reach its service.
  const status = accounts.some((a) => a.status === 'offline')
    ? 'offline'
    : accounts.some((a) => a.status === 'online')
      ? 'online'
      : 'signed-out';
  return { ...state, status, accounts };
}

/**
 * Another account signed in as this user of this service (its name), or null. Refused rather than keyed
 * apart: a second account of the same user shows the same devices twice and tells every outage twice,
 * and a technician who adds it by mistake is better told where that account already is.
 */
export function signedInElsewhere(
  all: readonly Held[],
  held: Held,
  baseUrl: string,
  userId: string,
): string | null {
  const key = vaultAccount(baseUrl, userId);
  const other = all.find((h) => {
    if (h === held) return false;
    const auth = h.core.state().auth;
    if (auth.status !== 'signed-in' && auth.status !== 'reauth-required') return false;
    return vaultAccount(auth.account.baseUrl, auth.account.user.id) === key;
  });
  return other ? shownName(other) : null;
}

/** A notice of `held`, naming its account when the console holds several. */
export function named<T extends { account?: { id: string; name: string } }>(
  all: readonly Held[],
  held: Held,
  notice: T,
): T {
  return all.length > 1 ? { ...notice, account: { id: held.entry.id, name: shownName(held) } } : notice;
}

/** The same, and its click opens that account first. */
export function aboutAccount<T extends { open: StatusTarget | null; account?: { id: string; name: string } }>(
  all: readonly Held[],
  held: Held,
  notice: T,
): T {
  const withName = named(all, held, notice);
  return withName.open && all.length > 1
    ? { ...withName, open: { ...withName.open, account: held.entry.id } }
    : withName;
}
