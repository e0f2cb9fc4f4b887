// The streaming collection decoder (shared/xml/stream.ts, saxes): every refusal of the fast-xml-parser
// path with the same reason, the same tree shapes into the same converters, and agreement with the
// single-resource decoders (fast-xml-parser) on the same elements.
import fc from 'fast-check';
import { DEVICE_FIELDS, DEVICE_KEYS, type DeviceFieldKind } from '../../../shared/device-fields.js';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_OSES,
  DEVICE_STATUSES,
  LANGUAGES,
  SESSION_STATES,
  USER_ROLES,
  type Device,
  type Folder,
  type OrUnknown,
  type SupportSession,
  type User,
} from '../../../shared/model.js';
import {
  MAX_XML_DEPTH,
  XmlError,
  decodeDevice,
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
  type DecodeOptions,
  type XmlErrorReason,
} from '../../../shared/xml/index.js';
import { decodeCollection } from '../../../shared/xml/stream.js';

function refusal(run: () => unknown): XmlErrorReason {
  try {
    run();
  } catch (error) {
    if (error instanceof XmlError) return error.reason;
    throw error;
  }
  throw new Error('expected an XmlError');
}

interface Kind {
  label: string;
  decode: (xml: string, options?: DecodeOptions) => unknown[];
  /** Root as Rails writes it (dasherized for sessions). */
  root: string;
  item: string;
  /** The smallest valid item element. */
  minimal: string;
  /** A root of another collection: well-formed, but the wrong document. */
  otherRoot: string;
}

const KINDS: Kind[] = [
  {
    label: 'devices',
    decode: decodeDevices,
    root: 'devices',
    item: 'device',
    minimal: '<device><id>1</id></device>',
    otherRoot: 'folders',
  },
  {
    label: 'folders',
    decode: decodeFolders,
    root: 'folders',
    item: 'folder',
    minimal: '<folder><id>1</id><name>A</name></folder>',
    otherRoot: 'devices',
  },
  {
    label: 'support_sessions',
    decode: decodeSupportSessions,
    root: 'support-sessions',
    item: 'support-session',
    minimal: '<support-session><id>1</id></support-session>',
    otherRoot: 'users',
  },
  {
    label: 'users',
    decode: decodeUsers,
    root: 'users',
    item: 'user',
    minimal: '<user><id>1</id></user>',
    otherRoot: 'support_sessions',
  },
];

const DECL = '<?xml version="1.0" encoding="UTF-8"?>';

describe.each(KINDS)('$label: refusals, with the reasons of the fast-xml-parser path', (k) => {
  const doc = (inner: string, attrs = '') => `${DECL}<${k.root}${attrs}>${inner}</${k.root}>`;
  const nested = (levels: number) => `${'<x>'.repeat(levels)}${'</x>'.repeat(levels)}`;

  it.each<[string, () => string, XmlErrorReason]>([
    ['empty body', () => '', 'empty'],
    ['whitespace only', () => ' \n\t ', 'empty'],
    ['plain text', () => 'Service Unavailable', 'not-xml'],
    ['JSON', () => `{"${k.label}":[]}`, 'not-xml'],
    [
      'entity bomb',
      () => `<!DOCTYPE r [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>${doc(k.minimal)}`,
      'doctype',
    ],
    ['external entity', () => `<!DOCTYPE r SYSTEM "file:///etc/passwd">${doc('')}`, 'doctype'],
    ['DOCTYPE after the root', () => `${doc(k.minimal)}<!DOCTYPE r>`, 'doctype'],
    ['doctype in another case, after a comment', () => `<!-- note --><!DocType r>${doc('')}`, 'doctype'],
    ['mismatched tags', () => doc(`<${k.item}><id>1</${k.item}>`), 'not-xml'],
    ['unclosed root', () => `<${k.root}>${k.minimal}`, 'not-xml'],
    ['unquoted attribute', () => `<${k.root} type=array/>`, 'not-xml'],
    ['bare ampersand', () => doc(k.minimal.replace('<id>1', '<id>1 & 2')), 'not-xml'],
    ['two roots', () => doc('') + doc(''), 'not-xml'],
    ['leading whitespace before the declaration', () => `\n${doc('')}`, 'not-xml'],
    ['wrong root', () => `<${k.otherRoot}/>`, 'wrong-root'],
    ['one item where a list is expected', () => k.minimal, 'wrong-root'],
    ['an HTML page', () => '<html><body><p>Bad&nbsp;gateway</p></body></html>', 'wrong-root'],
    ['an HTML page that is not XML', () => '<html><body>Bad gateway<br></body></html>', 'not-xml'],
    ['nil-classes with items', () => '<nil-classes type="array"><nil-class/></nil-classes>', 'wrong-root'],
    ['too deep inside an item', () => doc(k.minimal.replace('<id>', `${nested(200)}<id>`)), 'too-deep'],
    ['too deep outside any item', () => doc(nested(200)), 'too-deep'],
    [
      '__proto__ element',
      () => doc(k.minimal.replace('<id>', '<__proto__><polluted>1</polluted></__proto__><id>')),
      'not-xml',
    ],
    [
      'constructor element',
      () => doc(k.minimal.replace('<id>', '<constructor><prototype/></constructor><id>')),
      'not-xml',
    ],
    ['prototype element outside any item', () => doc(`${k.minimal}<prototype/>`), 'not-xml'],
    ['an item without an id', () => doc(k.minimal.replace('<id>1</id>', '')), 'invalid-value'],
    ['an item holding text', () => doc(`<${k.item}>1</${k.item}>`), 'invalid-value'],
    ['a repeated id', () => doc(k.minimal.replace('<id>1</id>', '<id>1</id><id>2</id>')), 'invalid-value'],
    [
      'a field holding elements',
      () => doc(k.minimal.replace('<id>1</id>', '<id><b>1</b></id>')),
      'invalid-value',
    ],
    ['text instead of items', () => doc('oops'), 'invalid-value'],
    ['foreign elements instead of items', () => doc('<thing/>'), 'invalid-value'],
  ])('%s', (_name, xml, reason) => {
    expect(refusal(() => k.decode(xml()))).toBe(reason);
  });

  it('checks the size limit first, on UTF-8 bytes', () => {
    const big = doc(k.minimal.repeat(50));
    expect(refusal(() => k.decode(big, { maxBytes: 100 }))).toBe('too-large');
    // before the DOCTYPE check, and counting bytes, not characters
    expect(refusal(() => k.decode(`<!DOCTYPE r>${big}`, { maxBytes: 100 }))).toBe('too-large');
    const wide = doc(k.minimal.replace('<id>1', `<id>${'é'.repeat(600)}`));
    expect(wide.length).toBeLessThan(1000);
    expect(refusal(() => k.decode(wide, { maxBytes: 1000 }))).toBe('too-large');
    expect(k.decode(wide, { maxBytes: 2000 })).toHaveLength(1);
  });

  it('refuses a broken document as not-xml however late it breaks, even after a bad value or a wrong root', () => {
    const badValueFirst = doc(`${k.minimal.replace('<id>1</id>', '')}${k.minimal}`) + '<';
    expect(refusal(() => k.decode(badValueFirst))).toBe('not-xml');
    expect(refusal(() => k.decode(`<${k.otherRoot}>${k.minimal}</${k.root}>`))).toBe('not-xml');
    // structure before root before values, as the fast-xml-parser path finds them
    expect(refusal(() => k.decode(`<${k.otherRoot}>${nested(100)}</${k.otherRoot}>`))).toBe('too-deep');
    expect(refusal(() => k.decode(doc(`${k.minimal.replace('<id>1</id>', '')}<constructor/>`)))).toBe(
      'not-xml',
    );
  });

  it(`allows ${MAX_XML_DEPTH} levels below the root and refuses one more`, () => {
    expect(k.decode(doc(`${k.minimal}${nested(MAX_XML_DEPTH)}`))).toHaveLength(1);
    expect(refusal(() => k.decode(doc(`${k.minimal}${nested(MAX_XML_DEPTH + 1)}`)))).toBe('too-deep');
  });

  it.each([
    ['<R/>'],
    ['<R></R>'],
    ['<R>\n   \n</R>'],
    ['<R type="array"/>'],
    ['<R type="array">\n</R>'],
    ['<R nil="true"/>'],
    ['<nil-classes type="array"/>'],
    ['<nil-classes type="array">  </nil-classes>'],
  ])('reads %s as an empty collection', (xml) => {
    expect(k.decode(DECL + xml.replace(/R/g, k.root))).toEqual([]);
  });

  it('reads one item as a one-item list, with type="array" and pretty-printing', () => {
    const one = k.decode(`${DECL}\n<${k.root} type="array">\n  ${k.minimal}\n</${k.root}>\n`);
    expect(one).toHaveLength(1);
    expect((one[0] as { id: string }).id).toBe('1');
  });

  it('ignores foreign elements and text beside items, as the fast-xml-parser path does', () => {
    expect(k.decode(doc(`note<extra><x>1</x></extra>${k.minimal}`))).toHaveLength(1);
  });

  it('keeps element names that are Object.prototype members as data, and pollutes nothing', () => {
    const xml = doc(
      k.minimal.replace(
        '<id>1</id>',
        '<id>1</id><toString>x</toString><valueOf/><hasOwnProperty>y</hasOwnProperty><isPrototypeOf>z</isPrototypeOf>',
      ),
    );
    const [item] = k.decode(xml) as { id: string }[];
    expect(item?.id).toBe('1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(refusal(() => k.decode(doc(`<${k.item}><__proto__><id>1</id></__proto__></${k.item}>`)))).toBe(
      'not-xml',
    );
    expect(({} as Record<string, unknown>).id).toBeUndefined();
  });

  it('reads names alike before and after a document names more kinds of element than are remembered', () => {
    const check = () => {
      const [item] = k.decode(doc(k.minimal.replace('<id>1</id>', '<id>1</id><toString>x</toString>'))) as {
        id: string;
      }[];
      expect(item?.id).toBe('1');
      expect(refusal(() => k.decode(doc(`<${k.item}><__proto__/><id>1</id></${k.item}>`)))).toBe('not-xml');
      expect(refusal(() => k.decode(doc(`<${k.item}><constructor/><id>1</id></${k.item}>`)))).toBe('not-xml');
    };
    check();
    check();
    const many = Array.from({ length: 1_500 }, (_, i) => `<f-${i}>${i}</f-${i}>`).join('');
    expect(k.decode(doc(k.minimal.replace('<id>1</id>', `<id>1</id>${many}`)))).toHaveLength(1);
    check();
  });

  it('decodes the five XML entities, numeric references and the HTML entities fast-xml-parser accepts', () => {
    const id = '&lt;&gt;&amp;&quot;&apos; &#233;&#xE9;&#x1F600; &nbsp;&copy;&euro;&pound;&#38;#233;';
    const [item] = k.decode(doc(k.minimal.replace('<id>1</id>', `<id>${id}</id>`))) as { id: string }[];
    expect(item?.id).toBe(`<>&"' éé😀 \u00a0©€£&#233;`);
  });

  it('keeps an undefined named entity as written, as the fast-xml-parser path does', () => {
    const [item] = k.decode(doc(k.minimal.replace('<id>1</id>', '<id>&eacute;</id>'))) as { id: string }[];
    expect(item?.id).toBe('&eacute;');
  });
});

describe('one parser, kept from decode to decode', () => {
  const ids = (xml: string) => decodeDevices(xml).map((d) => d.id);
  const entities = `${DECL}<devices><device><id>&eacute;&nbsp;1</id></device></devices>`;

  it('reads a document alike after one refused half-way, one refused at its end and one read whole', () => {
    expect(ids(entities)).toEqual(['&eacute;\u00a01']);
    expect(refusal(() => decodeDevices(`${DECL}<devices><device><id>1</x></device></devices>`))).toBe(
      'not-xml',
    );
    expect(ids(entities)).toEqual(['&eacute;\u00a01']);
    expect(refusal(() => decodeDevices(`${DECL}<devices><device><id>1</id><name>`))).toBe('not-xml');
    expect(ids(entities)).toEqual(['&eacute;\u00a01']);
    expect(refusal(() => decodeDevices(`${DECL}<folders/>`))).toBe('wrong-root');
    expect(ids(entities)).toEqual(['&eacute;\u00a01']);
    expect(ids(entities)).toEqual(['&eacute;\u00a01']);
  });

  it('reads a document inside the reading of another', () => {
    const users = `${DECL}<users><user><id>7</id><lastname>L</lastname></user></users>`;
    const read = (node: unknown) => ({ node, inner: decodeUsers(users).map((u) => u.lastname) });
    const outer = decodeCollection(
      `${DECL}<devices><device><id>1</id></device><device><id>2</id></device></devices>`,
      { root: 'devices', item: 'device', maxBytes: 1_000 },
      read,
    );
    expect(outer).toEqual([
      { node: { id: '1' }, inner: ['L'] },
      { node: { id: '2' }, inner: ['L'] },
    ]);
    expect(ids(entities)).toEqual(['&eacute;\u00a01']);
  });

  it('tells apart element names that share a slot of the name cache', () => {
    // Same length, first and last letters: 'language' and 'lastname', 'name' and 'note'.
    const user = '<user><id>1</id><lastname>L</lastname><language>en</language></user>';
    const users = decodeUsers(`${DECL}<users>${user}${user}</users>`);
    expect(users.map((u) => [u.lastname, u.language])).toEqual([
      ['L', 'en'],
      ['L', 'en'],
    ]);
    const device = '<device><id>1</id><note>x</note><name>N</name></device>';
    expect(decodeDevices(`${DECL}<devices>${device}${device}</devices>`).map((d) => d.name)).toEqual([
      'N',
      'N',
    ]);
  });

  it("finds a DOCTYPE however many '!' come before it, and reads a document with '!' but none", () => {
    const exclaimed = `${DECL}<devices><device><id>1!</id><name>!DOCTYPE &lt;!DOCTYPE</name></device></devices>`;
    expect(decodeDevices(exclaimed).map((d) => [d.id, d.name])).toEqual([['1!', '!DOCTYPE <!DOCTYPE']]);
    expect(refusal(() => decodeDevices(`${exclaimed}<!-- ! --><!doctype r>`))).toBe('doctype');
    expect(refusal(() => decodeDevices(`!${exclaimed}`))).toBe('not-xml');
  });
});

describe('Rails-era forms through the streaming path', () => {
  it('reads nil="true", type attributes, dasherized names and nested collections of folders', () => {
    const folders = decodeFolders(
      `${DECL}<folders type="array"><folder><id type="integer">1</id><name>Top</name>` +
        '<date-creation type="date">2010-05-03</date-creation><parent-id nil="true"/>' +
        '<folders type="array"><folder><id>2</id><name>Sub</name><folders/></folder></folders>' +
        '<devices type="array"><device><id>10</id><last-refresh type="datetime">2026-11-21 10:00:00 UTC</last-refresh>' +
        '<alias nil="true"/><ram type="decimal">2048.0</ram></device></devices></folder></folders>',
    );
    expect(folders).toHaveLength(1);
    const top = folders[0]!;
    expect(top).toMatchObject({ id: '1', name: 'Top', dateCreation: '2010-05-03', parentId: null });
    expect(top.folders).toEqual([{ id: '2', name: 'Sub', dateCreation: null, parentId: null, folders: [] }]);
    expect(top.devices?.[0]).toMatchObject({
      id: '10',
      alias: null,
      lastRefresh: '2026-11-21T10:00:00Z',
      ram: 2048,
    });
  });

  it('reports a broken item with its field', () => {
    try {
      decodeDevices('<devices><device><id>1</id></device><device><id>2</id><id>3</id></device></devices>');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(XmlError);
      expect((error as XmlError).reason).toBe('invalid-value');
      expect((error as XmlError).field).toBe('id');
    }
  });

  it('keeps the whole list when one device has a value in an unreadable format', () => {
    const devices = decodeDevices(
      '<devices><device><id>1</id></device><device><id>2</id><ram>lots</ram></device></devices>',
    );
    expect(devices.map((d) => [d.id, d.ram])).toEqual([
      ['1', null],
      ['2', null],
    ]);
  });
});

describe('where the streaming path knowingly differs from the fast-xml-parser path', () => {
  // All documented in stream.ts; none of these is something the service writes.
  it('refuses what XMLValidator lets through but XML does not allow', () => {
    // fast-xml-parser read text after an empty root (`<devices/>trailing`) as []; saxes never accepts it
    expect(refusal(() => decodeDevices('<devices/>trailing'))).toBe('not-xml');
    expect(decodeDevice('<device><id>1&#0;</id></device>').id).toBe('1');
    expect(refusal(() => decodeDevices('<devices><device><id>1&#0;</id></device></devices>'))).toBe(
      'not-xml',
    );
    expect(decodeDevice('<device><id>1</id><!-- a -- b --></device>').id).toBe('1');
    expect(
      refusal(() => decodeDevices('<devices><device><id>1</id><!-- a -- b --></device></devices>')),
    ).toBe('not-xml');
  });

  it('trims XML whitespace after decoding references, where fast-xml-parser trims raw text', () => {
    const element = '<device><id>1</id><name>&#32;a&#13;</name><alias>\u00a0b\u00a0</alias></device>';
    expect(decodeDevice(element)).toMatchObject({ name: ' a\r', alias: 'b' });
    expect(decodeDevices(`<devices>${element}</devices>`)[0]).toMatchObject({
      name: 'a\r',
      alias: '\u00a0b\u00a0',
    });
  });
});

// ---- Properties ---------------------------------------------------------------------------------------

/** Characters escapeXml drops (XML 1.0 cannot carry them): a value holding one cannot round-trip. */
const NOT_XML_10 = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/**
 * A value that survives the wire: non-empty (empty reads as null) and without surrounding whitespace
 * (values are trimmed). Mixes ASCII that needs escaping, unicode beyond the BMP and line breaks.
 */
const text = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom('<', '>', '&', '"', "'", '\r', '\n', '\t', ';', '#', 'é', 'ß', '€', '😀', '中', ' '),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    ),
    minLength: 1,
    maxLength: 12,
  })
  .filter((s) => s.trim() === s && s !== '' && !NOT_XML_10.test(s));

const timestamp = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => normaliseTimestamp(d.toISOString())!);

const enumOf = <T extends string>(known: readonly T[]): fc.Arbitrary<OrUnknown<T> | null> =>
  fc.option(
    fc.oneof(
      fc.constantFrom(...known),
      text.filter((s) => !(known as readonly string[]).includes(s)).map((unknown) => ({ unknown })),
    ),
    { nil: null },
  );

const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

/** Each field's values by its kind in the device table, so a new field is generated without a change here. */
const valuesOfKind: Record<DeviceFieldKind, fc.Arbitrary<unknown>> = {
  id: text,
  text: opt(text),
  status: enumOf(DEVICE_STATUSES),
  os: enumOf(DEVICE_OSES),
  timestamp: opt(timestamp),
  decimal: opt(
    fc.oneof(
      fc.nat(),
      fc.nat().map((n) => n / 8),
    ),
  ),
};

const device = fc.record(
  Object.fromEntries(DEVICE_KEYS.map((key) => [key, valuesOfKind[DEVICE_FIELDS[key].kind]])),
) as fc.Arbitrary<Device>;

const folder: fc.Arbitrary<Folder> = fc.letrec<{ folder: Folder }>((tie) => ({
  folder: fc
    .record({
      id: text,
      name: text,
      dateCreation: opt(
        fc.oneof(
          timestamp,
          timestamp.map((t) => t.slice(0, 10)),
        ),
      ),
      parentId: opt(text),
      folders: fc.option(fc.array(tie('folder'), { maxLength: 2, depthIdentifier: 'f' }), { nil: undefined }),
      devices: fc.option(fc.array(device, { maxLength: 2 }), { nil: undefined }),
    })
    .map((f) => {
      const out: Folder = { id: f.id, name: f.name, dateCreation: f.dateCreation, parentId: f.parentId };
      if (f.folders !== undefined) out.folders = f.folders;
      if (f.devices !== undefined) out.devices = f.devices;
      return out;
    }),
})).folder;

const session: fc.Arbitrary<SupportSession> = fc.record({
  id: text,
  code: opt(text),
  state: enumOf(SESSION_STATES),
  customer: opt(text),
  customerMail: opt(text),
  language: enumOf(LANGUAGES),
  plannedInitTime: opt(timestamp),
  plannedEndTime: opt(timestamp),
  initTime: opt(timestamp),
  endTime: opt(timestamp),
  note: opt(text),
  userId: opt(text),
});

const user: fc.Arbitrary<User> = fc.record({
  id: text,
  firstname: opt(text),
  lastname: opt(text),
  email: opt(text),
  role: enumOf(USER_ROLES),
  language: enumOf(LANGUAGES),
  timeZone: opt(text),
  lastLogin: opt(timestamp),
  registerDate: opt(timestamp),
});

/**
 * How a server may write the same document: as encoded, pretty-printed, or with every non-ASCII
 * character (and every quote) as a decimal or hexadecimal character reference.
 */
type Style = 'plain' | 'pretty' | 'decimal' | 'hex';
const style = fc.constantFrom<Style>('plain', 'pretty', 'decimal', 'hex');

function restyle(xml: string, how: Style): string {
  switch (how) {
    case 'plain':
      return xml;
    case 'pretty':
      // Values never hold '><' (both are escaped), so this only indents between elements.
      return xml.replace(/></g, '>\n  <');
    case 'decimal':
      return xml.replace(/[\u0080-\u{10FFFF}]|&quot;|&apos;/gu, (c) =>
        c.length > 2 ? `&#${c === '&quot;' ? 34 : 39};` : `&#${c.codePointAt(0)};`,
      );
    case 'hex':
      return xml.replace(/[\u0080-\u{10FFFF}]|&quot;|&apos;/gu, (c) =>
        c.length > 2 ? `&#x${c === '&quot;' ? '22' : '27'};` : `&#x${c.codePointAt(0)!.toString(16)};`,
      );
  }
}

interface Case<T> {
  label: string;
  arb: fc.Arbitrary<T>;
  encodeMany: (items: readonly T[]) => string;
  decodeMany: (xml: string) => T[];
  encodeOne: (item: T) => string;
  decodeOne: (xml: string) => T;
}

const CASES = [
  {
    label: 'devices',
    arb: device,
    encodeMany: encodeDevices,
    decodeMany: decodeDevices,
    encodeOne: encodeDevice,
    decodeOne: decodeDevice,
  } satisfies Case<Device>,
  {
    label: 'folders',
    arb: folder,
    encodeMany: encodeFolders,
    decodeMany: decodeFolders,
    encodeOne: encodeFolder,
    decodeOne: decodeFolder,
  } satisfies Case<Folder>,
  {
    label: 'support sessions',
    arb: session,
    encodeMany: encodeSupportSessions,
    decodeMany: decodeSupportSessions,
    encodeOne: encodeSupportSession,
    decodeOne: decodeSupportSession,
  } satisfies Case<SupportSession>,
  {
    label: 'users',
    arb: user,
    encodeMany: encodeUsers,
    decodeMany: decodeUsers,
    encodeOne: encodeUser,
    decodeOne: decodeUser,
  } satisfies Case<User>,
] as Case<unknown>[];

describe.each(CASES)('$label: properties', (c) => {
  it('decodeX(encodeX(list)) equals the list, however the document is written', () => {
    fc.assert(
      fc.property(fc.array(c.arb, { maxLength: 5 }), style, (list, how) => {
        expect(c.decodeMany(restyle(c.encodeMany(list), how))).toEqual(list);
      }),
      { numRuns: 150 },
    );
  });

  it('a resource read alone (fast-xml-parser) equals the same element read in a one-item list (saxes)', () => {
    fc.assert(
      fc.property(c.arb, style, (item, how) => {
        const alone = c.decodeOne(restyle(c.encodeOne(item), how));
        const inList = c.decodeMany(restyle(c.encodeMany([item]), how));
        expect(inList).toEqual([alone]);
        expect(alone).toEqual(item);
      }),
      { numRuns: 100 },
    );
  });
});

describe('both parsers agree on Rails-era elements the encoder never writes', () => {
  const device =
    '<device><id type="integer">007</id><name>Caf&#233; &nbsp;&amp; co &#x41;</name><alias nil="true"/>' +
    '<status>hibernating</status><os>Windows 7</os><last-refresh type="datetime">2026-11-21T10:30:00+01:00</last-refresh>' +
    '<ram type="decimal">2048.50</ram><free_space><![CDATA[37% <of> 465 GB]]></free_space><mac>00:1A</mac>' +
    '<folder-id></folder-id><extra a="1"><b/></extra><toString>x</toString></device>';
  it.each<[string, (xml: string) => unknown, (xml: string) => unknown[], string, string]>([
    ['device', decodeDevice, decodeDevices, 'devices', device],
    [
      'folder with nested items',
      decodeFolder,
      decodeFolders,
      'folders',
      `<folder><id>1</id><name>A &lt;B&gt;</name><date-creation>2010-05-03</date-creation><parent-id nil="true"/>` +
        `<folders type="array"><folder><id>2</id><name>x</name><folders/></folder><folder><id>3</id><name>y</name>` +
        `<devices type="array">${device}</devices></folder></folders><devices/></folder>`,
    ],
    [
      'support session',
      decodeSupportSession,
      decodeSupportSessions,
      'support-sessions',
      '<support-session><id>1</id><state>archived</state><language>ge</language><note>a\n  b</note>' +
        '<planned-init-time>2010-05-03 10:00:00 UTC</planned-init-time><init-time nil="true"></init-time></support-session>',
    ],
    [
      'user',
      decodeUser,
      decodeUsers,
      'users',
      '<user><id>9</id><firstname>Jos&#xE9;</firstname><role type="string">auditor</role><time-zone>(GMT+01:00)</time-zone></user>',
    ],
  ])('%s', (_label, one, many, root, element) => {
    expect(many(`${DECL}<${root} type="array">${element}</${root}>`)).toEqual([one(DECL + element)]);
  });
});

describe('normaliseTimestamp fast path for canonical UTC timestamps', () => {
  it('answers exactly as the general path, for real and impossible dates alike', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const canonical = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), two(13), two(32), two(25), two(61), two(61))
      .map(([y, mo, d, h, mi, s]) => `${String(y).padStart(4, '0')}-${mo}-${d}T${h}:${mi}:${s}Z`);
    fc.assert(
      fc.property(canonical, (raw) => {
        // the leading space keeps the fast path out: the general path trims it
        expect(normaliseTimestamp(raw)).toBe(normaliseTimestamp(` ${raw}`));
      }),
      { numRuns: 2000 },
    );
    expect(normaliseTimestamp('2024-02-29T23:59:59Z')).toBe('2024-02-29T23:59:59Z');
    expect(normaliseTimestamp('2100-02-29T00:00:00Z')).toBeUndefined();
    expect(normaliseTimestamp('0050-01-01T00:00:00Z')).toBeUndefined();
  });
});
