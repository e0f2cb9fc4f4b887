// Spec §4.1 and §4.3 at the domain level: every rule and error code of folders and devices, and that a
// refused request changes nothing.
import { describe, expect, it } from 'vitest';
import { fixture, refusal } from '../support/fixture-account.js';

describe('folders: show and list', () => {
  it('lists the root level without a parent and a folder’s children with one', () => {
    const { store } = fixture();
    expect(store.listFolders().map((f) => f.name)).toEqual(['Customers', 'Internal']);
    expect(store.listFolders('1').map((f) => f.name)).toEqual(['Acme']);
    expect(store.listFolders('3')).toEqual([]);
  });

  it('shows a folder with its sub-folders dated without a time and its devices', () => {
    const { store } = fixture();
    const acme = store.getFolder('2');
    expect(acme.parentId).toBe('1');
    expect(acme.dateCreation).toBe('2025-01-03T10:00:00Z');
    expect(acme.folders?.map((f) => [f.id, f.dateCreation])).toEqual([['3', '2025-01-04']]);
    expect(acme.devices?.map((d) => d.id)).toEqual(['3']);
  });

  it('answers 1100 for an unknown folder on show and list', () => {
    const { store } = fixture();
    refusal(() => store.getFolder('99'), 404, 1100);
    refusal(() => store.listFolders('99'), 404, 1100);
  });
});

describe('folders: create', () => {
  it('places a folder without a parent under root', () => {
    const { store, admin } = fixture();
    const created = store.createFolder(admin, { name: 'Globex' });
    expect(created).toMatchObject({
      id: '5',
      name: 'Globex',
      parentId: null,
      dateCreation: '2026-03-10T09:00:00Z',
    });
    expect(store.listFolders().map((f) => f.name)).toContain('Globex');
  });

  it('places it under the given parent and moves listed folders and devices into it', () => {
    const { store, admin } = fixture();
    const created = store.createFolder(admin, {
      name: 'Moved',
      parentId: '4',
      folders: ['3'],
      devices: ['3', '4'],
    });
    expect(store.getFolder('3').parentId).toBe(created.id);
    expect(store.getDevice('3').folderId).toBe(created.id);
    expect(store.getDevice('4').folderId).toBe(created.id);
    expect(store.getFolder('2').devices).toEqual([]);
    expect(store.integrityProblem()).toBeNull();
  });

  it('is for administrators only: 403 without a code', () => {
    const { store, user } = fixture();
    const before = store.snapshot();
    refusal(() => store.createFolder(user, { name: 'Nope' }), 403);
    expect(store.snapshot()).toEqual(before);
  });

  it('answers 1100 for an unknown parent or listed folder and 1000 for an unknown listed device', () => {
    const { store, admin } = fixture();
    const before = store.snapshot();
    refusal(() => store.createFolder(admin, { name: 'X', parentId: '99' }), 404, 1100);
    refusal(() => store.createFolder(admin, { name: 'X', folders: ['3', '99'] }), 404, 1100);
    refusal(() => store.createFolder(admin, { name: 'X', devices: ['1', '99'] }), 404, 1000);
    expect(store.snapshot()).toEqual(before);
  });

  it('answers 1101 for a name in use at the level, ignoring case and surrounding spaces', () => {
    const { store, admin } = fixture();
    refusal(() => store.createFolder(admin, { name: ' customers ' }), 403, 1101);
    refusal(() => store.createFolder(admin, { name: 'ACME', parentId: '1' }), 403, 1101);
    // The same name at another level is fine.
    expect(store.createFolder(admin, { name: 'Acme', parentId: '4' }).name).toBe('Acme');
  });

  it('refuses a blank or overlong name with 422 without a code', () => {
    const { store, admin } = fixture();
    expect(refusal(() => store.createFolder(admin, { name: '  ' }), 422).field).toBe('name');
    refusal(() => store.createFolder(admin, {}), 422);
    refusal(() => store.createFolder(admin, { name: 'x'.repeat(256) }), 422);
  });

  it('refuses listing the new folder’s own ancestor (a cycle) with 422, changing nothing', () => {
    const { store, admin } = fixture();
    const before = store.snapshot();
    refusal(() => store.createFolder(admin, { name: 'Loop', parentId: '3', folders: ['1'] }), 422);
    expect(store.snapshot()).toEqual(before);
    // The refused create did not use up its id.
    expect(store.createFolder(admin, { name: 'Next' }).id).toBe('5');
  });

  it('refuses a listed folder whose name clashes at the new level (1101)', () => {
    const { store, admin } = fixture();
    store.createFolder(admin, { name: 'Accounting', parentId: '4' });
    const before = store.snapshot();
    // Folder 3 "Accounting" cannot join a new folder that already gets another "Accounting"
    const other = store.createFolder(admin, { name: 'Holder' });
    store.updateFolder(other.id, { name: 'Holder', folders: [store.listFolders('4')[0]!.id] });
    const snapshot = store.snapshot();
    refusal(
      () =>
        store.updateFolder(other.id, { name: 'Holder', folders: [store.listFolders(other.id)[0]!.id, '3'] }),
      403,
      1101,
    );
    expect(store.snapshot()).toEqual(snapshot);
    expect(before).not.toEqual(snapshot);
  });
});

describe('folders: update', () => {
  it('keeps sub-folders and devices when both collections are absent, and renames', () => {
    const { store } = fixture();
    store.updateFolder('2', { name: 'Acme Corp' });
    const acme = store.getFolder('2');
    expect(acme.name).toBe('Acme Corp');
    expect(acme.folders?.map((f) => f.id)).toEqual(['3']);
    expect(acme.devices?.map((d) => d.id)).toEqual(['3']);
  });

  it('an empty folders element puts the sub-folders under root; an empty devices element unassigns', () => {
    const { store } = fixture();
    store.updateFolder('2', { name: 'Acme', folders: [], devices: [] });
    expect(store.getFolder('3').parentId).toBeNull();
    expect(store.getDevice('3').folderId).toBeNull();
    expect(store.getFolder('2').folders).toEqual([]);
    expect(store.getFolder('2').devices).toEqual([]);
    expect(store.integrityProblem()).toBeNull();
  });

  it('a listed collection becomes the folder’s content: listed items move in, unlisted ones go out', () => {
    const { store } = fixture();
    store.updateFolder('3', { name: 'Accounting', devices: ['2', '5'] });
    expect(store.getDevice('1').folderId).toBeNull();
    expect(store.getDevice('2').folderId).toBe('3');
    expect(store.getDevice('5').folderId).toBe('3');
    expect(store.getFolder('4').devices).toEqual([]);
    store.updateFolder('4', { name: 'Internal', folders: ['3'] });
    expect(store.getFolder('3').parentId).toBe('4');
    expect(store.integrityProblem()).toBeNull();
  });

  it('moves a folder with parent_id, to root with null, and refuses an unknown one with 1100', () => {
    const { store } = fixture();
    store.updateFolder('3', { name: 'Accounting', parentId: '4' });
    expect(store.getFolder('3').parentId).toBe('4');
    store.updateFolder('3', { name: 'Accounting', parentId: null });
    expect(store.getFolder('3').parentId).toBeNull();
    refusal(() => store.updateFolder('3', { name: 'Accounting', parentId: '99' }), 404, 1100);
    refusal(() => store.updateFolder('99', { name: 'X' }), 404, 1100);
  });

  it('answers 1101 when the new name or the new level clashes', () => {
    const { store, admin } = fixture();
    refusal(() => store.updateFolder('4', { name: 'CUSTOMERS' }), 403, 1101);
    store.createFolder(admin, { name: 'Accounting' });
    const before = store.snapshot();
    refusal(() => store.updateFolder('3', { name: 'Accounting', parentId: null }), 403, 1101);
    // Emptying Acme would put its "Accounting" at root beside the other one.
    refusal(() => store.updateFolder('2', { name: 'Acme', folders: [] }), 403, 1101);
    expect(store.snapshot()).toEqual(before);
    // Changing only the case of its own name is not a clash.
    store.updateFolder('4', { name: 'INTERNAL' });
    expect(store.getFolder('4').name).toBe('INTERNAL');
  });

  it('refuses making a folder its own ancestor (422) and changes nothing', () => {
    const { store } = fixture();
    const before = store.snapshot();
    refusal(() => store.updateFolder('1', { name: 'Customers', parentId: '3' }), 422);
    refusal(() => store.updateFolder('1', { name: 'Customers', parentId: '1' }), 422);
    refusal(() => store.updateFolder('3', { name: 'Accounting', folders: ['1'] }), 422);
    refusal(() => store.updateFolder('2', { name: 'Acme', folders: ['2'] }), 422);
    expect(store.snapshot()).toEqual(before);
  });

  it('answers 1000 for an unknown listed device without moving the others', () => {
    const { store } = fixture();
    const before = store.snapshot();
    refusal(() => store.updateFolder('4', { name: 'Internal', devices: ['1', '99'] }), 404, 1000);
    expect(store.snapshot()).toEqual(before);
  });
});

describe('folders: destroy', () => {
  it('deletes an empty folder, answers 1103 for one with a sub-folder or a device, 1100 for unknown', () => {
    const { store, admin } = fixture();
    refusal(() => store.deleteFolder('2'), 403, 1103);
    refusal(() => store.deleteFolder('4'), 403, 1103);
    refusal(() => store.deleteFolder('99'), 404, 1100);
    const empty = store.createFolder(admin, { name: 'Empty', parentId: '1' });
    store.deleteFolder(empty.id);
    refusal(() => store.getFolder(empty.id), 404, 1100);
    expect(store.integrityProblem()).toBeNull();
  });
});

describe('devices', () => {
  it('lists all devices, or those of one folder (1100 for an unknown folder)', () => {
    const { store } = fixture();
    expect(store.listDevices().map((d) => d.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(store.listDevices('3').map((d) => d.id)).toEqual(['1', '2']);
    expect(store.listDevices('1')).toEqual([]);
    refusal(() => store.listDevices('99'), 404, 1100);
  });

  it('shows a device; 1000 when unknown', () => {
    const { store } = fixture();
    expect(store.getDevice('4').folderId).toBeNull();
    refusal(() => store.getDevice('99'), 404, 1000);
  });

  it('updates the alias and the folder; an absent folder_id keeps it, an empty one unassigns', () => {
    const { store } = fixture();
    store.updateDevice('1', { alias: 'Front desk' });
    expect(store.getDevice('1')).toMatchObject({ alias: 'Front desk', folderId: '3' });
    store.updateDevice('1', { folderId: '4' });
    expect(store.getDevice('1').folderId).toBe('4');
    expect(store.listDevices('4').map((d) => d.id)).toEqual(['1', '5']);
    store.updateDevice('1', { folderId: null, alias: '' });
    expect(store.getDevice('1')).toMatchObject({ alias: null, folderId: null });
    expect(store.integrityProblem()).toBeNull();
  });

  it('answers 1001 for a read-only field, 1100 for an unknown folder, 1000 for an unknown device', () => {
    const { store } = fixture();
    const before = store.snapshot();
    expect(
      refusal(() => store.updateDevice('1', { alias: 'x', readOnlyFields: ['status'] }), 403, 1001).field,
    ).toBe('status');
    refusal(() => store.updateDevice('1', { alias: 'x', folderId: '99' }), 404, 1100);
    refusal(() => store.updateDevice('99', { alias: 'x' }), 404, 1000);
    expect(store.snapshot()).toEqual(before);
  });

  it('gives a changed device a new record and keeps unchanged ones (the encoded list cache relies on it)', () => {
    const { store } = fixture();
    const list = store.listDevices();
    expect(store.listDevices()).toBe(list);
    store.updateDevice('2', { alias: 'B' });
    const after = store.listDevices();
    expect(after).not.toBe(list);
    expect(after[0]).toBe(list[0]);
    expect(after[1]).not.toBe(list[1]);
  });
});

describe('users', () => {
  it('lists users, shows one, answers 1200 for an unknown one', () => {
    const { store } = fixture();
    expect(store.listUsers().map((u) => u.role)).toEqual(['administrator', 'user']);
    expect(store.getUser('2').email).toBe('user2@example.com');
    refusal(() => store.getUser('99'), 404, 1200);
    expect(store.findUserByEmail(' USER1@example.com')?.id).toBe('1');
  });
});
