// Undoing a finished bulk move or alias change. The outbox keeps, with the batch, what each device held
// before and what it is to hold after (a BulkRecord, on disk with the batch so a reload or restart keeps
// it); once the change has finished, its undo puts back the
// "before" of every device that now holds the "after". A device that holds neither was changed by someone
// or something since (another technician, another bulk change, a deletion): then the change is no longer
// undone at all, rather than undone in part over someone else's work.
// A device still holding its "before" was not changed (its write failed or was cancelled): nothing to undo.

import type { Device, Id } from '../../shared/model.js';
import type { BulkRequest, BulkUndoRecord } from '../../shared/outbox.js';

export type BulkRecord = BulkUndoRecord;

export type UndoPlan =
  | { ok: true; items: Array<{ id: Id; value: string | null }> }
  /** Devices changed since (or gone): the undo is not offered. None: nothing of it took effect. */
  | { ok: false; changed: Id[] };

export function currentValue(kind: BulkRecord['kind'], d: Device): string | null {
  return kind === 'move' ? d.folderId : (d.alias ?? '');
}

export function planUndo(record: BulkRecord, device: (id: Id) => Device | undefined): UndoPlan {
  const items: Array<{ id: Id; value: string | null }> = [];
  const changed: Id[] = [];
  for (const item of record.items) {
    const d = device(item.id);
    if (!d) {
      changed.push(item.id);
      continue;
    }
    const now = currentValue(record.kind, d);
    if (now === item.after) items.push({ id: item.id, value: item.before });
    else if (now !== item.before) changed.push(item.id);
  }
  if (changed.length > 0) return { ok: false, changed };
  if (items.length === 0) return { ok: false, changed: [] };
  return { ok: true, items };
}

/** The undo as a bulk request: a move puts each device back in its own folder. */
export function undoRequest(
  kind: BulkRecord['kind'],
  items: UndoPlan & { ok: true },
  label: string,
): BulkRequest {
  if (kind === 'alias')
    return { kind: 'alias', items: items.items.map((i) => ({ id: i.id, alias: i.value ?? '' })), label };
  return { kind: 'moveEach', items: items.items.map((i) => ({ id: i.id, folderId: i.value })), label };
}
