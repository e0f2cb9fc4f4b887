// The device row's context menu: copy name / IP / MAC (or the selected rows as tab-separated text), edit
// the alias, move to a folder, unassign. It acts on the selection when the row is part of it.

import type { Id } from '../../shared/model.js';
import { columnByKey } from '../domain/device-columns.js';
import { rowsToTsv } from '../domain/device-export.js';
import { t } from '../i18n/index.js';
import { useData, useStores, useUi, useWriteBlocked } from '../state/context.js';
import { ContextMenu, copyText, type MenuAnchor, type MenuItem } from './ContextMenu.js';
import { deviceDisplayName } from './DeviceCells.js';

export function DeviceRowMenu(props: {
  id: Id;
  at: MenuAnchor;
  onClose: () => void;
  onEditAlias: (id: Id) => void;
}) {
  const stores = useStores();
  const devices = useData((s) => s.devices);
  const selected = useUi((s) => s.selectedDeviceIds);
  const columns = useUi((s) => s.deviceColumns);
  const blocked = useWriteBlocked();
  const d = devices.get(props.id);
  if (!d) return null;
  const ids = selected.has(props.id) ? [...selected] : [props.id];

  async function copy(text: string, notice: string) {
    const ok = await copyText(text);
    stores.uiActions.toast(ok ? 'info' : 'error', ok ? notice : text);
  }

  const items: MenuItem[] = [];
  if (d.name)
    items.push({
      label: t('menu.copyName'),
      onSelect: () => void copy(d.name!, t('menu.copied', { text: d.name! })),
    });
  if (d.ip)
    items.push({
      label: t('menu.copyIp'),
      onSelect: () => void copy(d.ip!, t('menu.copied', { text: d.ip! })),
    });
  if (d.mac)
    items.push({
      label: t('menu.copyMac'),
      onSelect: () => void copy(d.mac!, t('menu.copied', { text: d.mac! })),
    });
  items.push({
    label: t('menu.copyRows'),
    onSelect: () => {
      const wanted = new Set(ids);
      const rows = stores.views.deviceView().rows.filter((id) => wanted.has(id));
      const ctx = stores.views.columnContext();
      const tsv = rowsToTsv(
        rows.map((id) => devices.get(id)!).filter(Boolean),
        columns.map((c) => columnByKey(c.key)!),
        ctx,
      );
      void copy(tsv, t('menu.copiedRows', { count: rows.length }));
    },
  });
  items.push({ label: t('menu.editAlias'), onSelect: () => props.onEditAlias(props.id), disabled: blocked });
  items.push({
    label: t('menu.move'),
    onSelect: () => stores.uiActions.openMoveDialog(ids),
    disabled: blocked,
  });
  items.push({
    label: t('menu.unassign'),
    disabled: blocked,
    onSelect: () => void stores.actions.moveDevices(ids, null),
  });
  return (
    <ContextMenu
      label={t('menu.label', { name: deviceDisplayName(d) })}
      at={props.at}
      items={items}
      onClose={props.onClose}
    />
  );
}
