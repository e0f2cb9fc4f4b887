// A small hand-made account whose shape the domain tests can reason about:
//   root ─ 1 Customers ─ 2 Acme ─ 3 Accounting   (devices 1, 2)
//        │                     └ (device 3 directly in Acme)
//        └ 4 Internal                             (device 5)
//   device 4 unassigned; user 1 administrator, user 2 user; session 1 planned, session 2 finished.
import { makeDevice } from '../../support/make-device.js';
import type { Device, User } from '../../../shared/model.js';
import type { AccountState } from '../../../service/domain/account-state.js';
import { AccountStore } from '../../../service/domain/account-store.js';
import { fixedClock, type ServiceClock } from '../../../service/domain/clock.js';
import { DomainError } from '../../../service/domain/errors.js';
import { Outbox } from '../../../service/domain/outbox.js';

export const NOW = Date.parse('2026-03-10T09:00:00Z');

function user(id: string, role: 'administrator' | 'user'): User {
  return {
    id,
    firstname: `First${id}`,
    lastname: `Last${id}`,
    email: `user${id}@example.com`,
    role,
    language: 'en',
    timeZone: '(GMT+01:00)',
    lastLogin: '2026-03-09T10:00:00Z',
    registerDate: '2025-01-01T10:00:00Z',
  };
}

function device(id: string, folderId: string | null): Device {
  return makeDevice({
    id,
    folderId,
    ip: `10.0.0.${id}`,
    os: 'Windows 7',
    lastRefresh: '2026-03-10T08:00:00Z',
    cpu: 'Intel',
    ram: 2048,
    freeSpace: '40% of 250 GB',
    mac: `00:1A:00:00:00:0${id}`,
    dateInstalled: '2025-05-05T10:00:00Z',
  });
}

export function fixtureState(): AccountState {
  return {
    users: [user('1', 'administrator'), user('2', 'user')],
    folders: [
      { id: '1', name: 'Customers', parentId: null, dateCreation: '2025-01-02T10:00:00Z' },
      { id: '2', name: 'Acme', parentId: '1', dateCreation: '2025-01-03T10:00:00Z' },
      { id: '3', name: 'Accounting', parentId: '2', dateCreation: '2025-01-04T10:00:00Z' },
      { id: '4', name: 'Internal', parentId: null, dateCreation: '2025-01-05T10:00:00Z' },
    ],
    devices: [device('1', '3'), device('2', '3'), device('3', '2'), device('4', null), device('5', '4')],
    sessions: [
      {
        id: '1',
        code: '123456789',
        state: 'planned',
        customer: 'Maria',
        customerMail: null,
        language: 'es',
        plannedInitTime: '2026-03-10T10:00:00Z',
        plannedEndTime: '2026-03-10T11:00:00Z',
        initTime: null,
        endTime: null,
        note: null,
        userId: '1',
      },
      {
        id: '2',
        code: '987654321',
        state: 'finished',
        customer: 'Paolo',
        customerMail: null,
        language: 'it',
        plannedInitTime: '2026-03-09T10:00:00Z',
        plannedEndTime: '2026-03-09T11:00:00Z',
        initTime: '2026-03-09T10:00:00Z',
        endTime: '2026-03-09T11:00:00Z',
        note: 'done',
        userId: '2',
      },
    ],
    nextId: { folder: 5, session: 3 },
  };
}

export interface Fixture {
  store: AccountStore;
  clock: ServiceClock;
  outbox: Outbox;
  admin: User;
  user: User;
}

export function fixture(): Fixture {
  const clock = fixedClock(NOW);
  const outbox = new Outbox();
  const store = new AccountStore(fixtureState(), clock, outbox);
  return { store, clock, outbox, admin: store.getUser('1'), user: store.getUser('2') };
}

/** Runs `action`, expects a DomainError with this status and code (undefined: no code), returns it. */
export function refusal(action: () => unknown, status: number, code?: number): DomainError {
  try {
    action();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.status !== status || error.code !== code) {
      throw new Error(
        `expected ${status}/${code ?? 'no code'}, got ${error.status}/${error.code ?? 'no code'}: ${error.message}`,
      );
    }
    return error;
  }
  throw new Error(`expected a refusal ${status}/${code ?? 'no code'}, but the action succeeded`);
}
