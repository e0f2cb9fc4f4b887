// What a pointer does to the grid's rows: click selects (Shift: a range, Ctrl/Cmd: toggles), a right
// click opens the row's menu (on a row outside the selection, that row alone, as file managers do), and
// dragging carries the selection (or the row) to a folder. Rows are memoised, so the handlers are one
// stable object that reads the latest state.

import { useLayoutEffect, useMemo, useRef, type DragEvent, type MouseEvent, type RefObject } from 'react';
import type { Id } from '../../shared/model.js';
import { t } from '../i18n/index.js';
import type { UiActions } from '../state/ui-store.js';
import type { RowEvents } from './DeviceCells.js';
import { DEVICE_DRAG_TYPE } from './dnd.js';

export function useRowEvents(p: {
  rows: readonly Id[];
  selected: ReadonlySet<Id>;
  ui: UiActions;
  gridRef: RefObject<HTMLDivElement | null>;
  onEditAlias: (id: Id) => void;
  onContextMenu: ((id: Id, at: { x: number; y: number }) => void) | undefined;
}): RowEvents {
  const latest = useRef(p);
  // Before any event of this render can fire (events come after the commit).
  useLayoutEffect(() => {
    latest.current = p;
  });
  return useMemo<RowEvents>(
    () => ({
      click: (e: MouseEvent, id: Id) => {
        const { rows, ui, gridRef } = latest.current;
        if (e.shiftKey) ui.selectRange(id, rows, e.ctrlKey || e.metaKey);
        else if (e.ctrlKey || e.metaKey) ui.toggleDevice(id);
        else ui.selectDevice(id);
        gridRef.current?.focus({ preventScroll: true });
      },
      contextMenu: (e: MouseEvent, id: Id) => {
        const { selected, ui, onContextMenu } = latest.current;
        if (!onContextMenu) return;
        e.preventDefault();
        if (!selected.has(id)) ui.selectDevice(id);
        else ui.setActiveDevice(id);
        onContextMenu(id, { x: e.clientX, y: e.clientY });
      },
      dragStart: (e: DragEvent, id: Id) => {
        const { selected, ui } = latest.current;
        const ids = selected.has(id) ? [...selected] : [id];
        if (!selected.has(id)) ui.selectDevice(id);
        e.dataTransfer.setData(DEVICE_DRAG_TYPE, JSON.stringify(ids));
        e.dataTransfer.setData('text/plain', t('devices.dragLabel', { count: ids.length }));
        e.dataTransfer.effectAllowed = 'move';
      },
      editAlias: (id: Id) => latest.current.onEditAlias(id),
    }),
    [],
  );
}
