// What the devices' owner answers about them without handing them over (a search of another account, a
// view spanning accounts): only the few devices sent, found over the texts the mirror keeps, in the worker
// as in this thread.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/logger.js';
import type { DevicesFeed } from '../../../electron/core/devices-feed.js';
import { createDevicesFeed } from '../../../electron/core/devices-poller.js';
import type { ViewQuery } from '../../../electron/core/device-view-match.js';
import { device } from '../support/fake-service.js';

let feed: DevicesFeed | null = null;
afterEach(async () => {
  await feed?.close();
  feed = null;
});

const view = (over: Partial<ViewQuery>): ViewQuery => ({
  search: '',
  where: { kind: 'group', op: 'and', conditions: [] },
  sort: { key: 'name', direction: 'asc' },
  limit: 10,
  folders: [],
  now: Date.now(),
  ...over,
});

describe('a devices owner that holds nothing yet', () => {
  it('answers a search and a view at once, starting no worker for them', async () => {
    const lines: string[] = [];
    const missing = pathToFileURL(path.join(import.meta.dirname, 'no-such-worker.js'));
    feed = createDevicesFeed({
      logger: createLogger((_level, line) => lines.push(line)),
      worker: { source: missing, eval: false },
    });
    expect(await feed.search(['desk'])).toEqual([]);
    expect(await feed.matchView(view({}))).toEqual({ total: 0, devices: [] });
    // A worker that was started would have been found missing, and said so.
    expect(lines).toEqual([]);
    feed.replaceAll([device('1', null, { name: 'desk' })]);
    expect((await feed.search(['desk'])).map((d) => d.id)).toEqual(['1']);
    expect(lines.some((l) => l.includes('poll worker could not start'))).toBe(true);
  });
});

describe.each([
  ['in a worker', () => createDevicesFeed({})],
  ['in this thread', () => createDevicesFeed({ worker: null })],
])('the devices owner %s', (_where, make) => {
  it('finds what JSON writes escaped, and not what only the JSON around the fields holds', async () => {
    feed = make();
    const quoted = device('1', null, { name: 'say "hi" \\ desk', alias: null });
    const plain = device('2', null, { name: 'front desk', alias: 'ÄRZTE-PC' });
    feed.replaceAll([quoted, plain]);
    expect((await feed.search(['"hi"'])).map((d) => d.id)).toEqual(['1']);
    expect((await feed.search(['\\'])).map((d) => d.id)).toEqual(['1']);
    expect((await feed.search(['ärzte-pc'])).map((d) => d.id)).toEqual(['2']);
    // Field names and other fields are in every device's text: they are no hit.
    expect(await feed.search(['alias'])).toEqual([]);
    expect(await feed.search(['folderid'])).toEqual([]);
    expect((await feed.search(['desk'])).map((d) => d.id).sort()).toEqual(['1', '2']);
  });

  it('matches a view over what it holds now: the last list in, folder conditions read the folders sent', async () => {
    feed = make();
    const devices = Array.from({ length: 30 }, (_, i) =>
      device(String(i + 1), i % 3 === 0 ? 'f-child' : 'f-other', {
        name: `desk-${String(i + 1).padStart(2, '0')}`,
        status: i % 2 ? 'online' : 'offline',
      }),
    );
    feed.replaceAll(devices);
    // Then '4' came online and '7' left the account.
    feed.replaceAll(
      devices.flatMap((d) =>
        d.id === '7' ? [] : d.id === '4' ? [{ ...d, status: 'online' as const }] : [d],
      ),
    );
    const folders = [
      { id: 'f-top', name: 'Top', parentId: null, dateCreation: null },
      { id: 'f-child', name: 'Child', parentId: 'f-top', dateCreation: null },
      { id: 'f-other', name: 'Other', parentId: null, dateCreation: null },
    ];
    const where = {
      kind: 'group',
      op: 'and',
      conditions: [
        { kind: 'status', in: ['offline'] },
        { kind: 'folder', folderId: 'f-top', subtree: true },
      ],
    } as unknown as ViewQuery['where'];
    const matched = await feed.matchView(
      view({ where, folders, limit: 2, sort: { key: 'name', direction: 'desc' } }),
    );
    // Offline in the subtree of f-top: i % 3 === 0 and i even, i.e. ids 1, 7, 13, 19, 25; 4 is online now,
    // 7 was removed.
    expect(matched.total).toBe(4);
    expect(matched.devices.map((d) => d.id)).toEqual(['25', '19']);
    expect(Object.keys(matched.devices[0]!).sort()).toEqual(['alias', 'id', 'ip', 'name', 'os', 'status']);
  });
});
