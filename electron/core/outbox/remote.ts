// What each outbox write means on the service: how it is sent, which fields it touches, and how to read
// those fields as the service holds them now (to compare with what the technician saw before sending a
// write that waited).

import type { ServiceApi } from '../../../shared/client/api.js';
import type { AppError } from '../../../shared/errors.js';
import { toAppError } from '../../../shared/errors.js';
import type { Device, Id } from '../../../shared/model.js';
import type { OutboxWrite, SeenValues } from '../../../shared/outbox.js';

/** The item is not on the service any more. */
export const GONE = 'gone' as const;
export type Current = SeenValues | typeof GONE;

/** The values the write gives the fields it touches. */
export function wanted(write: OutboxWrite): SeenValues {
  switch (write.kind) {
    case 'device': {
      const out: SeenValues = {};
      // An empty alias clears it: the service then holds none.
      if (write.alias !== undefined) out.alias = write.alias === '' ? null : write.alias;
      if (write.folderId !== undefined) out.folderId = write.folderId;
      return out;
    }
    case 'folder-create':
      return { name: write.name, parentId: write.parentId };
    case 'folder-update': {
      const out: SeenValues = { name: write.name };
      if (write.parentId !== undefined) out.parentId = write.parentId;
      return out;
    }
    case 'folder-delete':
      return { exists: false };
    case 'session-update':
      return { ...write.update };
  }
}

/** The item a write is about, so two writes to one item go in the order they were made. */
export function itemKey(write: OutboxWrite): string {
  switch (write.kind) {
    case 'device':
      return `device:${write.id}`;
    case 'folder-create':
      return `folder-create:${write.parentId ?? ''}:${write.name.toLowerCase()}`;
    case 'folder-update':
    case 'folder-delete':
      return `folder:${write.id}`;
    case 'session-update':
      return `session:${write.id}`;
  }
}

export function itemId(write: OutboxWrite): Id {
  return write.kind === 'folder-create' ? write.name : write.id;
}

export function isNotFound(error: AppError): boolean {
  return error.httpStatus === 404 || error.code === 1000 || error.code === 1100 || error.code === 1300;
}

function pick(record: object, fields: readonly string[]): SeenValues {
  const out: SeenValues = {};
  for (const f of fields) out[f] = (record as Record<string, unknown>)[f] ?? null;
  return out;
}

async function orGone(read: () => Promise<SeenValues>): Promise<Current> {
  try {
    return await read();
  } catch (caught) {
    if (isNotFound(toAppError(caught))) return GONE;
    throw caught;
  }
}

/** Reads the touched fields as the service holds them now. Network failures reject (the caller waits). */
export async function readCurrent(api: ServiceApi, write: OutboxWrite): Promise<Current> {
  const fields = Object.keys(wanted(write));
  switch (write.kind) {
    case 'device':
      return orGone(async () => pick(await api.getDevice(write.id), fields));
    case 'folder-create':
      // Nothing to compare a folder that did not exist with: `send` looks for it under its parent.
      return GONE;
    case 'folder-update':
      return orGone(async () => pick(await api.getFolder(write.id), fields));
    case 'folder-delete':
      return orGone(async () => ({
        exists: true,
        ...pick(await api.getFolder(write.id), ['name', 'parentId']),
      }));
    case 'session-update':
      return orGone(async () => pick(await api.getSession(write.id), fields));
  }
}

/** Many device writes waiting (a bulk run after a restart): one GET /devices instead of one GET each. */
export function devicesCurrent(devices: readonly Device[]): Map<Id, Device> {
  return new Map(devices.map((d) => [d.id, d]));
}

export function deviceCurrent(write: Extract<OutboxWrite, { kind: 'device' }>, device?: Device): Current {
  return device ? pick(device, Object.keys(wanted(write))) : GONE;
}

export type Verdict = 'applied' | 'send' | 'conflict';

/**
 * Compares the service's values with the write's and with what the technician saw. Every touched field
 * already as wanted: applied (a lost confirmation, or someone did the same). Each field either as wanted
 * or as seen: send. Any field changed to a third value by someone else: conflict.
 */
export function verdict(write: OutboxWrite, seen: SeenValues, current: Current): Verdict {
  const want = wanted(write);
  // Gone: a delete is done; any other write is sent and the service's 404 says the rest.
  if (current === GONE) return write.kind === 'folder-delete' ? 'applied' : 'send';
  if (write.kind === 'folder-delete') {
    return same(current.name, seen.name) && same(current.parentId, seen.parentId) ? 'send' : 'conflict';
  }
  let applied = true;
  for (const [field, value] of Object.entries(want)) {
    if (same(current[field], value)) continue;
    applied = false;
    if (!same(current[field], seen[field])) return 'conflict';
  }
  return applied ? 'applied' : 'send';
}

function norm(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return ms;
  }
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return norm(a) === norm(b);
}

/** The service compares names trimmed, NFC-normalised and case-insensitively (service/README.md). */
function nameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

async function findFolder(api: ServiceApi, name: string, parentId: Id | null): Promise<Id | null> {
  const siblings = await api.listFolders(parentId ?? undefined);
  return siblings.find((f) => nameKey(f.name) === nameKey(name))?.id ?? null;
}

/**
 * Sends the write once. Resolves with the new folder's id for a create.
 *
 * Folder create is the one write here that is not idempotent by itself: a POST repeated after a lost
 * answer (timeout, reset, a kill before the confirmation was recorded) would try to create a second folder.
 * `maybeSent` says an earlier attempt may have reached the service; then we first look for a folder with
 * that name under the parent and, if there is one, take it as ours instead of posting again. Names are
 * unique per level on the service, so a second POST could only have failed with 1101 anyway; if someone
 * else created a namesake meanwhile, theirs is the folder the technician asked for, by name and place.
 */
export async function send(
  api: ServiceApi,
  write: OutboxWrite,
  maybeSent: boolean,
): Promise<{ createdId?: Id }> {
  switch (write.kind) {
    case 'device': {
      // The write carries the update itself: the service client encodes it as it stands.
      const { kind: _kind, id, ...update } = write;
      await api.updateDevice(id, update);
      return {};
    }
    case 'folder-create': {
      if (maybeSent) {
        const existing = await findFolder(api, write.name, write.parentId);
        if (existing !== null) return { createdId: existing };
      }
      const id = await api.createFolder(
        { name: write.name, parentId: write.parentId },
        { parentInPath: write.parentId !== null },
      );
      return { createdId: id };
    }
    case 'folder-update':
      await api.updateFolder(write.id, {
        name: write.name,
        ...(write.parentId !== undefined ? { parentId: write.parentId } : {}),
      });
      return {};
    case 'folder-delete':
      await api.deleteFolder(write.id);
      return {};
    case 'session-update':
      await api.updateSession(write.id, write.update);
      return {};
  }
}
