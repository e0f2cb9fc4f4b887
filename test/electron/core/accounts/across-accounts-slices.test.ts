// Across accounts at scale (issue 28): the search of the other accounts and a spanning view's match run
// in each account's devices' owner (its poll worker), so another account's poll or the window's next
// event is not held while they go through 6,000 devices; and the search reads what was typed as text,
// not as a pattern.
import { afterEach, describe, expect, it } from 'vitest';
import { searchAccounts } from '../../../../electron/core/accounts/across-accounts.js';
import type { Held } from '../../../../electron/core/accounts/held-account.js';
import { viewMatches } from '../../../../electron/core/accounts/view-across-accounts.js';
import type { DevicesFeed } from '../../../../electron/core/devices-feed.js';
import type { AccountCore } from '../../../../electron/core/app-core.js';
import type { Device } from '../../../../shared/model.js';
import { bareDevice } from '../../../support/make-device.js';
import { textSortKey } from '../../../../shared/text-sort-key.js';
import { ownerOf } from '../../support/owned-devices.js';

function device(
  i: number,
  name = `desk-${i}`,
  ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
): Device {
  return bareDevice({ id: `d${i}`, name, status: i % 2 ? 'online' : 'offline', ip });
}

const feeds: DevicesFeed[] = [];
afterEach(async () => {
  await Promise.all(feeds.splice(0).map((f) => f.close()));
});

function held(devices: Device[], options: { worker?: boolean } = {}): Held {
  const owner = ownerOf(devices, options);
  feeds.push(owner.feed);
  const core = { ...owner, folders: () => [] } as unknown as AccountCore;
  return { entry: { id: 'b', name: 'Customer B', dir: '' }, core, auth: null, sync: null, off: [] };
}

/** How many turns of the event loop ran while `work` did. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  return turns;
}

const many = Array.from({ length: 6_010 }, (_, i) => device(i));

describe('across accounts at scale', () => {
  it("leaves this thread's event loop turning while a large account's owner searches it in its worker", async () => {
    const h = held(many, { worker: true });
    let hits: Awaited<ReturnType<typeof searchAccounts>> = [];
    const turns = await turnsDuring(async () => (hits = await searchAccounts([h], 'desk-4321')));
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(hits.map((hit) => hit.device.id)).toEqual(['d4321']);
  });

  it("leaves this thread's event loop turning while a large account's owner matches a view in its worker", async () => {
    const request = {
      search: 'desk',
      where: { kind: 'group', op: 'and', conditions: [{ kind: 'status', in: ['offline'] }] },
      sort: { key: 'name', direction: 'asc' } as const,
      limit: 5,
    };
    let answer: Awaited<ReturnType<typeof viewMatches>> = [];
    const h = held(many, { worker: true });
    const turns = await turnsDuring(async () => (answer = await viewMatches([h], request)));
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(answer[0]!.total).toBe(many.filter((d) => d.status === 'offline').length);
    // The first rows in order, kept while matching: the same as sorting every match (the grid's name
    // order, numbers as numbers).
    const key = (name: string) => textSortKey(name);
    const sorted = many
      .filter((d) => d.status === 'offline')
      .map((d) => d.name!)
      .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
      .slice(0, 5);
    expect(sorted).toEqual(['desk-0', 'desk-2', 'desk-4', 'desk-6', 'desk-8']);
    expect(answer[0]!.devices.map((d) => d.name)).toEqual(sorted);
  });

  it('reads dots and brackets in the query as text, and any case as the same', async () => {
    const dotted = device(1, 'printer', '10.0.0.1');
    const undotted = device(2, '10x0x0x1', '192.168.0.9');
    const hits = await searchAccounts([held([undotted, dotted])], '10.0.0.1');
    expect(hits.map((h) => h.device.id)).toEqual(['d1']);
    expect((await searchAccounts([held([dotted])], 'PRINTER')).map((h) => h.device.id)).toEqual(['d1']);
    // Brackets are text too: "pc(2)" finds the device named so (as a pattern it would look for "pc2"),
    // and a lone "[" is a search, not an error.
    const bracketed = device(3, 'lab-pc(2)', '10.0.0.3');
    expect((await searchAccounts([held([bracketed])], 'pc(2)')).map((h) => h.device.id)).toEqual(['d3']);
    expect(await searchAccounts([held([bracketed])], '[')).toEqual([]);
  });
});
