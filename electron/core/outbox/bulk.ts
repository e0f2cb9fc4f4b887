// A bulk change (move N devices to a folder or each to its own, unassign them, set their aliases) as outbox
// writes: one per device, each with the values the technician saw, executed as one batch (progress, pause,
// cancel, retry). "Each to its own" is how a finished move is undone.

import type { Device, Id } from '../../../shared/model.js';
import type { BulkRequest, BulkUndoRecord, OutboxWrite, SeenValues } from '../../../shared/outbox.js';

export interface BulkPlan {
  label: string;
  writes: Array<{ write: OutboxWrite; seen: SeenValues }>;
  /** Ids not in the account (as far as the picture knows): reported, not sent. */
  unknown: Id[];
  /** Already as asked: nothing to send. */
  unchanged: Id[];
}

export function planBulk(request: BulkRequest, device: (id: Id) => Device | undefined): BulkPlan {
  const plan: BulkPlan = { label: request.label ?? '', writes: [], unknown: [], unchanged: [] };
  if (request.kind === 'move' || request.kind === 'moveEach') {
    const moves =
      request.kind === 'move' ? request.ids.map((id) => ({ id, folderId: request.folderId })) : request.items;
    plan.label ||=
      request.kind === 'move' && request.folderId === null ? 'Unassign devices' : 'Move devices to a folder';
    const seenIds = new Set<Id>();
    for (const { id, folderId } of moves) {
      if (seenIds.has(id)) continue;
      seenIds.add(id);
      const d = device(id);
      if (!d) plan.unknown.push(id);
      else if (d.folderId === folderId) plan.unchanged.push(id);
      else plan.writes.push({ write: { kind: 'device', id, folderId }, seen: { folderId: d.folderId } });
    }
  } else {
    plan.label ||= 'Set aliases';
    const seenIds = new Set<Id>();
    for (const { id, alias } of request.items) {
      if (seenIds.has(id)) continue;
      seenIds.add(id);
      const d = device(id);
      if (!d) plan.unknown.push(id);
      else if ((d.alias ?? '') === alias) plan.unchanged.push(id);
      else plan.writes.push({ write: { kind: 'device', id, alias }, seen: { alias: d.alias } });
    }
  }
  return plan;
}

/**
 * The undo record of a batch, from its writes (after) and what the technician saw (before); null when the
 * batch is not all device moves or all alias changes (planBulk makes nothing else).
 */
export function undoRecordOf(
  writes: ReadonlyArray<{ write: OutboxWrite; seen: SeenValues }>,
): BulkUndoRecord | null {
  const first = writes[0]?.write;
  if (first?.kind !== 'device') return null;
  const kind = 'folderId' in first ? 'move' : 'alias';
  const items: BulkUndoRecord['items'] = [];
  for (const { write, seen } of writes) {
    if (write.kind !== 'device') return null;
    if (kind === 'move') {
      if (!('folderId' in write)) return null;
      items.push({
        id: write.id,
        before: (seen.folderId as Id | null | undefined) ?? null,
        after: write.folderId ?? null,
      });
    } else {
      if (write.alias === undefined) return null;
      // An alias without one is '' on both sides, as the service trims and stores it.
      items.push({
        id: write.id,
        before: (seen.alias as string | null | undefined) ?? '',
        after: write.alias.trim(),
      });
    }
  }
  return { kind, items };
}
