// The palette's actions on what is selected: the row menu's on the selected device(s) (edit alias, move,
// unassign, copy name / IP / MAC, its alerts) and the folder menu's on the folder selected in the tree
// (new sub-folder, rename, move, delete, export its history). Each is named as in its menu, with its
// target beside it; what the technician may not do now (writes while blocked, folders for
// non-administrators) is left out, as the menus grey it out.

import type { Device, Id } from '../../shared/model.js';
import { t } from '../i18n/index.js';
import type { AppStores } from '../state/app-stores.js';
import type { UiCommand } from '../state/ui-store.js';
import { copyText } from './ContextMenu.js';
import { deviceDisplayName } from './DeviceCells.js';
import { exportHistory } from './DeviceHistory.js';

export interface TargetAction {
  id: string;
  label: string;
  /** The device(s) or folder it acts on. */
  detail: string;
  run(): void;
}

export interface TargetContext {
  stores: AppStores;
  /** Why writes are refused now, or null. */
  blocked: string | null;
  isAdmin: boolean;
}

function command(stores: AppStores, id: UiCommand): () => void {
  return () => {
    stores.uiActions.setScreen('devices');
    stores.uiActions.request(id);
  };
}

async function copy(stores: AppStores, text: string) {
  const ok = await copyText(text);
  stores.uiActions.toast(ok ? 'info' : 'error', ok ? t('menu.copied', { text }) : text);
}

export function deviceActions(
  ctx: TargetContext,
  ids: readonly Id[],
  devices: ReadonlyMap<Id, Device>,
): TargetAction[] {
  const { stores, blocked } = ctx;
  const one = ids.length === 1 ? devices.get(ids[0]!) : undefined;
  if (ids.length === 0 || (ids.length === 1 && !one)) return [];
  const detail = one ? deviceDisplayName(one) : t('palette.selectedDevices', { count: ids.length });
  const out: TargetAction[] = [];
  if (one) {
    for (const [field, label] of [
      ['name', t('menu.copyName')],
      ['ip', t('menu.copyIp')],
      ['mac', t('menu.copyMac')],
    ] as const) {
      const value = one[field];
      if (value) out.push({ id: `copy-${field}`, label, detail, run: () => void copy(stores, value) });
    }
    out.push({
      id: 'watch-device',
      label: t('watch.deviceGroup'),
      detail,
      run: command(stores, 'watch-device'),
    });
  }
  if (blocked) return out;
  if (one)
    out.push({ id: 'edit-alias', label: t('menu.editAlias'), detail, run: command(stores, 'edit-alias') });
  out.push(
    {
      id: 'move',
      label: t('menu.move'),
      detail,
      run: () => {
        stores.uiActions.setScreen('devices');
        stores.uiActions.openMoveDialog([...ids]);
      },
    },
    {
      id: 'unassign',
      label: t('menu.unassign'),
      detail,
      run: () => void stores.actions.moveDevices([...ids], null),
    },
  );
  return out;
}

export function folderActions(ctx: TargetContext, folder: { id: Id; name: string } | null): TargetAction[] {
  if (!folder) return [];
  const { stores, blocked } = ctx;
  const detail = folder.name;
  const out: TargetAction[] = [];
  if (!blocked && ctx.isAdmin)
    out.push({
      id: 'folder-create',
      label: t('menu.newSubfolder'),
      detail,
      run: command(stores, 'folder-create'),
    });
  if (!blocked)
    out.push(
      { id: 'folder-rename', label: t('menu.renameFolder'), detail, run: command(stores, 'folder-rename') },
      { id: 'folder-move', label: t('folders.moveFolder'), detail, run: command(stores, 'folder-move') },
      { id: 'folder-delete', label: t('menu.deleteFolder'), detail, run: command(stores, 'folder-delete') },
    );
  out.push({
    id: 'folder-export',
    label: t('history.exportFolder'),
    detail,
    run: () => void exportHistory(stores, { kind: 'folder', id: folder.id }),
  });
  return out;
}
