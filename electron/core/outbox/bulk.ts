// A bulk change (move N devices to a folder or each to its own, unassign them, set their aliases) as outbox
// writes: one per device, each with the values the technician saw, executed as one batch (progress, pause,
// cancel, retry). "Each to its own" is how a finished move is undone.

import type { Device, Id } from '../../../shared/model.js';
import type { BulkRequest, OutboxWrite, SeenValues } from '../../../shared/outbox.js';

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
