// Random sequences of folder and device operations keep the tree's invariants: acyclic, every device in
// at most one folder with both indexes agreeing, names unique per level; and a refused operation changes
// nothing at all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountStore } from '../../service/domain/account-store.js';
import { DomainError } from '../../service/domain/errors.js';
import { fixture } from './support/fixture-account.js';

const folderId = fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '8', '99');
const deviceId = fc.constantFrom('1', '2', '3', '4', '5', '99');
const name = fc.constantFrom('A', 'a', ' A ', 'B', 'Acme', 'ACME', 'Internal', 'C');
/** Absent, empty or listed: the spec's three meanings of a collection. */
const collection = <T>(item: fc.Arbitrary<T>) =>
  fc.option(fc.array(item, { maxLength: 3 }), { nil: undefined });
const parent = fc.option(fc.option(folderId, { nil: null }), { nil: undefined });

type Op = (store: AccountStore, admin: ReturnType<typeof fixture>['admin']) => unknown;

const operation: fc.Arbitrary<[string, Op]> = fc.oneof(
  fc
    .record({ name, parentId: parent, folders: collection(folderId), devices: collection(deviceId) })
    .map((c): [string, Op] => [`create ${JSON.stringify(c)}`, (s, admin) => s.createFolder(admin, c)]),
  fc
    .record({
      id: folderId,
      name,
      parentId: parent,
      folders: collection(folderId),
      devices: collection(deviceId),
    })
    .map(({ id, ...c }): [string, Op] => [`update ${id} ${JSON.stringify(c)}`, (s) => s.updateFolder(id, c)]),
  folderId.map((id): [string, Op] => [`delete ${id}`, (s) => s.deleteFolder(id)]),
  fc
    .record({ id: deviceId, folderId: fc.option(fc.option(folderId, { nil: null }), { nil: undefined }) })
    .map(({ id, folderId: f }): [string, Op] => [
      `device ${id} -> ${String(f)}`,
      (s) => s.updateDevice(id, f === undefined ? {} : { folderId: f }),
    ]),
);

describe('folder tree invariants under random operations', () => {
  it('hold after every operation, and refused operations change nothing', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 40 }), (ops) => {
        const { store, admin } = fixture();
        for (const [label, op] of ops) {
          const before = store.snapshot();
          try {
            op(store, admin);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            expect(store.snapshot(), `refused ${label} changed the account`).toEqual(before);
          }
          expect(store.integrityProblem(), `after ${label}`).toBeNull();
          expect(store.listDevices()).toHaveLength(5);
        }
      }),
      { numRuns: 300 },
    );
  });
});
