import { describe, expect, it } from 'vitest';
import { planUndo, undoRequest } from '../../../renderer/domain/bulk-undo.js';
import { planBulk, undoRecordOf } from '../../../electron/core/outbox/bulk.js';
import type { BulkRequest } from '../../../shared/outbox.js';
import type { Device } from '../../../shared/model.js';
import { makeDevice } from '../../shared/support/fixtures.js';

const devices = (list: Device[]) => {
  const byId = new Map(list.map((d) => [d.id, d]));
  return (id: string) => byId.get(id);
};

/** The record the outbox keeps with the batch it plans for the request. */
const recordOf = (request: BulkRequest, device: (id: string) => Device | undefined) =>
  undoRecordOf(planBulk(request, device).writes)!;

describe('undoing a finished bulk change', () => {
  const a = makeDevice(1, { id: 'a', folderId: 'f1', alias: 'Desk 1' });
  const b = makeDevice(2, { id: 'b', folderId: 'f2', alias: null });
  const c = makeDevice(3, { id: 'c', folderId: null, alias: 'Desk 3' });

  it('puts each moved device back into its own folder, as one bulk request', () => {
    const record = recordOf({ kind: 'move', ids: ['a', 'b', 'c'], folderId: 't' }, devices([a, b, c]));
    const after = [a, b, c].map((d) => ({ ...d, folderId: 't' }));
    const plan = planUndo(record, devices(after));
    expect(plan).toEqual({
      ok: true,
      items: [
        { id: 'a', value: 'f1' },
        { id: 'b', value: 'f2' },
        { id: 'c', value: null },
      ],
    });
    if (!plan.ok) return;
    const request = undoRequest('move', plan, 'Undo');
    expect(request).toEqual({
      kind: 'moveEach',
      items: [
        { id: 'a', folderId: 'f1' },
        { id: 'b', folderId: 'f2' },
        { id: 'c', folderId: null },
      ],
      label: 'Undo',
    });
    // The main process plans it as three writes, each seen in the folder the change put it in.
    expect(planBulk(request, devices(after)).writes).toEqual([
      { write: { kind: 'device', id: 'a', folderId: 'f1' }, seen: { folderId: 't' } },
      { write: { kind: 'device', id: 'b', folderId: 'f2' }, seen: { folderId: 't' } },
      { write: { kind: 'device', id: 'c', folderId: null }, seen: { folderId: 't' } },
    ]);
  });

  it('restores aliases (none as empty) and skips the devices the change did not reach', () => {
    const record = recordOf(
      {
        kind: 'alias',
        items: [
          { id: 'a', alias: 'U-1 ' },
          { id: 'b', alias: 'U-2' },
          { id: 'c', alias: 'U-3' },
        ],
      },
      devices([a, b, c]),
    );
    // c's write failed: it still holds its alias, and has nothing to undo.
    const now = [{ ...a, alias: 'U-1' }, { ...b, alias: 'U-2' }, c];
    const plan = planUndo(record, devices(now));
    expect(plan.ok && undoRequest('alias', plan, 'Undo')).toEqual({
      kind: 'alias',
      items: [
        { id: 'a', alias: 'Desk 1' },
        { id: 'b', alias: '' },
      ],
      label: 'Undo',
    });
  });

  it('is not offered once a device was changed since, or is gone, or when nothing took effect', () => {
    const record = recordOf({ kind: 'move', ids: ['a', 'b'], folderId: 't' }, devices([a, b]));
    expect(
      planUndo(
        record,
        devices([
          { ...a, folderId: 't' },
          { ...b, folderId: 'elsewhere' },
        ]),
      ),
    ).toEqual({
      ok: false,
      changed: ['b'],
    });
    expect(planUndo(record, devices([{ ...a, folderId: 't' }]))).toEqual({ ok: false, changed: ['b'] });
    expect(planUndo(record, devices([a, b]))).toEqual({ ok: false, changed: [] });
  });
});
