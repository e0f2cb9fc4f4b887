// The device grid's keys in its rows (the header buttons have their own, DeviceGridHeader.tsx). Focus
// stays on the grid; aria-activedescendant names the active row, or its cell once Left/Right moved a
// cell cursor. Up/Down (Shift extends), PageUp/PageDown, Home/End (in the cells: first/last cell; with
// Ctrl: first/last row), Space toggles, Ctrl/Cmd+A selects all shown, Escape clears, M moves the
// selection, F2 edits the alias, Shift+F10 or the menu key opens the row's menu.

import type { KeyboardEvent } from 'react';
import type { Id } from '../../shared/model.js';
import type { UiActions } from '../state/ui-store.js';

export interface GridKeyState {
  rows: readonly Id[];
  activeIndex: number;
  activeId: Id | null;
  /** The cell cursor's column, or null while whole rows are the unit. */
  col: number | null;
  columnCount: number;
  /** Rows in a page (PageUp/PageDown). */
  page: number;
  selected: ReadonlySet<Id>;
  moveTo: (index: number, extend: boolean) => void;
  setActiveCol: (col: number | null) => void;
  ui: UiActions;
  editAlias: (id: Id) => void;
  openMenu: () => void;
}

export function onGridKeyDown(e: KeyboardEvent<HTMLDivElement>, g: GridKeyState): void {
  // Keys on a header button are that button's (Enter/Space sort); the grid's keys are for the rows.
  if (e.target !== e.currentTarget) return;
  const mod = e.ctrlKey || e.metaKey;
  const { rows, col, columnCount, activeId } = g;
  const from = g.activeIndex;
  if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
    e.preventDefault();
    g.openMenu();
    return;
  }
  switch (e.key) {
    case 'ArrowDown':
      g.moveTo(from + 1, e.shiftKey);
      break;
    case 'ArrowUp':
      g.moveTo(from === -1 ? 0 : from - 1, e.shiftKey);
      break;
    case 'ArrowRight':
      g.setActiveCol(col === null ? 0 : Math.min(columnCount - 1, col + 1));
      if (from === -1) g.moveTo(0, false);
      break;
    case 'ArrowLeft':
      // Left of the first cell returns to whole-row focus.
      g.setActiveCol(col === null || col === 0 ? null : col - 1);
      break;
    case 'PageDown':
      g.moveTo(from + g.page, e.shiftKey);
      break;
    case 'PageUp':
      g.moveTo(from - g.page, e.shiftKey);
      break;
    case 'Home':
      if (col !== null && !mod) g.setActiveCol(0);
      else g.moveTo(0, e.shiftKey);
      break;
    case 'End':
      if (col !== null && !mod) g.setActiveCol(columnCount - 1);
      else g.moveTo(rows.length - 1, e.shiftKey);
      break;
    case ' ':
      if (activeId) g.ui.toggleDevice(activeId);
      break;
    case 'Escape':
      g.ui.clearSelection();
      break;
    case 'F2':
      if (activeId) g.editAlias(activeId);
      break;
    default:
      if (mod && e.key.toLowerCase() === 'a') {
        g.ui.selectAll(rows);
        break;
      }
      if (!mod && !e.altKey && e.key.toLowerCase() === 'm' && g.selected.size) {
        g.ui.openMoveDialog([...g.selected]);
        break;
      }
      return;
  }
  e.preventDefault();
}
