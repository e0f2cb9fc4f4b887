// A bulk change (move N devices to a folder, unassign them, set their aliases) as outbox writes: one per
// device, each with the values the technician saw, executed as one batch (progress, pause, cancel, retry).

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
  if (request.kind === 'move') {
    plan.label ||= request.folderId === null ? 'Unassign devices' : 'Move devices to a folder';
    for (const id of new Set(request.ids)) {
      const d = device(id);
      if (!d) plan.unknown.push(id);
      else if (d.folderId === request.folderId) plan.unchanged.push(id);
      else
        plan.writes.push({
          write: { kind: 'device', id, folderId: request.folderId },
          seen: { folderId: d.folderId },
        });
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
