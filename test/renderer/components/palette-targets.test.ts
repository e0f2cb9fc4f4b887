import { beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../renderer/i18n/index.js';
import { deviceActions, folderActions } from '../../../renderer/components/palette-targets.js';
import type { AppStores } from '../../../renderer/state/app-stores.js';
import { makeDevice } from '../../shared/support/fixtures.js';

beforeAll(() => setLanguage('en'));

// Only the lists are judged here (running them is the e2e's): no store is touched while they are built.
const stores = {} as AppStores;
const one = makeDevice(1, { id: 'd1', name: 'PC-1', ip: '10.0.0.1', mac: null });
const devices = new Map([
  ['d1', one],
  ['d2', makeDevice(2, { id: 'd2' })],
]);
const labels = (list: Array<{ label: string; detail: string }>) =>
  list.map((a) => `${a.label} · ${a.detail}`);

describe('the palette’s actions on the selection', () => {
  it('offers the row menu’s actions on one selected device, named with it', () => {
    expect(labels(deviceActions({ stores, blocked: null, isAdmin: false }, ['d1'], devices))).toEqual([
      'Copy name · PC-1',
      'Copy IP · PC-1',
      'Alerts for this device · PC-1',
      'Edit alias · PC-1',
      'Move to folder… · PC-1',
      'Unassign from folder · PC-1',
    ]);
  });

  it('offers only what acts on many for several devices, and no write while writes are refused', () => {
    expect(labels(deviceActions({ stores, blocked: null, isAdmin: true }, ['d1', 'd2'], devices))).toEqual([
      'Move to folder… · 2 selected devices',
      'Unassign from folder · 2 selected devices',
    ]);
    expect(
      deviceActions({ stores, blocked: 'Offline', isAdmin: true }, ['d1'], devices).map((a) => a.id),
    ).toEqual(['copy-name', 'copy-ip', 'watch-device']);
    expect(deviceActions({ stores, blocked: null, isAdmin: true }, [], devices)).toEqual([]);
  });

  it('offers the folder menu’s actions on the selected folder; a new sub-folder to administrators only', () => {
    const folder = { id: 'f1', name: 'Customers' };
    expect(folderActions({ stores, blocked: null, isAdmin: true }, folder).map((a) => a.id)).toEqual([
      'folder-create',
      'folder-rename',
      'folder-move',
      'folder-delete',
      'folder-export',
    ]);
    expect(folderActions({ stores, blocked: null, isAdmin: false }, folder).map((a) => a.id)).not.toContain(
      'folder-create',
    );
    expect(folderActions({ stores, blocked: 'Signed out', isAdmin: true }, folder).map((a) => a.id)).toEqual([
      'folder-export',
    ]);
    expect(folderActions({ stores, blocked: null, isAdmin: true }, null)).toEqual([]);
  });
});
