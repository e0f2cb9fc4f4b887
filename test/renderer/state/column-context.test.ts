// One ColumnContext for the whole renderer (stores.views.columnContext): the grid, the detail panel, the
// rows copied, the export, the palette and the Since sort read folder names and paths, the fetch time, the
// since rows and the time through it, on the app's clock (never this computer's Date.now beside it).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppStores } from '../../../renderer/state/app-stores.js';
import { createFakeBridge, device, makeSnapshot } from '../support/fake-bridge.js';

const APP_NOW = Date.parse('2030-06-01T12:00:00Z');

describe('the column context', () => {
  it('is built from the data store and the app clock', async () => {
    const folders = [
      { id: 'c', name: 'Customers', parentId: null, dateCreation: null },
      { id: 'b', name: 'Berlin', parentId: 'c', dateCreation: null },
    ];
    const bridge = createFakeBridge(
      makeSnapshot({ data: { folders, devices: [device('1', { folderId: 'b' })], sessions: [], users: [] } }),
    );
    const stores = createAppStores(bridge, { now: () => APP_NOW });
    await stores.start();
    const ctx = stores.views.columnContext();
    expect(ctx.now).toBe(APP_NOW);
    expect(ctx.fetchedAt).toBe(stores.data.getState().fetchedAt.devices);
    expect(ctx.folderName('b')).toBe('Berlin');
    expect(ctx.folderPath?.('b')).toMatch(/^Customers.+Berlin$/);
    expect(ctx.folderPath?.('gone')).toBeUndefined();
    // A render's own tick is kept: its cells share one instant.
    expect(stores.views.columnContext(APP_NOW + 15_000).now).toBe(APP_NOW + 15_000);
  });

  it('is made in one place: no component builds its own', () => {
    const dirs = ['renderer/components', 'renderer/screens'];
    const builders = dirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => readFileSync(path.join(dir, f), 'utf8').includes('columnContext({'))
        .map((f) => path.join(dir, f)),
    );
    expect(builders).toEqual([]);
  });
});
