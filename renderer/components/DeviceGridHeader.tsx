// The device grid's header row: one button per visible column that sorts by it (the sort announced in
// the app's polite live region), one tab stop for the whole row (Left/Right, Home/End move between the
// buttons, Down goes into the rows), and a resize handle per column (drag, or Alt+Left/Right by 16 px).

import { useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { columnByKey, type ColumnKey } from '../domain/device-columns.js';
import { t } from '../i18n/index.js';
import type { DeviceSort } from '../domain/device-query.js';
import { useStores } from '../state/context.js';
import { cellStyle } from './DeviceCells.js';

export function columnLabel(key: ColumnKey): string {
  return t(columnByKey(key)!.label);
}

export function DeviceGridHeader(props: {
  columns: ReadonlyArray<{ key: ColumnKey; width: number }>;
  sort: DeviceSort;
  /** The grid: Down returns focus to it, and the header buttons are found inside it. */
  gridRef: RefObject<HTMLDivElement | null>;
}) {
  const { columns, sort, gridRef } = props;
  const stores = useStores();
  const [headerFocus, setHeaderFocus] = useState<ColumnKey | null>(null);

  function sortBy(key: ColumnKey) {
    stores.uiActions.sortBy(key);
    const next = stores.ui.getState().deviceSort;
    // Said in the app's polite live region: a status inside the grid is not a child a grid may have.
    stores.uiActions.announce(
      t(next.direction === 'asc' ? 'devices.sortedAsc' : 'devices.sortedDesc', { column: columnLabel(key) }),
    );
  }

  function onHeaderKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const key = columns[index]!.key;
    if (e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      stores.uiActions.resizeColumn(key, columns[index]!.width + (e.key === 'ArrowRight' ? 16 : -16));
      return;
    }
    let to = -1;
    if (e.key === 'ArrowRight') to = Math.min(columns.length - 1, index + 1);
    else if (e.key === 'ArrowLeft') to = Math.max(0, index - 1);
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = columns.length - 1;
    else if (e.key === 'ArrowDown') {
      // Down from the headers goes into the rows, where the grid's own keys apply.
      e.preventDefault();
      gridRef.current?.focus();
      return;
    }
    if (to === -1) return;
    e.preventDefault();
    const next = columns[to]!.key;
    setHeaderFocus(next);
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-sort-key="${next}"]`)?.focus();
  }

  function onResizeStart(e: PointerEvent<HTMLSpanElement>, key: ColumnKey, width: number) {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const target = e.currentTarget;
    target.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) =>
      stores.uiActions.resizeColumn(key, width + ev.clientX - startX);
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  }

  // One tab stop for the whole header row: the column last focused, else the sorted one.
  const tabStop = headerFocus ?? (columns.some((x) => x.key === sort.key) ? sort.key : columns[0]!.key);
  return (
    <div role="rowgroup" className="grid-head">
      <div role="row" aria-rowindex={1} className="grid-row head">
        {columns.map((c, index) => (
          <div
            key={c.key}
            role="columnheader"
            aria-colindex={index + 1}
            aria-sort={sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
            className={`cell col-${c.key}`}
            style={cellStyle(c.width, index === columns.length - 1)}
          >
            <button
              type="button"
              data-sort-key={c.key}
              tabIndex={tabStop === c.key ? 0 : -1}
              title={`${t('devices.sortHint')} ${t('columns.resize', { column: columnLabel(c.key) })}`}
              onFocus={() => setHeaderFocus(c.key)}
              onKeyDown={(e) => onHeaderKeyDown(e, index)}
              onClick={() => sortBy(c.key)}
            >
              {columnLabel(c.key)}
              <span aria-hidden="true" className="sort-mark">
                {sort.key === c.key ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
              </span>
            </button>
            <span
              className="col-resize"
              aria-hidden="true"
              data-resize-key={c.key}
              onPointerDown={(e) => onResizeStart(e, c.key, c.width)}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
