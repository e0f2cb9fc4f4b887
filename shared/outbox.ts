// The outbox as both processes see it: the idempotent writes it carries, their states, conflicts and bulk
// runs. Plain data: it crosses IPC and is journalled on disk by the main process.
//
// Only idempotent writes are here: sending one twice leaves the service as sending it once did. Creating a
// support session is not, and is never queued nor retried (it would invite the customer twice). Folder
// create is not naturally idempotent either: see electron/core/outbox/remote.ts for how a retry is made safe.

import type { AppError } from './errors.js';
import type { DeviceUpdate, Id, SessionUpdate } from './model.js';

export type OutboxWrite =
  /** PUT /devices/{id}: the update as the service client sends it (the fields present are the ones sent). */
  | ({ kind: 'device'; id: Id } & DeviceUpdate)
  | { kind: 'folder-create'; name: string; parentId: Id | null }
  /** Rename and/or move: the service requires the name on every folder update. */
  | { kind: 'folder-update'; id: Id; name: string; parentId?: Id | null }
  | { kind: 'folder-delete'; id: Id }
  | { kind: 'session-update'; id: Id; update: SessionUpdate };

/** The values of the fields a write touches, as the technician saw them when making it. */
export type SeenValues = Record<string, unknown>;

export type OutboxEntryState =
  /** Recorded, waiting its turn (or for the service to be back). */
  | 'queued'
  | 'sending'
  /** The service has it (or already had it). */
  | 'done'
  /** Refused by the service, or given up: kept with its error for a retry. */
  | 'failed'
  /** The item changed on the service since the technician saw it: waits for their choice. */
  | 'conflict'
  | 'cancelled';

export interface OutboxItem {
  id: string;
  write: OutboxWrite;
  state: OutboxEntryState;
  batchId: string | null;
  attempts: number;
  queuedAt: string;
  error?: AppError;
}

export interface OutboxConflict {
  entryId: string;
  write: OutboxWrite;
  /** What the technician saw when making the change. */
  seen: SeenValues;
  /** What the service holds now. */
  theirs: SeenValues;
}

export interface BulkProgress {
  id: string;
  label: string;
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  /** Queued, sending or in conflict. */
  pending: number;
  state: 'running' | 'paused' | 'cancelled' | 'finished';
  /** Per-item failures (the first 200), with the service's reason. */
  failures: Array<{ entryId: string; itemId: Id; error: AppError }>;
  /** A move or alias change whose undo record is kept (ask `bulk:undo-record` for it). */
  undoable: boolean;
}

/**
 * What a bulk move or alias change set on each device (after) over what it held (before), kept by the
 * outbox with its batch so the change can be undone after a reload or a restart.
 */
export interface BulkUndoRecord {
  kind: 'move' | 'alias';
  /** Folder ids (null: unassigned) for a move, aliases ('' : none) for an alias change. */
  items: Array<{ id: Id; before: string | null; after: string | null }>;
}

export interface OutboxState {
  /** Writes recorded and not yet confirmed by the service (queued, sending or in conflict). */
  pending: number;
  /** Why nothing is being sent right now, or null while sending (or idle). */
  waiting: 'offline' | 'signed-out' | null;
  /** The first pending and failed items (at most 200): the whole queue can be 100,000 moves. */
  items: OutboxItem[];
  conflicts: OutboxConflict[];
  batches: BulkProgress[];
}

export type BulkRequest =
  | { kind: 'move'; ids: Id[]; folderId: Id | null; label?: string }
  /** Each device to its own folder (null: unassigned): how a finished move is undone. */
  | { kind: 'moveEach'; items: Array<{ id: Id; folderId: Id | null }>; label?: string }
  | { kind: 'alias'; items: Array<{ id: Id; alias: string }>; label?: string };

export type ConflictChoice = 'mine' | 'theirs';
