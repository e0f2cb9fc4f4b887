// Whether status notices are quiet now: notifications off, paused (the tray's "pause"), or within the
// account's quiet hours (local time; a span such as 22:00–07:00 crosses midnight).

import type { Settings } from '../../../shared/ipc/contract.js';
import type { QuietHours } from '../../../shared/status-history.js';

export function inQuietHours(quiet: QuietHours | null, minuteOfDay: number): boolean {
  if (!quiet || quiet.fromMinute === quiet.toMinute) return false;
  return quiet.fromMinute < quiet.toMinute
    ? minuteOfDay >= quiet.fromMinute && minuteOfDay < quiet.toMinute
    : minuteOfDay >= quiet.fromMinute || minuteOfDay < quiet.toMinute;
}

/** The system's local minute of the day (the main process runs in the technician's zone). */
export function localMinuteOfDay(ms: number): number {
  const d = new Date(ms);
  return d.getHours() * 60 + d.getMinutes();
}

export function isQuiet(
  settings: Pick<Settings, 'notificationsEnabled' | 'notificationsPausedUntil'>,
  quietHours: QuietHours | null,
  now: number,
  minuteOfDay: (ms: number) => number = localMinuteOfDay,
): boolean {
  if (!settings.notificationsEnabled) return true;
  const pausedUntil = settings.notificationsPausedUntil ? Date.parse(settings.notificationsPausedUntil) : NaN;
  if (Number.isFinite(pausedUntil) && now < pausedUntil) return true;
  return inQuietHours(quietHours, minuteOfDay(now));
}
