// What the tray says, in the technician's language (state.language), as pure functions of the core's TrayState: the menu template, the tooltip and which
// icon to show. Nothing here touches Electron at run time (the import is types only), so every state can be
// tested without a tray.

import type { MenuItemConstructorOptions } from 'electron';
import { sharedTranslator } from '../../shared/i18n/catalogues/index.js';
import type { StatusTarget } from '../../shared/status-history.js';
import { deviceName, folderName } from '../../shared/i18n/status-notice-text.js';
import type { AccountTray, TrayDevices, TraySession, TrayState } from '../core-port.js';

export interface TrayActions {
  openWindow(): void;
  /** Opens the window on a device (details open) or a folder (selected in the tree). */
  openTarget(target: StatusTarget): void;
  /** Copies a session code to the clipboard (the technician reads it to the customer). */
  copyCode(code: string): void;
  refresh(): void;
  /** minutes 0: resume now. */
  pauseNotifications(minutes: number): void;
  quit(): void;
}

export type TrayIconName = 'signed-out' | 'online' | 'offline' | 'ongoing';

export function trayIconName(state: TrayState): TrayIconName {
  if (state.status === 'signed-out') return 'signed-out';
  if (state.status === 'offline') return 'offline';
  return state.ongoing.length > 0 ? 'ongoing' : 'online';
}

/**
 * The icon file for a state. macOS: the template image (black + alpha, named *Template.png, with a @2x
 * beside it that nativeImage picks up), which the menu bar tints for light and dark; elsewhere the colour one.
 */
export function trayIconFile(state: TrayState, platform: NodeJS.Platform): string {
  return `tray-${trayIconName(state)}${platform === 'darwin' ? 'Template' : ''}.png`;
}

export function trayTooltip(state: TrayState, now: Date = new Date()): string {
  const { t } = sharedTranslator(state.language);
  const parts = [t('tray.tooltip.app'), t('tray.tooltip.status', { status: statusCase(state) })];
  if (state.ongoing.length > 0) parts.push(t('tray.tooltip.ongoing', { count: state.ongoing.length }));
  if (state.upcoming.length > 0) parts.push(t('tray.tooltip.upcoming', { count: state.upcoming.length }));
  const d = state.status !== 'signed-out' ? state.devices : undefined;
  if (state.accounts && state.accounts.length > 1) {
    for (const a of state.accounts) parts.push(accountLine(state, a));
  } else if (d) {
    parts.push(t('tray.tooltip.devices', { online: d.online, offline: d.offline, busy: d.busy }));
    if (d.outages.length > 0) parts.push(t('tray.tooltip.outages', { count: d.outages.length }));
    if (d.watchedDownTotal > 0) parts.push(t('tray.tooltip.watchedDown', { count: d.watchedDownTotal }));
  }
  if (isPaused(state, now)) parts.push(t('tray.tooltip.paused'));
  return parts.join(' — ');
}

/** The most sessions of each kind listed; more are summarised in one line (the window shows them all). */
export const TRAY_SESSION_LIMIT = 8;

export function buildTrayMenu(
  state: TrayState,
  actions: TrayActions,
  now: Date = new Date(),
): MenuItemConstructorOptions[] {
  const { t } = sharedTranslator(state.language);
  const items: MenuItemConstructorOptions[] = [{ label: t('tray.open'), click: () => actions.openWindow() }];
  items.push({ type: 'separator' });
  items.push({ label: t('tray.status', { status: statusCase(state) }), enabled: false });

  if (state.status !== 'signed-out') {
    items.push(...sessionSection(t('tray.ongoing'), state, state.ongoing, actions));
    items.push(...sessionSection(t('tray.upcoming'), state, state.upcoming, actions));
    if (state.accounts && state.accounts.length > 1)
      items.push(...accountsSection(state, state.accounts, actions));
    else if (state.devices) items.push(...devicesSection(state, state.devices, actions));
    items.push({ type: 'separator' });
    items.push({ label: t('tray.refresh'), click: () => actions.refresh() });
    items.push(
      isPaused(state, now)
        ? { label: t('tray.resume'), click: () => actions.pauseNotifications(0) }
        : { label: t('tray.pause'), click: () => actions.pauseNotifications(60) },
    );
  }
  items.push({ type: 'separator' });
  items.push({ label: t('tray.quit'), click: () => actions.quit() });
  return items;
}

function sessionSection(
  title: string,
  state: TrayState,
  sessions: TraySession[],
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  if (sessions.length === 0) return [];
  const { t } = sharedTranslator(state.language);
  const items: MenuItemConstructorOptions[] = [{ type: 'separator' }, { label: title, enabled: false }];
  for (const s of sessions.slice(0, TRAY_SESSION_LIMIT)) {
    const customer = s.customer ?? t('tray.unnamedCustomer');
    if (s.code) {
      const code = s.code;
      items.push({
        label: t('tray.sessionWithCode', { customer, code }),
        click: () => actions.copyCode(code),
      });
    } else {
      items.push({ label: t('tray.sessionNoCode', { customer }), enabled: false });
    }
  }
  if (sessions.length > TRAY_SESSION_LIMIT) {
    items.push({
      label: t('tray.more', { count: sessions.length - TRAY_SESSION_LIMIT }),
      click: () => actions.openWindow(),
    });
  }
  return items;
}

/**
 * Counts, open outages and watched devices that are down (issue 11): an outage opens its folder, a device
 * opens the device; the summary line opens the window.
 */
/**
 * Several accounts (issue 28): each one's name and state, then its counts, outages and watched devices that
 * are down; a click opens that account's folder or device (the target names the account).
 */
function accountsSection(
  state: TrayState,
  accounts: AccountTray[],
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  const { t } = sharedTranslator(state.language);
  const items: MenuItemConstructorOptions[] = [];
  for (const a of accounts) {
    items.push({ type: 'separator' });
    items.push({ label: t('tray.account', { name: a.name, status: statusCase(a) }), enabled: false });
    if (a.status !== 'signed-out' && a.devices) {
      const open: TrayActions = {
        ...actions,
        openTarget: (target) => actions.openTarget({ ...target, account: a.id }),
      };
      items.push(...devicesSection(state, a.devices, open).slice(1));
    }
  }
  return items;
}

function accountLine(state: TrayState, a: AccountTray): string {
  const { t } = sharedTranslator(state.language);
  const line = [t('tray.account', { name: a.name, status: statusCase(a) })];
  const d = a.status !== 'signed-out' ? a.devices : undefined;
  if (d) {
    line.push(t('tray.tooltip.devices', { online: d.online, offline: d.offline, busy: d.busy }));
    if (d.watchedDownTotal > 0) line.push(t('tray.tooltip.watchedDown', { count: d.watchedDownTotal }));
  }
  return line.join(', ');
}

function devicesSection(
  state: TrayState,
  d: TrayDevices,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  const { t } = sharedTranslator(state.language);
  const items: MenuItemConstructorOptions[] = [
    { type: 'separator' },
    { label: t('tray.devices', { online: d.online, offline: d.offline, busy: d.busy }), enabled: false },
  ];
  for (const o of d.outages.slice(0, TRAY_SESSION_LIMIT)) {
    items.push({
      label: t('tray.outage', { name: folderName(o.name, o.folderId, t), devices: o.devices, size: o.size }),
      click: () => actions.openTarget({ kind: 'folder', id: o.folderId }),
    });
  }
  for (const w of d.watchedDown) {
    items.push({
      label: t('tray.watchedDown', { label: deviceName(w.label, w.id, t) }),
      click: () => actions.openTarget({ kind: 'device', id: w.id }),
    });
  }
  if (d.watchedDownTotal > d.watchedDown.length) {
    items.push({
      label: t('tray.watchedMore', { count: d.watchedDownTotal - d.watchedDown.length }),
      click: () => actions.openWindow(),
    });
  }
  return items;
}

function statusCase(state: Pick<TrayState, 'status'>): 'signedOut' | 'online' | 'offline' {
  return state.status === 'signed-out' ? 'signedOut' : state.status;
}

function isPaused(state: TrayState, now: Date): boolean {
  return (
    state.notificationsPausedUntil !== null && Date.parse(state.notificationsPausedUntil) > now.getTime()
  );
}
