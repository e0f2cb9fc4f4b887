// The Picture applies what the poll worker's mirror took, one part at a time as the parts come: the first
// part of a reset (a first sync, a lost mirror) replaces the devices and the rest add to it; a later part
// applies on top. A cache load's parts, collected as they came, are taken as the devices map as they are.
// The Picture keeps each device's digest only (what the history, alerts and tray read): a part gives it the
// digests (devices-part.ts); the whole device is its owner's, and goes to the renderer as the owner made it.
import { describe, expect, it } from 'vitest';
import { deviceDigest, Picture } from '../../electron/core/picture.js';
import type { Device, Id } from '../../shared/model.js';
import { device } from './support/fake-service.js';

const AT = '2026-11-22T10:00:00.000Z';
const list = (n: number) => Array.from({ length: n }, (_, i) => device(String(i + 1), null));
const byId = (devices: Device[]) => new Map(devices.map((d) => [d.id, deviceDigest(d)]));
const lists = (added: Device[], changed: Device[] = [], removed: Id[] = []) => ({
  added: added.map(deviceDigest),
  changed: changed.map(deviceDigest),
  removed,
});

describe('Picture.applyPolledPart', () => {
  it('the first part of a reset replaces the devices, the next parts add to them; each is its change', () => {
    const picture = new Picture();
    picture.applyPolledPart(lists(list(2)), true, AT);
    const devices = list(5);
    const first = picture.applyPolledPart(lists(devices.slice(0, 3)), true, AT);
    expect([...picture.maps.devices.keys()]).toEqual(['1', '2', '3']);
    // As the status history records it.
    expect(first).toEqual({ reset: true, ...lists(devices.slice(0, 3)), fetchedAt: AT });
    const second = picture.applyPolledPart(lists(devices.slice(3)), false, AT);
    expect(second.reset).toBe(false);
    expect([...picture.maps.devices.entries()]).toEqual([...byId(devices).entries()]);
  });

  it('a part that is no reset applies on top: added, changed and removed', () => {
    const picture = new Picture();
    const devices = list(5);
    picture.applyPolledPart(lists(devices), true, AT);
    const moved = { ...devices[1]!, folderId: '9' };
    const change = picture.applyPolledPart(lists([device('6', null)], [moved], ['3']), false, AT);
    expect(change.reset).toBe(false);
    expect([...picture.maps.devices.keys()]).toEqual(['1', '2', '4', '5', '6']);
    expect(picture.maps.devices.get('2')).toEqual(deviceDigest(moved));
    expect(picture.fetchedAt.devices).toBe(AT);
  });

  it('a cache load’s map is taken as it is, and parts committed before it no longer belong', () => {
    const picture = new Picture();
    const generation = picture.devicesGeneration;
    const prebuilt = byId(list(3));
    picture.adoptDevices(prebuilt, AT);
    expect(picture.maps.devices).toBe(prebuilt);
    expect(picture.devicesGeneration).not.toBe(generation);
    const cleared = picture.devicesGeneration;
    picture.clear();
    expect(picture.devicesGeneration).not.toBe(cleared);
  });
});
