import { describe, expect, it } from 'vitest';
import {
  XmlError,
  decodeDevice,
  decodeDeviceUpdate,
  decodeDevices,
  decodeFolder,
  decodeFolders,
  decodeSupportSession,
  decodeSupportSessions,
  decodeUser,
  decodeUsers,
  encodeDevice,
  encodeDevices,
  encodeFolder,
  encodeFolders,
  encodeSupportSession,
  encodeSupportSessions,
  encodeUser,
  encodeUsers,
  normaliseTimestamp,
  type XmlErrorReason,
} from '../../../shared/xml/index.js';
import { bareDevice } from '../../support/make-device.js';
import { DEVICE_KEYS } from '../../../shared/device-fields.js';
import type { Folder } from '../../../shared/model.js';
import { makeDevice, makeDevices, makeFolder, makeSession, makeUser } from '../support/fixtures.js';

const DECL = '<?xml version="1.0" encoding="UTF-8"?>';

function refusal(run: () => unknown): XmlErrorReason {
  try {
    run();
  } catch (error) {
    if (error instanceof XmlError) return error.reason;
    throw error;
  }
  throw new Error('expected an XmlError');
}

describe('resources round trip (encode → decode)', () => {
  it('keeps every field of a device, including unknown enums, nulls and leading zeros', () => {
    const devices = [
      makeDevice(1),
      makeDevice(2, {
        id: '007',
        status: { unknown: 'hibernating' },
        os: { unknown: 'Windows 11' },
        ram: 512.5,
      }),
      bareDevice({ id: makeDevice(3).id }),
      makeDevice(4, { alias: `<script>&"'\r\n é 😀`, folderId: '0042' }),
    ];
    expect(decodeDevices(encodeDevices(devices))).toEqual(devices);
    expect(decodeDevice(encodeDevice(devices[1]!))).toEqual(devices[1]);
    expect(encodeDevice(devices[0]!).startsWith(DECL)).toBe(true);
  });

  it('gives a decoded device its fields in DEVICE_KEYS order, whichever fields were sent', () => {
    const devices = [makeDevice(1), bareDevice({ id: '2' }), makeDevice(3, { alias: null, ram: null })];
    for (const device of decodeDevices(encodeDevices(devices)))
      expect(Object.keys(device)).toEqual(DEVICE_KEYS);
    expect(Object.keys(decodeDevice(`${DECL}<device><folder_id>1</folder_id><id>9</id></device>`))).toEqual(
      DEVICE_KEYS,
    );
  });

  it('keeps folders with nested folders (date-only) and devices, and tells absent from empty nested lists', () => {
    const folder: Folder = makeFolder(1, {
      id: '001',
      parentId: '0',
      folders: [
        makeFolder(2, { dateCreation: '2010-05-03', folders: [] }),
        makeFolder(3, { dateCreation: null }),
      ],
      devices: [makeDevice(9, { folderId: '001' })],
    });
    const decoded = decodeFolder(encodeFolder(folder));
    expect(decoded).toEqual(folder);
    expect(decoded.folders?.[0]?.folders).toEqual([]);
    expect(decoded.folders?.[1]?.folders).toBeUndefined();
    const list = [makeFolder(5), makeFolder(6, { name: 'Ünïcödé & <co>' })];
    expect(decodeFolders(encodeFolders(list))).toEqual(list);
  });

  it('keeps sessions and users', () => {
    const sessions = [
      makeSession(1),
      makeSession(2, { state: { unknown: 'archived' }, language: null, note: null }),
    ];
    expect(decodeSupportSessions(encodeSupportSessions(sessions))).toEqual(sessions);
    expect(decodeSupportSession(encodeSupportSession(sessions[0]!))).toEqual(sessions[0]);
    const users = [makeUser(1), makeUser(2, { role: { unknown: 'auditor' }, language: { unknown: 'pt' } })];
    expect(decodeUsers(encodeUsers(users))).toEqual(users);
    expect(decodeUser(encodeUser(users[1]!))).toEqual(users[1]);
  });

  it('writes an empty collection as an empty element and reads it back as empty', () => {
    expect(encodeDevices([])).toBe(`${DECL}<devices/>`);
    expect(decodeDevices(encodeDevices([]))).toEqual([]);
    expect(encodeFolder(makeFolder(1, { devices: [], folders: [] }))).toContain('<folders/><devices/>');
  });

  it('keeps a large list intact', () => {
    const devices = makeDevices(2000);
    expect(decodeDevices(encodeDevices(devices))).toEqual(devices);
  });
});

describe('decoding what Rails-era servers send', () => {
  it('reads type="array", nil="true", type="datetime", dasherized names and numeric character references', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <devices type="array">
        <device>
          <id type="integer">007</id>
          <name>Caf&#233; &#x41;&amp;&#38;#233;</name>
          <alias nil="true"/>
          <status>online</status>
          <os>Windows 7</os>
          <last-refresh type="datetime">2026-11-21T10:30:00+01:00</last-refresh>
          <date_installed type="dateTime">2010-05-03 10:00:00 UTC</date_installed>
          <ram type="decimal">2048.0</ram>
          <mac>00:1A:2B:3C:4D:5E</mac>
          <folder_id></folder_id>
          <something_new>ignored</something_new>
        </device>
      </devices>`;
    const [device] = decodeDevices(xml);
    // Every field the XML leaves out is null, whatever fields the table has.
    expect(device).toEqual(
      bareDevice({
        id: '007',
        // &#38;#233; is an escaped '&' followed by text: decoded once, never twice
        name: 'Café A&&#233;',
        status: 'online',
        os: 'Windows 7',
        lastRefresh: '2026-11-21T09:30:00Z',
        ram: 2048,
        mac: '00:1A:2B:3C:4D:5E',
        dateInstalled: '2010-05-03T10:00:00Z',
      }),
    );
  });

  it('reads a single item as a one-item list and nested folders of a folder', () => {
    expect(decodeDevices('<devices><device><id>1</id></device></devices>')).toHaveLength(1);
    const folder = decodeFolder(
      '<folder><id>1</id><name>Top</name><folders><folder><id>2</id><name>Sub</name>' +
        '<date_creation>2010-05-03</date_creation><folders><folder><id>3</id><name>Leaf</name></folder></folders>' +
        '</folder></folders><devices><device><id>10</id></device></devices></folder>',
    );
    expect(folder.folders?.map((f) => f.id)).toEqual(['2']);
    expect(folder.folders?.[0]?.dateCreation).toBe('2010-05-03');
    expect(folder.folders?.[0]?.folders?.[0]?.name).toBe('Leaf');
    expect(folder.devices?.map((d) => d.id)).toEqual(['10']);
  });

  it.each([
    ['<devices/>'],
    ['<devices></devices>'],
    ['<devices>\n   \n</devices>'],
    ['<devices type="array"/>'],
    ['<nil-classes type="array"/>'],
  ])('reads %s as an empty collection', (xml) => {
    expect(decodeDevices(xml)).toEqual([]);
  });

  it('normalises timestamps to UTC and keeps bare dates', () => {
    expect(normaliseTimestamp('2026-01-01T00:30:00+01:00')).toBe('2025-12-31T23:30:00Z');
    expect(normaliseTimestamp('2026-01-01T00:30:00-0530')).toBe('2026-01-01T06:00:00Z');
    expect(normaliseTimestamp('2026-01-01T00:30:00.250Z')).toBe('2026-01-01T00:30:00.250Z');
    expect(normaliseTimestamp('2026-01-01T00:30')).toBe('2026-01-01T00:30:00Z');
    expect(normaliseTimestamp('2026-02-28')).toBe('2026-02-28');
    expect(normaliseTimestamp('2026-02-30')).toBeUndefined();
    expect(normaliseTimestamp('2026-01-01T25:00:00Z')).toBeUndefined();
    expect(normaliseTimestamp('yesterday')).toBeUndefined();
  });

  it('refuses an item without an id, or with two', () => {
    expect(refusal(() => decodeDevices('<devices><device><name>x</name></device></devices>'))).toBe(
      'invalid-value',
    );
    expect(refusal(() => decodeDevice('<device><id>1</id><id>2</id></device>'))).toBe('invalid-value');
  });

  it('reads a value in an unreadable format as unknown, keeping the rest of the record', () => {
    const device = decodeDevice(
      '<device><id>1</id><name>PC1</name><ram>lots</ram><last_refresh>soon</last_refresh></device>',
    );
    expect(device).toMatchObject({ id: '1', name: 'PC1', ram: null, lastRefresh: null });
  });
});

describe('hostile and broken XML is refused with a typed reason', () => {
  const bomb =
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>' +
    '<devices><device><id>&lol2;</id></device></devices>';
  it.each<[string, () => unknown, XmlErrorReason]>([
    ['entity bomb', () => decodeDevices(bomb), 'doctype'],
    ['external entity', () => decodeDevice('<!DOCTYPE d SYSTEM "file:///etc/passwd"><device/>'), 'doctype'],
    ['plain text', () => decodeDevices('Service Unavailable'), 'not-xml'],
    ['JSON', () => decodeUsers('{"users":[]}'), 'not-xml'],
    ['empty body', () => decodeUsers('  \n'), 'empty'],
    ['mismatched tags', () => decodeDevices('<devices><device>x</devices>'), 'not-xml'],
    ['unclosed root', () => decodeDevices('<devices><device><id>1</id></device>'), 'not-xml'],
    ['two roots', () => decodeDevices('<devices/><devices/>'), 'not-xml'],
    ['wrong root', () => decodeDevices('<folders/>'), 'wrong-root'],
    ['single where a list is expected', () => decodeFolders('<folder><id>1</id></folder>'), 'wrong-root'],
    ['list where one is expected', () => decodeFolder('<folders/>'), 'wrong-root'],
    ['an HTML page', () => decodeDevices('<html><body>Bad gateway</body></html>'), 'wrong-root'],
    ['too large', () => decodeDevices(encodeDevices(makeDevices(50)), { maxBytes: 1000 }), 'too-large'],
    [
      'too large multibyte',
      () => decodeDevice(`<device><id>${'é'.repeat(600)}</id></device>`, { maxBytes: 1000 }),
      'too-large',
    ],
    [
      'too deep',
      () => decodeDevices(`<devices>${'<a>'.repeat(200)}${'</a>'.repeat(200)}</devices>`),
      'too-deep',
    ],
    ['prototype keys', () => decodeDevice('<device><__proto__><id>1</id></__proto__></device>'), 'not-xml'],
  ])('%s', (_name, run, reason) => {
    expect(refusal(run)).toBe(reason);
  });

  it('reads element names that are Object.prototype members as plain unknown fields', () => {
    const decoded = decodeDeviceUpdate('<device><toString>x</toString><valueOf/><hasOwnProperty/></device>');
    // fast-xml-parser renames them with a '__' prefix; either way they are data, not Object's members
    expect(decoded.unknownFields.map((n) => n.replace(/^_+/, ''))).toEqual([
      'toString',
      'valueOf',
      'hasOwnProperty',
    ]);
    expect(decodeDevice('<device><id>1</id><toString>x</toString></device>').name).toBeNull();
  });
});
