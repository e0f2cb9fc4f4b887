// Random sequences of folder and device operations keep the tree's invariants: acyclic, every device in
// at most one folder with both indexes agreeing, names unique per level; and a refused operation changes
// nothing at all. Ids are drawn when an operation runs, from the folders and devices the store holds at that
// moment (plus a few it never had), so folders created earlier in a sequence are moved, renamed, filled
// and deleted like the fixture's own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountStore } from '../../../service/domain/account-store.js';
import { DomainError } from '../../../service/domain/errors.js';
import { fixture, fixtureState } from '../support/fixture-account.js';

const UNKNOWN_FOLDERS = ['99', '0', 'x'];
const UNKNOWN_DEVICES = ['99'];
const FIXTURE_FOLDERS = new Set(fixtureState().folders.map((f) => f.id));

/** An index into the ids current when the operation runs. */
const pick = fc.nat();
const name = fc.constantFrom('A', 'a', ' A ', 'B', 'Acme', 'ACME', 'Internal', 'C');
/** Absent, empty or listed: the spec's three meanings of a collection. */
const collection = fc.option(fc.array(pick, { maxLength: 3 }), { nil: undefined });
/** Absent (undefined), root (null) or a folder. */
const parent = fc.option(fc.option(pick, { nil: null }), { nil: undefined });

interface Ids {
  folder: (n: number) => string;
  device: (n: number) => string;
}

function idsOf(store: AccountStore): Ids {
  const folders = [...store.snapshot().folders.map((f) => f.id), ...UNKNOWN_FOLDERS];
  const devices = [...store.deviceIds(), ...UNKNOWN_DEVICES];
  return {
    folder: (n) => folders[n % folders.length] as string,
    device: (n) => devices[n % devices.length] as string,
  };
}

type Admin = ReturnType<typeof fixture>['admin'];
/** Resolves its ids against the store, then returns a label and the action. */
type Op = (
  store: AccountStore,
  admin: Admin,
  ids: Ids,
) => { label: string; touched: string[]; run: () => unknown };

const resolveParent = (p: number | null | undefined, ids: Ids): string | null | undefined =>
  p === undefined || p === null ? p : ids.folder(p);
const resolveList = (list: number[] | undefined, at: (n: number) => string): string[] | undefined =>
  list?.map(at);

const operation: fc.Arbitrary<Op> = fc.oneof(
  fc
    .record({ name, parentId: parent, folders: collection, devices: collection })
    .map((c): Op => (store, admin, ids) => {
      const command = {
        name: c.name,
        parentId: resolveParent(c.parentId, ids),
        folders: resolveList(c.folders, ids.folder),
        devices: resolveList(c.devices, ids.device),
      };
      return {
        label: `create ${JSON.stringify(command)}`,
        touched: [command.parentId ?? '', ...(command.folders ?? [])],
        run: () => store.createFolder(admin, command),
      };
    }),
  fc
    .record({ id: pick, name, parentId: parent, folders: collection, devices: collection })
    .map((c): Op => (store, _admin, ids) => {
      const id = ids.folder(c.id);
      const command = {
        name: c.name,
        parentId: resolveParent(c.parentId, ids),
        folders: resolveList(c.folders, ids.folder),
        devices: resolveList(c.devices, ids.device),
      };
      return {
        label: `update ${id} ${JSON.stringify(command)}`,
        touched: [id, command.parentId ?? '', ...(command.folders ?? [])],
        run: () => store.updateFolder(id, command),
      };
    }),
  pick.map((n): Op => (store, _admin, ids) => {
    const id = ids.folder(n);
    return { label: `delete ${id}`, touched: [id], run: () => store.deleteFolder(id) };
  }),
  fc.record({ id: pick, folder: parent }).map((c): Op => (store, _admin, ids) => {
    const id = ids.device(c.id);
    const folderId = resolveParent(c.folder, ids);
    return {
      label: `device ${id} -> ${String(folderId)}`,
      touched: [folderId ?? ''],
      run: () => store.updateDevice(id, folderId === undefined ? {} : { folderId }),
    };
  }),
);

describe('folder tree invariants under random operations', () => {
  it('hold after every operation, and refused operations change nothing', () => {
    // Operations that named a folder created earlier in the same sequence, and how many of them succeeded.
    let onCreated = 0;
    let appliedOnCreated = 0;
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 40 }), (ops) => {
        const { store, admin } = fixture();
        for (const op of ops) {
          const { label, touched, run } = op(store, admin, idsOf(store));
          const created = touched.some(
            (id) => id !== '' && !FIXTURE_FOLDERS.has(id) && !UNKNOWN_FOLDERS.includes(id),
          );
          if (created) onCreated++;
          const before = store.snapshot();
          try {
            run();
            if (created) appliedOnCreated++;
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
    expect(onCreated).toBeGreaterThan(20);
    expect(appliedOnCreated).toBeGreaterThan(5);
  });
});
