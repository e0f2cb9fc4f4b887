// The Picture applies what the poll worker's mirror took, one part at a time as the parts come: the first
// part of a reset (a first sync, a lost mirror) replaces the devices and the rest add to it; a later part
// applies on top. A cache load's parts, collected as they came, are taken as the devices map as they are.
// The Picture keeps each device's facts only (folder and label: what the alerts and tray read): a part gives
// it the digests (devices-part.ts), read as they come; the whole device is its owner's, and goes to the
// renderer as the owner made it.
import { describe, expect, it } from 'vitest';
import { DeviceFacts } from '../../electron/core/device-facts.js';
import { deviceDigest } from '../../electron/core/devices-part.js';
import { Picture } from '../../electron/core/picture.js';
import type { Device, Id } from '../../shared/model.js';
import { factFrom, factsOf } from './support/device-facts.js';
import { device } from './support/fake-service.js';

const AT = '2026-11-22T10:00:00.000Z';
const list = (n: number) => Array.from({ length: n }, (_, i) => device(String(i + 1), null));
const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
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
    expect(picture.devices.size).toBe(3);
    expect(factsOf(picture.devices, ids(5))).toEqual([
      ...devices.slice(0, 3).map(factFrom),
      undefined,
      undefined,
    ]);
    // As the status history records it.
    expect(first).toEqual({ reset: true, ...lists(devices.slice(0, 3)), fetchedAt: AT });
    const second = picture.applyPolledPart(lists(devices.slice(3)), false, AT);
    expect(second.reset).toBe(false);
    expect(factsOf(picture.devices, ids(5))).toEqual(devices.map(factFrom));
  });

  it('a part that is no reset applies on top: added, changed and removed', () => {
    const picture = new Picture();
    const devices = list(5);
    picture.applyPolledPart(lists(devices), true, AT);
    const moved = { ...devices[1]!, folderId: '9' };
    const change = picture.applyPolledPart(lists([device('6', null)], [moved], ['3']), false, AT);
    expect(change.reset).toBe(false);
    expect(picture.devices.size).toBe(5);
    expect(factsOf(picture.devices, ids(6))).toEqual(
      [devices[0]!, moved, undefined, devices[3]!, devices[4]!, device('6', null)].map(
        (d) => d && factFrom(d),
      ),
    );
    expect(picture.devices.folderSizes()).toEqual(new Map([['9', 1]]));
    expect(picture.fetchedAt.devices).toBe(AT);
  });

  it('a cache load’s facts are taken as they are, and parts committed before them no longer belong', () => {
    const picture = new Picture();
    const generation = picture.devicesGeneration;
    const prebuilt = new DeviceFacts();
    for (const d of list(3)) prebuilt.put(d);
    picture.adoptDevices(prebuilt, AT);
    expect(picture.devices).toBe(prebuilt);
    expect(picture.devicesGeneration).not.toBe(generation);
    const cleared = picture.devicesGeneration;
    picture.clear();
    expect(picture.devicesGeneration).not.toBe(cleared);
  });
});
