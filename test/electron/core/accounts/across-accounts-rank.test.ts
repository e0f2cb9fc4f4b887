// The search across accounts ranks within each account before it cuts to the few it sends: the device
// typed in full comes first even when many more merely hold what was typed.
import { describe, expect, it } from 'vitest';
import { searchAccounts } from '../../../../electron/core/accounts/across-accounts.js';
import { HITS_PER_ACCOUNT } from '../../../../electron/core/device-rank.js';
import type { Held } from '../../../../electron/core/accounts/held-account.js';
import type { AccountCore } from '../../../../electron/core/app-core.js';
import type { Device } from '../../../../shared/model.js';
import { bareDevice } from '../../../support/make-device.js';
import { ownerOf } from '../../support/owned-devices.js';

// From the one factory: a field the table gains later needs no edit here.
function device(id: string, name: string, ip: string): Device {
  return bareDevice({ id, name, status: 'online', ip });
}

/** An account as the layer holds it, its core reduced to the devices it would list. */
function held(id: string, devices: Device[]): Held {
  const core = ownerOf(devices) as unknown as AccountCore;
  return { entry: { id, name: `Customer ${id}`, dir: '' }, core, auth: null, sync: null, off: [] };
}

describe('search across accounts, ranked', () => {
  it('sends the exact match, then those starting with the words, before those that only hold them', async () => {
    const many = Array.from({ length: 12 }, (_, i) => device(`m${i}`, `desk-${i}`, `10.0.0.1${i}`));
    const holds = device('h', 'old-10.0.0.1-label', '192.168.1.1');
    const exact = device('x', 'printer', '10.0.0.1');
    const hits = await searchAccounts([held('b', [holds, ...many, exact])], '10.0.0.1');
    expect(hits).toHaveLength(HITS_PER_ACCOUNT);
    expect(hits[0]!.device.id).toBe('x');
    expect(hits.slice(1).every((h) => h.device.id.startsWith('m'))).toBe(true);
    expect(hits.map((h) => h.device.id)).not.toContain('h');
  });

  it('ranks a device by its weakest word, and every word must match', async () => {
    const exact = device('a', 'front', '10.1.0.5'); // both words exact
    const half = device('c', 'front', '10.1.0.55'); // one exact, one only a start: a start
    const starts = device('b', 'frontdesk-2', '10.1.0.50');
    const other = device('z', 'back office', '10.1.0.5'); // "front" nowhere
    const hits = await searchAccounts([held('c', [half, starts, other, exact])], 'FRONT 10.1.0.5');
    expect(hits.map((h) => h.device.id)).toEqual(['a', 'c', 'b']);
    expect(hits[0]!.account).toEqual({ id: 'c', name: 'Customer c' });
  });
});
