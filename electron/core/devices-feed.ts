// What the main thread holds of the account's devices' owner (the poll worker, devices-poller.ts): the feed
// it polls through, commits or discards polls with, edits devices through and reads devices from.
// The contract alone, so that the sync engine, the writes and the offline copy depend on what the owner
// answers, not on how its worker is started and spoken to.

import type { ForeignAttempt, RawResponse } from '../../shared/client/transport.js';
import type { Device, Id, Timestamp } from '../../shared/model.js';
import type { DevicesPart } from './devices-part.js';
import type { DeviceEdit } from './devices-owner.js';
import type { LoadSummary } from './devices-poll-worker.js';
import type { WorkerSpec } from './devices-worker-start.js';
import type { Logger } from './logger.js';
import type { ViewMatched, ViewQuery } from './device-view-match.js';

/**
 * The devices list's GET under the client's policy, its attempts sent by this feed (ServiceClient.getVia
 * bound to /devices.xml): resolves with the 2xx answer, rejects with the client's AppFailure.
 */
export type DevicesGet = (attempt: ForeignAttempt, signal?: AbortSignal) => Promise<RawResponse>;

/** Called with each part of an entry, in order, each in a task of its own. */
export type OnDevicesPart = (part: DevicesPart) => void;

export interface DevicesCommit {
  /** Devices the mirror keeps its own copy of: a local write raced the poll (device-write-fence.ts). */
  fenced?: ReadonlySet<Id>;
  /** The poll is the whole list (a first sync, a lost mirror): its entry is the log's new base. */
  reset?: boolean;
  onPart?: OnDevicesPart;
}

export interface DevicesPoll {
  /** false: the service sent the very same bytes as last time (a commit takes nothing). */
  changed: boolean;
  /** The mirror was empty (a replaced worker): the poll is the whole list, to replace with. */
  complete: boolean;
  /**
   * The mirror takes the poll but the fenced devices; resolves with the number of records it took, once
   * every part of that log entry came to `onPart` (no part comes when nothing changed, but for a reset).
   */
  commit(options?: DevicesCommit): Promise<number>;
  discard(): void;
}

/** How createDevicesFeed (devices-poller.ts) starts the owner. */
export interface DevicesFeedOptions {
  /**
   * Where the worker comes from (default: devices-poll-worker beside this file). Tests inject a broken
   * one; null runs the same handler in this thread from the start.
   */
  worker?: WorkerSpec | null;
  logger?: Logger;
  /**
   * The offline copy's devices file, loaded by a replacement worker when one dies: the main thread holds
   * no device to hand it (only digests, picture.ts). Without it the new mirror is empty until the next
   * poll, and the reads made meanwhile (a move, an alias, a bulk plan) would find no device at all and
   * refuse the technician's change. null: no copy (signed out, nothing saved yet).
   */
  reseed?: () => string | null;
}

export interface DevicesFeed {
  poll(get: DevicesGet, signal?: AbortSignal): Promise<DevicesPoll>;
  /** A list fetched by other means (a client that cannot sign for the worker), diffed as a poll's. */
  diff(devices: readonly Device[]): Promise<DevicesPoll>;
  /** The devices the main thread gives wholesale (a copy's first screen, none once an account is left). */
  replaceAll(devices: readonly Device[]): void;
  /**
   * Puts writable fields into the devices the owner holds (an optimistic write, its rollback) and answers
   * them as they now are; a device the owner does not hold is left out. A poll under way when the edit
   * came does not take those devices back at its commit (they count as fenced, devices-mirror.ts).
   */
  edit(edits: readonly DeviceEdit[]): Promise<Device[]>;
  /**
   * Every device the owner holds, in parts to `onPart`, none of them older than what a commit answered
   * before this call, and each part before any commit's part after it. Resolves with how many.
   */
  list(onPart: OnDevicesPart): Promise<number>;
  /**
   * The devices as their owner holds them now: every poll committed and every edit sent before this
   * call is in (the Picture may still be taking a commit's parts). Ids the owner does not hold are absent.
   */
  read(ids: readonly Id[]): Promise<Map<Id, Device>>;
  /** How many devices the owner holds in a folder, as read() sees them. */
  countInFolder(folderId: Id): Promise<number>;
  /** The devices holding every word (searchWords), best first, the few a search sends (device-rank.ts). */
  search(words: readonly string[]): Promise<Device[]>;
  /** A saved view's matches among the devices the owner holds (device-view-match.ts). */
  matchView(query: ViewQuery): Promise<ViewMatched>;
  /**
   * The cached devices, in parts to `onPart` as they come (the log's new base). With `after`, the file is
   * read once it resolves; what the owner is asked meanwhile is answered after the load, as during it.
   */
  loadCache(file: string, onPart: OnDevicesPart, after?: Promise<void>): Promise<LoadSummary>;
  saveCache(file: string, fetchedAt: Timestamp | null): Promise<string | null>;
  close(): Promise<void>;
}
