// What the tray says, as pure functions of the core's TrayState: the menu template, the tooltip and which
// icon to show. Nothing here touches Electron at run time (the import is types only), so every state can be
// tested without a tray.

import type { MenuItemConstructorOptions } from 'electron';
import type { TrayDevices, TraySession, TrayState } from '../core-port.js';

export interface TrayActions {
  openWindow(): void;
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
  const parts = ['Support Console'];
  if (state.status === 'signed-out') parts.push('signed out');
  else parts.push(state.status === 'online' ? 'online' : 'offline (showing saved data)');
  if (state.ongoing.length > 0) parts.push(plural(state.ongoing.length, 'session', 'sessions') + ' ongoing');
  if (state.upcoming.length > 0)
    parts.push(plural(state.upcoming.length, 'session', 'sessions') + ' upcoming');
  const d = state.status !== 'signed-out' ? state.devices : undefined;
  if (d) {
    parts.push(`${d.online} online, ${d.offline} offline, ${d.busy} busy`);
    if (d.outages.length > 0) parts.push(plural(d.outages.length, 'outage', 'outages'));
    if (d.watchedDownTotal > 0) parts.push(`${d.watchedDownTotal} watched down`);
  }
  if (isPaused(state, now)) parts.push('notifications paused');
  return parts.join(' — ');
}

/** The most sessions of each kind listed; more are summarised in one line (the window shows them all). */
export const TRAY_SESSION_LIMIT = 8;

export function buildTrayMenu(
  state: TrayState,
  actions: TrayActions,
  now: Date = new Date(),
): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [
    { label: 'Open Support Console', click: () => actions.openWindow() },
  ];
  items.push({ type: 'separator' });
  items.push({ label: statusLine(state), enabled: false });

  if (state.status !== 'signed-out') {
    items.push(...sessionSection('Ongoing', state.ongoing, actions));
    items.push(...sessionSection('Upcoming', state.upcoming, actions));
    if (state.devices) items.push(...devicesSection(state.devices, actions));
    items.push({ type: 'separator' });
    items.push({ label: 'Refresh now', click: () => actions.refresh() });
    items.push(
      isPaused(state, now)
        ? { label: 'Resume notifications', click: () => actions.pauseNotifications(0) }
        : { label: 'Pause notifications for an hour', click: () => actions.pauseNotifications(60) },
    );
  }
  items.push({ type: 'separator' });
  items.push({ label: 'Quit Support Console', click: () => actions.quit() });
  return items;
}

function sessionSection(
  title: string,
  sessions: TraySession[],
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  if (sessions.length === 0) return [];
  const items: MenuItemConstructorOptions[] = [{ type: 'separator' }, { label: title, enabled: false }];
  for (const s of sessions.slice(0, TRAY_SESSION_LIMIT)) {
    const who = s.customer ?? 'Unnamed customer';
    if (s.code) {
      const code = s.code;
      items.push({ label: `${who} — code ${code} (click to copy)`, click: () => actions.copyCode(code) });
    } else {
      items.push({ label: `${who} — no code yet`, enabled: false });
    }
  }
  if (sessions.length > TRAY_SESSION_LIMIT) {
    items.push({ label: `${sessions.length - TRAY_SESSION_LIMIT} more…`, click: () => actions.openWindow() });
  }
  return items;
}

/** Counts, open outages and watched devices that are down (issue 11); a click opens the window. */
function devicesSection(d: TrayDevices, actions: TrayActions): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [
    { type: 'separator' },
    { label: `Devices: ${d.online} online, ${d.offline} offline, ${d.busy} busy`, enabled: false },
  ];
  for (const o of d.outages.slice(0, TRAY_SESSION_LIMIT)) {
    items.push({
      label: `Outage: ${o.name} (${o.devices} of ${o.size} offline)`,
      click: () => actions.openWindow(),
    });
  }
  for (const w of d.watchedDown) {
    items.push({ label: `Watched, offline: ${w.label}`, click: () => actions.openWindow() });
  }
  if (d.watchedDownTotal > d.watchedDown.length) {
    items.push({
      label: `${d.watchedDownTotal - d.watchedDown.length} more watched offline…`,
      click: () => actions.openWindow(),
    });
  }
  return items;
}

function statusLine(state: TrayState): string {
  if (state.status === 'signed-out') return 'Signed out';
  return state.status === 'online' ? 'Online' : 'Offline — showing saved data';
}

function isPaused(state: TrayState, now: Date): boolean {
  return (
    state.notificationsPausedUntil !== null && Date.parse(state.notificationsPausedUntil) > now.getTime()
  );
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
