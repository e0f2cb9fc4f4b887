// The device grid: virtualised (only the rows in view exist in the DOM, recycled as it scrolls), keyboard
// first, rows keyed by position slot and never scrolled by a data change. This file holds what the parts
// share (the rows shown, the active row and cell, the virtualizer) and lays them out: the header row
// (DeviceGridHeader.tsx: sort, header keys, resize), the row keys (device-grid-keys.ts), what a pointer
// does to rows (use-row-events.ts: select, menu, drag), the rows and cells (DeviceCells.tsx) and the empty
// grid's message. Columns, their widths and the cells come from the column table
// (domain/device-columns.ts) and the visible columns in the UI store.

import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { Id } from '../../shared/model.js';
import { DEFAULT_FILTER, isDefaultFilter } from '../domain/device-query.js';
import { gridMinWidth, type ColumnContext } from '../domain/device-columns.js';
import { NO_HISTORY_FILTER } from '../domain/device-since.js';
import { formatError, t } from '../i18n/index.js';
import { useData, useDeviceView, useSavedViews, useShell, useStores, useUi } from '../state/context.js';
import { cellDomId, DeviceRow, EmptyRows, rowDomId } from './DeviceCells.js';
import { DeviceGridHeader } from './DeviceGridHeader.js';
import { onGridKeyDown } from './device-grid-keys.js';
import { useNow } from './hooks.js';
import { useRowEvents } from './use-row-events.js';
import { useGridWindow } from './use-grid-window.js';

export const ROW_HEIGHT = 30;

export function DeviceTable({
  onEditAlias,
  onContextMenu,
}: {
  onEditAlias: (id: Id) => void;
  /** Opens the row's menu at a point (mouse) or under the row (keyboard). */
  onContextMenu?: (id: Id, at: { x: number; y: number }) => void;
}) {
  const stores = useStores();
  const view = useDeviceView();
  const devices = useData((s) => s.devices);
  useData((s) => s.versions.devices);
  const fetchedAt = useData((s) => s.fetchedAt.devices);
  const since = useData((s) => s.since);
  const sinceVersion = useData((s) => s.sinceVersion);
  const historyFilter = useUi((s) => s.historyFilter);
  const selected = useUi((s) => s.selectedDeviceIds);
  const activeId = useUi((s) => s.activeDeviceId);
  const viewOpen = useSavedViews((s) => s.activeId !== null);
  const sort = useUi((s) => s.deviceSort);
  const filter = useUi((s) => s.deviceFilter);
  const columns = useUi((s) => s.deviceColumns);
  const arrived = useData((s) => s.fetchedAt.devices !== null);
  // A first sync that finds no devices sends no data change (nothing changed), only the sync state's time.
  const cacheShown = useShell(
    (s) => s.sync?.cacheSavedAt != null || s.sync?.datasets.devices?.fetchedAt != null,
  );
  const loadError = useShell((s) => s.sync?.datasets.devices?.error ?? null);
  /** The cell cursor's column index, or null while whole rows are the unit (before Left/Right). */
  const [activeCol, setActiveCol] = useState<number | null>(null);
  const now = useNow(15_000, stores.now);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = view.rows;
  // The tree is rebuilt on every poll (its counts); the rows only care when folder names may have changed.
  const foldersVersion = useData((s) => s.versions.folders);
  const ctx: ColumnContext = useMemo(
    () => stores.views.columnContext(now),
    // foldersVersion stands for the folder names the context reads; sinceVersion for the since rows,
    // as the Map is updated in place (a new context is what makes the Since cells render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [foldersVersion, fetchedAt, now, since, sinceVersion],
  );
  const gridStyle = {
    '--grid-min-width': `${gridMinWidth(columns)}px`,
  } as CSSProperties;
  const col = activeCol === null ? null : Math.min(activeCol, columns.length - 1);

  // Rows are one height: a row's place is its index (use-grid-window.ts), nothing is measured or kept per
  // row, and neither a sort nor a change in their number lays the rows out again. React's keys are the
  // rows' recycled slots (recycleSlots): the same few row elements show whichever devices are in view.
  const grid = useGridWindow(rows.length, ROW_HEIGHT, scrollRef);
  const { scrollToIndex } = grid;

  const activeIndex = useMemo(() => (activeId ? rows.indexOf(activeId) : -1), [rows, activeId]);

  // A row made active from elsewhere (the palette, a notice) is scrolled into view: it may not be rendered.
  const revealIndex = useRef(-1);
  useEffect(() => {
    if (activeIndex === -1 || revealIndex.current === activeIndex) return;
    revealIndex.current = activeIndex;
    scrollToIndex(activeIndex);
    // Only when the active row changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeId]);

  const moveTo = useCallback(
    (index: number, extend: boolean) => {
      const clamped = Math.max(0, Math.min(rows.length - 1, index));
      const id = rows[clamped];
      if (id === undefined) return;
      if (extend) stores.uiActions.selectRange(id, rows);
      else stores.uiActions.selectDevice(id);
      scrollToIndex(clamped);
    },
    [rows, stores, scrollToIndex],
  );

  function openMenuForActive() {
    if (!activeId || !onContextMenu) return;
    const row = document.getElementById(rowDomId(activeId));
    const box = row?.getBoundingClientRect();
    onContextMenu(activeId, box ? { x: box.left + 24, y: box.bottom } : { x: 0, y: 0 });
  }

  const rowEvents = useRowEvents({
    rows,
    selected,
    ui: stores.uiActions,
    gridRef: scrollRef,
    onEditAlias,
    onContextMenu,
  });

  const activeRowVisible = activeIndex !== -1;
  const activeDescendant =
    activeRowVisible && activeId
      ? col === null
        ? rowDomId(activeId)
        : cellDomId(activeId, columns[col]!.key)
      : undefined;
  return (
    <div
      className="device-grid"
      role="grid"
      aria-label={t('devices.table')}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      aria-multiselectable="true"
      aria-activedescendant={activeDescendant}
      tabIndex={0}
      // Where focus lands when what held it closes (the detail panel, a dialog whose opener is gone).
      data-focus-home
      ref={scrollRef}
      style={gridStyle}
      onKeyDown={(e) =>
        onGridKeyDown(e, {
          rows,
          activeIndex,
          activeId,
          col,
          columnCount: columns.length,
          page: Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_HEIGHT) - 1),
          selected,
          moveTo,
          setActiveCol,
          ui: stores.uiActions,
          editAlias: onEditAlias,
          openMenu: openMenuForActive,
        })
      }
    >
      <DeviceGridHeader columns={columns} sort={sort} gridRef={scrollRef} />
      <div role="rowgroup" className="grid-body" style={{ height: grid.totalSize }}>
        {grid.rows.map((item) => {
          const id = rows[item.index]!;
          const d = devices.get(id);
          if (!d) return null;
          return (
            <DeviceRow
              // Rows are recycled: the same few row elements show whichever devices are in view, updated in
              // place (recycleSlots). Keyed by device, a fast scroll made and dropped a screenful of elements
              // every frame.
              key={item.slot}
              device={d}
              index={item.index}
              start={item.start}
              selected={selected.has(id)}
              activeCol={id === activeId ? col : undefined}
              columns={columns}
              ctx={ctx}
              on={rowEvents}
              // The active row is drawn whole: it is what aria-activedescendant names.
              sketch={grid.fling && id !== activeId}
            />
          );
        })}
      </div>
      {rows.length === 0 && (
        // Inside the grid, the message is a row of one cell spanning the columns (a grid holds only rows).
        <div role="row" className="grid-empty">
          <div role="gridcell" aria-colspan={columns.length}>
            <EmptyRows
              arrived={arrived || cacheShown || view.counts.total > 0}
              total={view.counts.total}
              filtered={
                !isDefaultFilter({ ...filter, folder: DEFAULT_FILTER.folder, includeSubfolders: true }) ||
                historyFilter.kind !== 'none'
              }
              scope={{
                folder:
                  filter.folder.kind === 'all'
                    ? 'none'
                    : filter.includeSubfolders || filter.folder.kind === 'unassigned'
                      ? 'subtree'
                      : 'direct',
                view: viewOpen,
              }}
              loadError={loadError ? formatError(loadError) : null}
              onClear={() => {
                stores.uiActions.setFilter(DEFAULT_FILTER);
                stores.uiActions.setHistoryFilter(NO_HISTORY_FILTER);
              }}
            />
          </div>
        </div>
      )}
    </div>
  );
}
