// Seeded generation of hostile and conflicting requests across every endpoint. The sequence is a pure
// function of the seed (nothing read from the service's answers steers it), so any failure is replayed
// by running the same seed up to the failing case.
import type { Random } from '../../../service/domain/random.js';

export type Who = 'admin' | 'user' | 'unsigned' | 'bad-signature' | 'replay' | 'double-authorization';

export interface FuzzRequest {
  method: string;
  /** Path and query, e.g. `/folders/3.xml?name=X`. */
  path: string;
  /** The operation the path is meant to reach, for the error table ('' for a routing refusal). */
  operation: string;
  contentType?: string;
  body?: string;
  who: Who;
  /** Set when the body was broken on purpose: the service must refuse it (4xx), whatever else. */
  malformed?: string;
}

/** Ids that exist in the generated account, a few that may come and go, and ones that never can. */
const ID_POOL = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '15', '20', '25', '30'];
const BAD_IDS = ['0', '-1', 'abc', '999999', '99999999999999999999', '%2e%2e', '1.5', '%20', '١', 'null'];

const NAMES = [
  'Acme',
  ' acme ',
  'ACME',
  'Sales',
  'sales',
  'Café',
  'Cafe\u0301',
  'Ω Team',
  '🚀 Launch',
  'a\uFFFEb',
  'ab',
  '\uFFFE',
  'x\uFFFF',
  'tab\there',
  'bell\u0007',
  '',
  '   ',
  'A'.repeat(255),
  'B'.repeat(256),
  '&amp; Co',
  '&lt;b&gt;',
  '&nbsp;',
  '&#xFFFE;',
  '&#233;t&#233;',
  '&foo;',
  '<![CDATA[<raw>]]>',
  'R&amp;D',
  'line\nbreak',
  'nul&#0;',
];

const ALIASES = ['', 'Front desk', 'x\uFFFE', 'A'.repeat(300), 'ctl\u0001', '&amp;', 'Zoë'];
const CUSTOMERS = ['Tom', '', '  ', '\uFFFE', 'Müller', 'C'.repeat(256), 'ctl\u001b', 'Ann &amp; Bob'];
const MAILS = ['', 'a@b.co', 'not-a-mail', 'x@y', 'sp ace@a.b', 'u\uFFFF@a.b'];
const LANGUAGES = ['en', 'es', 'it', 'ge', 'fr', 'de', 'EN', '', 'xx'];
const TIMES = [
  '2027-01-01T10:00:00Z',
  '2027-01-01T12:00:00+02:00',
  '2026-11-22T09:00:00Z',
  '2027-01-01',
  '2027-02-30T10:00:00Z',
  'tomorrow',
  '',
  '2027-01-01T10:00:00',
];

/** Malformations a hostile or broken client sends, each of which the service must refuse. */
const BREAKAGES: Array<[string, (xml: string) => string]> = [
  ['cut short', (xml) => xml.slice(0, Math.max(1, Math.floor(xml.length / 2)))],
  ['"<" in an attribute', (xml) => xml.replace(/<(\w+)>/, '<$1 a="<">')],
  ['"--" in a comment', (xml) => xml.replace(/<(\w+)>/, '<$1><!-- a -- b -->')],
  ['DOCTYPE', (xml) => `<!DOCTYPE x [<!ENTITY a "aaaa">]>${xml}`],
  ['text after the root', (xml) => `${xml}trailing`],
  ['two roots', (xml) => `${xml.replace(/^<\?xml[^>]*>/, '')}${xml.replace(/^<\?xml[^>]*>/, '')}`],
  ['unclosed element', (xml) => xml.replace(/<(\w+)>/, '<$1><$1>')],
  ['empty', () => ''],
  ['form-encoded', () => 'name=x'],
  ['JSON', () => '{"name":"x"}'],
  ['"]]>" in text', (xml) => xml.replace(/<(\w+)>/, '<$1>]]>')],
  ['U+FFFE in text', (xml) => xml.replace(/<(\w+)>/, '<$1>\uFFFE')],
];

/** Well-formed values, with case and space variants so names collide (1101) and moves conflict. */
const CLEAN = {
  names: [
    'Acme',
    'acme',
    ' ACME ',
    'Sales',
    'Support',
    'Berlin',
    'Madrid',
    'Café',
    'Cafe\u0301',
    'R&amp;D',
    'Ω',
  ],
  aliases: ['Front desk', 'Lab 2', ''],
  customers: ['Tom', 'Ann', 'Zoë'],
  mails: ['', 'tom@customer.example'],
  languages: ['en', 'es', 'it', 'ge', 'fr'],
  times: ['2027-01-01T10:00:00Z', '2027-01-01T12:00:00+02:00', '2027-03-01T09:30:00Z', ''],
};

export class RequestGenerator {
  /** Half the requests are well-formed (conflicts, collisions, moves); half are hostile. */
  private hostile = true;

  constructor(private readonly random: Random) {}

  private value(clean: readonly string[], hostile: readonly string[]): string {
    return this.random.pick(this.hostile ? hostile : clean);
  }

  private id(): string {
    return !this.hostile || this.random.chance(0.85) ? this.random.pick(ID_POOL) : this.random.pick(BAD_IDS);
  }

  private element(name: string, value: string): string {
    if (this.random.chance(0.05)) return `<${name} nil="true"/>`;
    return value === '' && this.random.chance(0.5) ? `<${name}/>` : `<${name}>${value}</${name}>`;
  }

  private collection(name: string, item: string): string {
    const count = this.random.int(0, 3);
    let inner = '';
    for (let i = 0; i < count; i++) {
      inner += this.random.chance(0.9)
        ? `<${item}><id>${this.id()}</id></${item}>`
        : `<${item}>junk</${item}>`;
    }
    return inner === '' ? `<${name}/>` : `<${name}>${inner}</${name}>`;
  }

  /** Fields of a body, some repeated, some foreign or read-only. */
  private fields(makers: Array<() => string>, extras: string[], required = 0): string {
    let inner = '';
    makers.forEach((make, index) => {
      if (index < required && !this.hostile) inner += make();
      else if (this.random.chance(0.6)) inner += make();
    });
    if (!this.hostile) return inner;
    if (this.random.chance(0.1)) inner += this.random.pick(makers)();
    if (this.random.chance(0.1)) inner += this.random.pick(extras);
    return inner;
  }

  /** What the last body() broke on purpose, if anything. */
  private broken: string | undefined;

  private body(root: string, inner: string): string {
    this.broken = undefined;
    if (!this.hostile) return `<${root}>${inner}</${root}>`;
    const realRoot = this.random.chance(0.05)
      ? this.random.pick(['device', 'folder', 'support_session', 'x'])
      : root;
    let xml = `${this.random.chance(0.5) ? '<?xml version="1.0" encoding="UTF-8"?>' : ''}<${realRoot}>${inner}</${realRoot}>`;
    if (this.random.chance(0.08)) {
      const [what, breakIt] = this.random.pick(BREAKAGES);
      xml = breakIt(xml);
      this.broken = what;
    }
    return xml;
  }

  /** URI parameters for the fields, conflicting with the body when both are given. */
  private query(candidates: Array<[string, () => string]>): string {
    const pairs: string[] = [];
    for (const [name, value] of candidates) {
      if (!this.random.chance(this.hostile ? 0.25 : 0.15)) continue;
      pairs.push(`${name}=${encodeURIComponent(value())}`);
      if (this.random.chance(0.05)) pairs.push(`${name}=${encodeURIComponent(value())}`);
    }
    if (this.random.chance(0.03))
      pairs.push(this.random.pick(['id=5', 'status=online', 'code=1', 'colour=red']));
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  }

  private folderBody(): string {
    return this.body(
      'folder',
      this.fields(
        [
          () => this.element('name', this.value(CLEAN.names, NAMES)),
          () => this.element('parent_id', this.random.chance(0.3) ? '' : this.id()),
          () => this.collection('folders', 'folder'),
          () => this.collection('devices', 'device'),
        ],
        ['<id>4</id>', '<date_creation>2020-01-01</date_creation>', '<colour>red</colour>'],
        1,
      ),
    );
  }

  private deviceBody(): string {
    return this.body(
      'device',
      this.fields(
        [
          () => this.element('alias', this.value(CLEAN.aliases, ALIASES)),
          () => this.element('folder_id', this.random.chance(0.3) ? '' : this.id()),
        ],
        ['<status>online</status>', '<name>x</name>', '<colour>red</colour>'],
      ),
    );
  }

  private sessionBody(): string {
    return this.body(
      'support_session',
      this.fields(
        [
          () => this.element('customer', this.value(CLEAN.customers, CUSTOMERS)),
          () => this.element('customer_mail', this.value(CLEAN.mails, MAILS)),
          () => this.element('language', this.value(CLEAN.languages, LANGUAGES)),
          () => this.element('planned_init_time', this.value(CLEAN.times, TIMES)),
          () => this.element('planned_end_time', this.value(CLEAN.times, TIMES)),
        ],
        ['<code>123</code>', '<state>finished</state>', '<note>n</note>', '<colour>red</colour>'],
        3,
      ),
    );
  }

  private who(): Who {
    const roll = this.random.next();
    if (roll < 0.8) return 'admin';
    if (roll < 0.88) return 'user';
    return this.random.pick(['unsigned', 'bad-signature', 'replay', 'double-authorization'] as const);
  }

  private contentType(): string | undefined {
    if (!this.hostile || this.random.chance(0.95))
      return this.random.pick(['application/xml', 'text/xml; charset=UTF-8']);
    return this.random.pick([
      undefined,
      'application/json',
      'text/xml; charset=latin1',
      'multipart/form-data',
    ]);
  }

  next(): FuzzRequest {
    this.hostile = this.random.chance(0.5);
    const who = this.hostile ? this.who() : 'admin';
    const folderQuery = (): string =>
      this.query([
        ['name', () => this.value(CLEAN.names, NAMES)],
        ['parent_id', () => (this.random.chance(0.3) ? '' : this.id())],
        ['devices', () => `${this.id()},${this.id()}`],
        ['folders', () => this.id()],
      ]);
    const sessionQuery = (): string =>
      this.query([
        ['customer', () => this.value(CLEAN.customers, CUSTOMERS)],
        ['customer_mail', () => this.value(CLEAN.mails, MAILS)],
        ['language', () => this.value(CLEAN.languages, LANGUAGES)],
        ['planned_init_time', () => this.value(CLEAN.times, TIMES)],
        ['planned_end_time', () => this.value(CLEAN.times, TIMES)],
      ]);
    const write = (method: string, path: string, operation: string, body: string): FuzzRequest => {
      const contentType = this.contentType();
      return {
        method,
        path,
        operation,
        body,
        who,
        ...(contentType ? { contentType } : {}),
        ...(this.broken ? { malformed: this.broken } : {}),
      };
    };
    const read = (method: string, path: string, operation: string): FuzzRequest => ({
      method,
      path,
      operation,
      who,
    });

    switch (this.random.int(0, 17)) {
      case 0:
      case 1:
        return write(
          'POST',
          `${this.random.chance(0.3) ? `/folders/${this.id()}/folders.xml` : '/folders.xml'}${folderQuery()}`,
          'folders.create',
          this.folderBody(),
        );
      case 2:
      case 3: {
        const path = this.random.chance(0.3)
          ? `/folders/${this.id()}/folders/${this.id()}.xml`
          : `/folders/${this.id()}.xml`;
        return write('PUT', `${path}${folderQuery()}`, 'folders.update', this.folderBody());
      }
      case 4:
        return read('DELETE', `/folders/${this.id()}.xml`, 'folders.destroy');
      case 5:
        return this.random.chance(0.5)
          ? read('GET', `/folders/${this.id()}.xml`, 'folders.show')
          : read(
              'GET',
              this.random.chance(0.5) ? '/folders.xml' : `/folders/${this.id()}/folders.xml`,
              'folders.list',
            );
      case 6:
      case 7: {
        const path = this.random.chance(0.3)
          ? `/folders/${this.id()}/devices/${this.id()}.xml`
          : `/devices/${this.id()}.xml`;
        const query = this.query([
          ['alias', () => this.value(CLEAN.aliases, ALIASES)],
          ['folder_id', () => (this.random.chance(0.3) ? '' : this.id())],
        ]);
        return write('PUT', `${path}${query}`, 'devices.update', this.deviceBody());
      }
      case 8:
        return this.random.chance(0.5)
          ? read('GET', `/devices/${this.id()}.xml`, 'devices.show')
          : read('GET', `/folders/${this.id()}/devices.xml`, 'devices.list');
      case 9:
      case 10:
        return write('POST', `/support_sessions.xml${sessionQuery()}`, 'sessions.create', this.sessionBody());
      case 11:
        return write(
          'PUT',
          `/support_sessions/${this.id()}.xml${sessionQuery()}`,
          'sessions.update',
          this.sessionBody(),
        );
      case 12:
        return read('DELETE', `/support_sessions/${this.id()}.xml`, 'sessions.destroy');
      case 13:
        return this.random.chance(0.5)
          ? read('GET', `/support_sessions/${this.id()}.xml`, 'sessions.show')
          : read('GET', '/support_sessions.xml', 'sessions.list');
      case 14:
        return this.random.pick([
          read('GET', `/users/${this.id()}.xml`, 'users.show'),
          read('GET', '/users/current.xml', 'users.current'),
          read('GET', '/users.xml', 'users.list'),
        ]);
      case 15:
        // Routing refusals: unknown paths, wrong methods, formats other than xml.
        return this.random.pick([
          read('GET', '/nothing.xml', ''),
          read('DELETE', `/devices/${this.id()}.xml`, ''),
          read('POST', '/users.xml', ''),
          read('GET', '/devices.json', ''),
          read('GET', '/folders', ''),
          read('PATCH', `/folders/${this.id()}.xml`, ''),
          read('GET', '/folders/1/folders/2/folders.xml', ''),
        ]);
      default:
        return this.random.chance(0.5)
          ? read('GET', '/devices.xml', 'devices.list')
          : read('GET', '/folders.xml', 'folders.list');
    }
  }
}
