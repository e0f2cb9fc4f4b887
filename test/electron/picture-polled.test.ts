// The Picture applies what the poll worker computed. A replace (first sync, a lost mirror) or a cache load
// takes the Map the feed built part by part as its devices map, so no 100,000-entry Map is built in the one
// task that applies the delta; without one it builds its own, with the same content.
import { describe, expect, it } from 'vitest';
import { Picture } from '../../electron/core/picture.js';
import type { Device, Id } from '../../shared/model.js';
import { device } from './support/fake-service.js';

const AT = '2026-11-22T10:00:00.000Z';
const list = (n: number) => Array.from({ length: n }, (_, i) => device(String(i + 1), null));
const byId = (devices: Device[]) => new Map<Id, Device>(devices.map((d) => [d.id, d]));

describe('Picture.applyPolledDevices', () => {
  it('a replace takes the prebuilt map as is and reports the whole list as a reset', () => {
    const picture = new Picture();
    const devices = list(5);
    const prebuilt = byId(devices);
    const change = picture.applyPolledDevices(
      { added: devices, changed: [], removed: [] },
      true,
      AT,
      prebuilt,
    );
    expect(picture.maps.devices).toBe(prebuilt);
    expect(change).toEqual({
      dataset: 'devices',
      reset: true,
      added: devices,
      changed: [],
      removed: [],
      fetchedAt: AT,
    });
  });

  it('without a prebuilt map a replace builds the same one; a later delta applies on top', () => {
    const picture = new Picture();
    const devices = list(5);
    picture.applyPolledDevices({ added: devices, changed: [], removed: [] }, false, AT);
    expect([...picture.maps.devices.entries()]).toEqual([...byId(devices).entries()]);
    const moved = { ...devices[1]!, folderId: '9' };
    const added = device('6', null);
    // Not a replace: the prebuilt map of the added devices is not taken as the whole picture.
    const change = picture.applyPolledDevices(
      { added: [added], changed: [moved], removed: ['3'] },
      false,
      AT,
      byId([added]),
    );
    expect(change?.reset).toBe(false);
    expect([...picture.maps.devices.keys()]).toEqual(['1', '2', '4', '5', '6']);
    expect(picture.get('devices', '2')).toBe(moved);
  });

  it('a cache load (reset) takes the prebuilt map too', () => {
    const picture = new Picture();
    const devices = list(3);
    const prebuilt = byId(devices);
    const change = picture.reset('devices', devices, AT, true, prebuilt);
    expect(picture.maps.devices).toBe(prebuilt);
    expect(change.added).toEqual(devices);
  });
});
