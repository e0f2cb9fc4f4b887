// Status history, watches and status notices as plain data: both processes use these shapes (the core
// records and decides, the renderer shows and edits). No Node, no DOM.

import type { Id } from './model.js';

/** What a watch covers: one device, a folder with all its sub-folders, or the whole account. */
export type WatchTarget = { kind: 'device'; id: Id } | { kind: 'folder'; id: Id } | { kind: 'account' };

export interface WatchConditions {
  /** Notify when a device goes offline. */
  offline: boolean;
  /** Notify when an offline device comes back. */
  online: boolean;
  /** Notify once per episode when a device has been offline longer than this; null: not watched. */
  offlineLongerMinutes: number | null;
  /** The same for busy (a session left running). */
  busyLongerMinutes: number | null;
}

export interface Watch {
  id: string;
  target: WatchTarget;
  when: WatchConditions;
}

/** Local time of day, minutes after midnight; `from` > `to` spans midnight (22:00–07:00). */
export interface QuietHours {
  fromMinute: number;
  toMinute: number;
}

export type StatusNoticeKind = 'offline' | 'online' | 'offline-long' | 'busy-long' | 'outage' | 'outage-end';

export interface StatusNoticeItem {
  kind: StatusNoticeKind;
  deviceId: Id | null;
  folderId: Id | null;
  /** The device's alias or name, or the folder's name; null when it has none (shown by its id). */
  label: string | null;
  /** An outage: how many of the folder's devices are offline, of how many. */
  devices?: number;
  size?: number;
  /** The device keeps dropping: its notices are limited and marked. */
  flapping: boolean;
}

/** One notification per poll: every alert of that poll, batched. */
/** What an alert leads to: a device (selected, its details open) or a folder (selected in the tree). */
export interface StatusTarget {
  kind: 'device' | 'folder';
  id: Id;
  /** The account it belongs to, when the console holds several (issue 28); absent: the one on screen. */
  account?: string;
}

export interface StatusNotice {
  title: string;
  body: string;
  items: StatusNoticeItem[];
  /** What a click opens. */
  open: StatusTarget | null;
  /** The account it is about, named when the console holds several (issue 28). */
  account?: { id: string; name: string };
}

export interface OutageInfo {
  folderId: Id;
  /** null: the folder has no name (shown by its id, in the reader's language). */
  folderName: string | null;
  /** ms since the epoch. */
  start: number;
  /** null: still open. */
  end: number | null;
  devices: number;
  folderSize: number;
}

/** What the renderer keeps per device: since (ms), exact (1) or "no later than" (0), flapping until (0: not). */
export type SinceRow = [since: number, exact: 0 | 1, flapUntil: number];

/**
 * Rows of the per-device "since" and flapping the device table shows and filters by, as the devices'
 * changes carry them (DataChange.since): the rows whose since or flapping changed, or, when `full`, the
 * start of the whole map (the renderer drops what it had). Column by column (row i is ids[i], since[i],
 * exact[i], flapUntil[i]): the whole map of 100,000 devices as one object of 100,000 small arrays cost the
 * main thread ~70 ms to build and serialise in one task.
 */
export interface SinceRows {
  full: boolean;
  ids: Id[];
  since: number[];
  exact: Array<0 | 1>;
  flapUntil: number[];
  removed: Id[];
  /** More rows follow in the next change (a whole map goes in parts): say the lot once, after the last. */
  more: boolean;
}
