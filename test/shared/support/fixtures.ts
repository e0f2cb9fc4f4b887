// Realistic resources for codec tests and benchmarks: every field filled the way the service fills it.
import { makeDevice as baseDevice } from '../../support/make-device.js';
import type { Device, Folder, SupportSession, User } from '../../../shared/model.js';

const OSES = ['Windows 7', 'Windows XP', 'Linux', 'Mac OS X 10.6', 'Windows Server 2008'] as const;
const STATUSES = ['online', 'offline', 'busy'] as const;

export function makeDevice(i: number, overrides: Partial<Device> = {}): Device {
  const n = String(i).padStart(6, '0');
  return baseDevice({
    id: String(100000 + i),
    name: `PC-${n}`,
    alias: i % 3 === 0 ? `Front desk ${i} & café` : null,
    status: STATUSES[i % 3]!,
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    os: OSES[i % OSES.length]!,
    lastRefresh: '2026-11-21T09:30:00Z',
    cpu: 'Intel(R) Core(TM) i5-2400 CPU @ 3.10GHz',
    mac: `00:1A:2B:${n.slice(0, 2)}:${n.slice(2, 4)}:${n.slice(4, 6)}`,
    dateInstalled: '2010-05-03T10:00:00Z',
    folderId: i % 5 === 0 ? null : String(i % 200),
    ...overrides,
  });
}

export function makeDevices(count: number): Device[] {
  return Array.from({ length: count }, (_, i) => makeDevice(i));
}

export function makeSession(i: number, overrides: Partial<SupportSession> = {}): SupportSession {
  return {
    id: String(i),
    code: `0${String(4711 + i)}`,
    state: 'planned',
    customer: `Customer ${i} <ACME & Sons>`,
    customerMail: `customer${i}@example.com`,
    language: 'ge',
    plannedInitTime: '2026-11-21T09:30:00Z',
    plannedEndTime: '2026-11-21T09:45:00Z',
    initTime: null,
    endTime: null,
    note: 'Printer "HP" won\'t print',
    userId: '7',
    ...overrides,
  };
}

export function makeUser(i: number, overrides: Partial<User> = {}): User {
  return {
    id: String(i),
    firstname: 'José',
    lastname: `Núñez ${i}`,
    email: `user${i}@example.com`,
    role: i === 1 ? 'administrator' : 'user',
    language: 'es',
    timeZone: '(GMT+01:00)',
    lastLogin: '2026-11-20T08:00:00Z',
    registerDate: '2010-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makeFolder(i: number, overrides: Partial<Folder> = {}): Folder {
  return {
    id: String(i),
    name: `Branch ${i}`,
    dateCreation: '2010-05-03T10:00:00Z',
    parentId: null,
    ...overrides,
  };
}
