// A realistic, reproducible account: the same seed gives the same users, tree, devices and sessions.
// Built with plain loops and string templates so 100,000 devices take a fraction of a second.
import { DEVICE_FIELDS, DEVICE_KEYS, type DeviceFieldKind } from '../../shared/device-fields.js';
import {
  DEVICE_OSES,
  DEVICE_STATUSES,
  LANGUAGES,
  type Device,
  type KnownDeviceOs,
  type KnownDeviceStatus,
  type User,
} from '../../shared/model.js';
import type { AccountState, FolderRecord, SessionRecord } from './account-state.js';
import { seededRandom, type Random } from './random.js';
import { toIso } from './timestamps.js';

export interface GenerateOptions {
  seed: number;
  devices: number;
  /** The moment the account is generated for (ms): sessions are placed around it. */
  now: number;
  /** E-mail of user 1, the administrator who signs in to the demo. */
  adminEmail?: string;
}

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const COMPANIES = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark Industries',
  'Wayne Enterprises',
  'Soylent',
  'Vandelay',
  'Tyrell',
  'Cyberdyne',
  'Wonka',
];
const DEPARTMENTS = [
  'Accounting',
  'Sales',
  'Engineering',
  'Support',
  'Warehouse',
  'Reception',
  'Marketing',
  'Legal',
];
const SITES = ['Madrid', 'Milano', 'Berlin', 'Paris', 'London', 'Boston'];
const FIRST = [
  'Ana',
  'Marco',
  'Julia',
  'Pierre',
  'John',
  'Lucía',
  'Giulia',
  'Hans',
  'Claire',
  'Emma',
  'Pablo',
  'Sofia',
];
const LAST = [
  'García',
  'Rossi',
  'Müller',
  'Dubois',
  'Smith',
  'Fernández',
  'Bianchi',
  'Schmidt',
  'Martin',
  'Jones',
];
const ZONES = ['(GMT+01:00)', '(GMT-05:00)', '(GMT+00:00)', '(GMT+02:00)', '(GMT-08:00)', '(GMT+05:30)'];
const CPUS = [
  'Intel(R) Core(TM)2 Duo CPU E8400 @ 3.00GHz',
  'Intel(R) Core(TM) i5 CPU 750 @ 2.67GHz',
  'Intel(R) Core(TM) i7 CPU 920 @ 2.67GHz',
  'Intel(R) Pentium(R) 4 CPU 3.00GHz',
  'AMD Athlon(tm) 64 X2 Dual Core Processor 5000+',
  'AMD Phenom(tm) II X4 945 Processor',
  'Intel(R) Xeon(R) CPU E5520 @ 2.27GHz',
];
const RAMS = [512, 1024, 2048, 3072, 4096, 8192, 16384];
const DISKS = [80, 160, 250, 320, 465, 500, 931, 1863];
const CUSTOMERS = [
  'Maria López',
  'Paolo Conti',
  'Sabine Wolf',
  'Luc Bernard',
  'Tom Baker',
  'Carmen Ruiz',
  'Chiara Greco',
];

function code(name: string): string {
  return name
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
}

function hex2(random: Random): string {
  return random.int(0, 255).toString(16).padStart(2, '0').toUpperCase();
}

function generateUsers(random: Random, now: number, adminEmail: string): User[] {
  const users: User[] = [];
  for (let i = 0; i < 8; i++) {
    const firstname = i === 0 ? 'Alex' : (FIRST[(i * 5) % FIRST.length] as string);
    const lastname = i === 0 ? 'Admin' : (LAST[(i * 3) % LAST.length] as string);
    users.push({
      id: String(i + 1),
      firstname,
      lastname,
      email:
        i === 0
          ? adminEmail
          : `${firstname}.${lastname}`
              .normalize('NFD')
              .replace(/[^A-Za-z.]/g, '')
              .toLowerCase() + '@example.com',
      role: i < 2 ? 'administrator' : 'user',
      language: LANGUAGES[i % LANGUAGES.length] as (typeof LANGUAGES)[number],
      timeZone: ZONES[i % ZONES.length] as string,
      lastLogin: toIso(now - random.int(1, 72) * HOUR),
      registerDate: toIso(now - random.int(60, 900) * DAY),
    });
  }
  return users;
}

/** Customers/<Company>/<Site>/<Department> and an Internal branch: 3-4 levels. */
function generateFolders(
  random: Random,
  now: number,
  deviceCount: number,
): { folders: FolderRecord[]; leaves: FolderRecord[] } {
  const folders: FolderRecord[] = [];
  const leaves: FolderRecord[] = [];
  let nextId = 1;
  const add = (name: string, parentId: string | null): FolderRecord => {
    const folder = {
      id: String(nextId++),
      name,
      parentId,
      dateCreation: toIso(now - random.int(30, 700) * DAY),
    };
    folders.push(folder);
    return folder;
  };
  const customers = add('Customers', null);
  const internal = add('Internal', null);
  add('Archive', null);
  const companies = Math.max(2, Math.min(COMPANIES.length, Math.ceil(deviceCount / 2000)));
  for (let c = 0; c < companies; c++) {
    const company = add(COMPANIES[c] as string, customers.id);
    const siteCount = deviceCount > 1000 ? 1 + (c % 3) : 1;
    for (let s = 0; s < siteCount; s++) {
      const site = add(SITES[(c + s) % SITES.length] as string, company.id);
      const deptCount = 2 + ((c + s) % 4);
      for (let d = 0; d < deptCount; d++)
        leaves.push(add(DEPARTMENTS[(c * 3 + d) % DEPARTMENTS.length] as string, site.id));
    }
  }
  for (const team of ['IT', 'Helpdesk']) leaves.push(add(team, internal.id));
  return { folders, leaves };
}

function generateDevices(
  random: Random,
  now: number,
  count: number,
  folders: FolderRecord[],
  leaves: FolderRecord[],
): Device[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const prefixes = leaves.map((leaf) => {
    const company = byId.get(byId.get(leaf.parentId ?? '')?.parentId ?? '') ?? byId.get(leaf.parentId ?? '');
    return `${code(company?.name ?? 'INT')}-${code(leaf.name)}`;
  });
  const statuses: KnownDeviceStatus[] = ['online', 'online', 'offline', 'offline', 'offline', 'busy'];
  const devices: Device[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const unassigned = random.chance(0.08);
    const leafIndex = random.int(0, leaves.length - 1);
    const os = DEVICE_OSES[i % DEVICE_OSES.length] as KnownDeviceOs;
    const number = String(i + 1).padStart(3, '0');
    const name = unassigned
      ? `WKS-${number}`
      : `${prefixes[leafIndex]}-${os.startsWith('Windows Server') ? 'SRV' : 'PC'}${number}`;
    const disk = DISKS[random.int(0, DISKS.length - 1)] as number;
    const installed = now - random.int(10, 1500) * DAY;
    devices[i] = withPlainFields(i, now, {
      id: String(i + 1),
      name,
      alias: random.chance(0.3) ? `Desk ${random.int(1, 400)}` : null,
      status: statuses[random.int(0, statuses.length - 1)] as KnownDeviceStatus,
      ip: `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
      os,
      lastRefresh: toIso(now - random.int(0, 3600) * 1000),
      cpu: CPUS[random.int(0, CPUS.length - 1)] as string,
      ram: RAMS[random.int(0, RAMS.length - 1)] as number,
      freeSpace: `${random.int(3, 95)}% of ${disk} GB`,
      mac: `00:1A:${hex2(random)}:${hex2(random)}:${hex2(random)}:${hex2(random)}`,
      dateInstalled: toIso(installed),
      folderId: unassigned ? null : (leaves[leafIndex] as FolderRecord).id,
    });
  }
  return devices;
}

/** A plain value of each kind, for a device field this file does not name (yet). */
const PLAIN_VALUE: Record<DeviceFieldKind, (n: number, now: number, xml: string) => unknown> = {
  id: (n) => String(n),
  text: (n, _now, xml) => `${xml.replace(/_/g, ' ')} ${n}`,
  status: (n) => DEVICE_STATUSES[n % DEVICE_STATUSES.length],
  os: (n) => DEVICE_OSES[n % DEVICE_OSES.length],
  timestamp: (n, now) => toIso(now - (n % 1000) * HOUR),
  decimal: (n) => n % 1000,
};

// The stand-in serves every field of the device table: those named above with realistic values, one the
// table gains later with a plain value of its kind until someone writes a better one here.
export function withPlainFields(i: number, now: number, named: Partial<Device>): Device {
  for (const key of DEVICE_KEYS) {
    if (key in named) continue;
    const { kind, xml } = DEVICE_FIELDS[key];
    (named as Record<string, unknown>)[key] = PLAIN_VALUE[kind](i + 1, now, xml);
  }
  return named as Device;
}

function generateSessions(random: Random, now: number, users: User[], count: number): SessionRecord[] {
  const sessions: SessionRecord[] = [];
  const codes = new Set<string>();
  for (let i = 0; i < count; i++) {
    // A third in the past (finished), a few running now, the rest planned for the coming days.
    const phase = i % 6 < 2 ? 'past' : i % 6 === 2 ? 'now' : 'later';
    const start =
      phase === 'past'
        ? now - random.int(2, 240) * HOUR
        : phase === 'now'
          ? now - random.int(1, 10) * 60_000
          : now + random.int(1, 96) * HOUR;
    const end = start + random.int(1, 4) * 30 * 60_000;
    let sessionCode: string;
    do sessionCode = String(random.int(100_000_000, 999_999_999));
    while (codes.has(sessionCode));
    codes.add(sessionCode);
    const customer = CUSTOMERS[i % CUSTOMERS.length] as string;
    sessions.push({
      id: String(i + 1),
      code: sessionCode,
      state: phase === 'past' ? 'finished' : phase === 'now' ? 'ongoing' : 'planned',
      customer,
      customerMail:
        i % 3 === 0 ? null : `${customer.split(' ')[0]?.toLowerCase() ?? 'customer'}@customer.example`,
      language: LANGUAGES[i % LANGUAGES.length] as (typeof LANGUAGES)[number],
      plannedInitTime: toIso(start),
      plannedEndTime: toIso(end),
      initTime: phase === 'later' ? null : toIso(start),
      endTime: phase === 'past' ? toIso(end) : null,
      note: i % 4 === 0 ? 'Printer driver reinstall' : null,
      userId: (users[i % users.length] as User).id,
    });
  }
  return sessions;
}

export function generateAccount(options: GenerateOptions): AccountState {
  const count = Math.max(0, Math.floor(options.devices));
  const random = seededRandom(options.seed);
  const users = generateUsers(random, options.now, options.adminEmail ?? 'admin@example.com');
  const { folders, leaves } = generateFolders(random, options.now, count);
  const devices = generateDevices(random, options.now, count, folders, leaves);
  const sessions = generateSessions(random, options.now, users, 18);
  return {
    users,
    folders,
    devices,
    sessions,
    nextId: { folder: folders.length + 1, session: sessions.length + 1 },
  };
}
