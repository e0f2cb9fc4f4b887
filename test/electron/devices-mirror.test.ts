// The poll worker's mirror makes the texts of a replaced list only when first needed (a cache load hands
// its devices to the main thread first): whatever comes before that (a patch, a save, a diff) must see the
// replaced list, exactly as if it had been built at once.
import { describe, expect, it } from 'vitest';
import { DevicesMirror, JSON_PART_DEVICES, jsonArrayParts } from '../../electron/core/devices-mirror.js';
import type { Device } from '../../shared/model.js';
import { device } from './support/fake-service.js';

const list = (n: number): Device[] => Array.from({ length: n }, (_, i) => device(String(i + 1), null));

describe('DevicesMirror.replaceAll', () => {
  it('a patch right after it applies on top of the replaced list', () => {
    const mirror = new DevicesMirror();
    mirror.replaceAll(list(2));
    mirror.replaceAll(list(4));
    const renamed = { ...list(4)[2]!, alias: 'Front desk' };
    mirror.patch([renamed], ['1']);
    expect(mirror.size).toBe(3);
    expect(JSON.parse([...jsonArrayParts(mirror.texts())].join(''))).toEqual([
      list(4)[1],
      renamed,
      list(4)[3],
    ]);
  });

  it('a diff right after it is against the replaced list', () => {
    const mirror = new DevicesMirror();
    mirror.replaceAll(list(3));
    const next = [...list(3).slice(1), device('9', null)];
    expect(mirror.diff(next, 'h1')).toEqual({ added: [device('9', null)], changed: [], removed: ['1'] });
    mirror.commit();
    expect(mirror.sameBytes('h1')).toBe(true);
    expect(JSON.parse([...jsonArrayParts(mirror.texts())].join(''))).toEqual(next);
  });
});

describe('DevicesMirror.unbuilt', () => {
  it('hands on the devices replaceAll gave until the mirror is first needed, one per id', () => {
    const mirror = new DevicesMirror();
    const devices = [device('1', null), device('2', '10')];
    mirror.replaceAll(devices);
    expect(mirror.unbuilt()).toBe(devices);
    expect(mirror.get('2')).toEqual(devices[1]); // needed: its texts are made
    expect(mirror.unbuilt()).toBeNull();
    // An id twice (a damaged copy): the mirror keeps the last, which only the built map says.
    mirror.replaceAll([device('1', null), { ...device('1', null), alias: 'again' }]);
    expect(mirror.unbuilt()).toBeNull();
    expect([...mirror.devices()].map((d) => d.alias)).toEqual(['again']);
  });
});

describe('jsonArrayParts', () => {
  it('writes a JSON array in parts of at most JSON_PART_DEVICES devices', () => {
    expect([...jsonArrayParts([])].join('')).toBe('[]');
    const devices = list(2 * JSON_PART_DEVICES + 5);
    const written = [...jsonArrayParts(devices.map((d) => JSON.stringify(d)))];
    expect(written).toHaveLength(4);
    expect(written.slice(0, 3).map((p) => (p.match(/"id":/g) ?? []).length)).toEqual([
      JSON_PART_DEVICES,
      JSON_PART_DEVICES,
      5,
    ]);
    expect(JSON.parse(written.join(''))).toEqual(devices);
  });
});

describe('DevicesMirror.commit with fenced devices', () => {
  it('keeps its own copy of a fenced device and forgets the polled bytes, so the next poll sends it again', () => {
    const mirror = new DevicesMirror();
    mirror.replaceAll(list(3));
    const mine = { ...list(3)[0]!, alias: 'Mine' };
    mirror.patch([mine], []); // the optimistic write, as the main thread shows it
    const polled: Device[] = list(3).map((d) => ({ ...d, status: 'offline' }));
    polled.push(device('4', null));
    mirror.diff(polled, 'h1');
    // '1' was written while the poll was out; '4' (new) was fenced too, so it is not taken either.
    mirror.commit(['1', '4']);
    expect(mirror.sameBytes('h1')).toBe(false);
    expect(JSON.parse([...jsonArrayParts(mirror.texts())].join(''))).toEqual([mine, polled[1], polled[2]]);
    expect(mirror.diff(polled, 'h1')).toEqual({ added: [polled[3]], changed: [polled[0]], removed: [] });
  });
});

describe('DevicesMirror.patch and commit say what they took', () => {
  it('a patch returns what it changed; a commit returns the poll but the fenced and the patched devices', () => {
    const mirror = new DevicesMirror();
    mirror.replaceAll(list(2));
    const renamed = { ...list(2)[0]!, alias: 'Front desk' };
    expect(mirror.patch([renamed, list(2)[1]!, device('3', null)], ['2', '9'])).toEqual({
      added: [device('3', null)],
      changed: [renamed],
      removed: ['2'],
    });
    const polled = [renamed, device('3', '10'), device('4', null)];
    mirror.diff(polled, 'h1');
    expect(mirror.commit(['4'])).toEqual({ added: [], changed: [polled[1]], removed: [] });
    const next = [
      { ...renamed, status: 'offline' as const },
      { ...device('3', '10'), alias: 'Polled' },
    ];
    mirror.diff(next, 'h2');
    const mine = { ...device('3', '10'), alias: 'Mine' };
    mirror.patch([mine], []); // made after the poll's copy: it wins
    expect(mirror.commit()).toEqual({ added: [], changed: [next[0]], removed: [] });
    expect(mirror.get('3')).toEqual(mine);
    expect(mirror.sameBytes('h2')).toBe(false);
    expect(mirror.commit()).toBeNull(); // nothing pending any more
  });
});

describe('DevicesMirror: the committed document by its wire bytes', () => {
  it('knows them once committed, and forgets them with the text whenever the mirror leaves that document', () => {
    const mirror = new DevicesMirror();
    mirror.diff(list(3), 't1', 'w1');
    // Pending is not committed: nothing is known yet.
    expect(mirror.sameWire('w1')).toBe(false);
    mirror.commit();
    expect(mirror.sameWire('w1')).toBe(true);
    expect(mirror.sameBytes('t1')).toBe(true);
    // The same text came coded anew: those bytes are known too.
    mirror.cameAs('w2');
    expect(mirror.sameWire('w2')).toBe(true);

    // A patch: the mirror is no longer that document.
    mirror.patch([{ ...list(3)[0]!, alias: 'Front desk' }], []);
    expect(mirror.sameWire('w2')).toBe(false);
    expect(mirror.sameBytes('t1')).toBe(false);
    // Nor does a later cameAs bring the bytes back without a document known by its text.
    mirror.cameAs('w2');
    expect(mirror.sameWire('w2')).toBe(false);

    // A commit with a fenced device keeps the mirror's copy of it: not the polled document either.
    mirror.diff(list(3), 't3', 'w3');
    mirror.commit(['1']);
    expect(mirror.sameWire('w3')).toBe(false);

    mirror.diff(list(3), 't4', 'w4');
    mirror.commit();
    mirror.replaceAll(list(2));
    expect(mirror.sameWire('w4')).toBe(false);
  });
});
