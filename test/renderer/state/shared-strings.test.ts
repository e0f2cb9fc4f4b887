import { describe, expect, it } from 'vitest';
import type { Device } from '../../../shared/model.js';
import { applyDataChange, createDataStore } from '../../../renderer/state/data-store.js';
import { SharedStrings } from '../../../renderer/state/shared-strings.js';
import { makeDevice } from '../../shared/support/fixtures.js';

describe('shared device strings', () => {
  it('leaves every field of every device as it came, across more values than a table keeps', () => {
    const shared = new SharedStrings();
    // 25,000 distinct refresh times (beyond the table's limit, so it starts over) and a few CPU models.
    const devices = Array.from({ length: 25_000 }, (_, i) =>
      makeDevice(i, {
        cpu: `CPU model ${i % 7}`,
        freeSpace: `${i % 90}% of 500 GB`,
        lastRefresh: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        folderId: i % 3 === 0 ? null : `f${i % 40}`,
        status: i % 5 === 0 ? { unknown: 'rebooting' } : 'online',
      }),
    );
    const copies = devices.map((d) => structuredClone(d));
    for (const d of devices) shared.share(d);
    expect(devices).toEqual(copies);
  });

  it('stores devices with their values unchanged', () => {
    const data = createDataStore();
    const added: Device[] = [makeDevice(1, { cpu: 'X' }), makeDevice(2, { cpu: 'X', os: 'Windows XP' })];
    const expected = structuredClone(added);
    applyDataChange(data, {
      dataset: 'devices',
      reset: true,
      added,
      changed: [],
      removed: [],
      fetchedAt: null,
    });
    expect([...data.getState().devices.values()]).toEqual(expected);
    expect(data.getState().deviceIndex.get(expected[1]!.id)).toEqual(expected[1]);
  });
});
