// The column table covers every Device field: a new field without a column (and so without a header,
// a sort, a CSV column and a place in the column chooser) fails here instead of staying invisible.
import { describe, expect, it } from 'vitest';
import { DEVICE_KEYS } from '../../../shared/device-fields.js';
import { DEVICE_COLUMNS, isColumnKey } from '../../../renderer/domain/device-columns.js';

/** Fields whose column has another name: the folder column shows the folder's name, not its id. */
const COLUMN_OF: Record<string, string> = { folderId: 'folder' };

describe('DEVICE_COLUMNS', () => {
  it('has a column for every field of the device table', () => {
    const missing = DEVICE_KEYS.filter((key) => !isColumnKey(COLUMN_OF[key] ?? key));
    expect(missing).toEqual([]);
  });

  it('has no column twice', () => {
    const keys = DEVICE_COLUMNS.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
