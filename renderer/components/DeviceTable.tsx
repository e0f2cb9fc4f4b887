// The device grid: virtualised (only the rows in view exist in the DOM, recycled as it scrolls), keyboard
// first, rows keyed by position slot and never scrolled by a data change. This file holds what the parts
// share (the rows shown, the active row and cell, the virtualizer) and lays them out: the header row
// (DeviceGridHeader.tsx: sort, header keys, resize), the row keys (device-grid-keys.ts), what a pointer
// does to rows (use-row-events.ts: select, menu, drag), the rows and cells (DeviceCells.tsx) and the empty
// grid's message. Columns, their widths and the cells come from the column table
// (domain/device-columns.ts) and the visible columns in the UI store.

import { useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { Id } from '../../shared/model.js';
import { DEFAULT_FILTER, isDefaultFilter } from '../domain/device-query.js';
import { gridMinWidth, type ColumnContext } from '../domain/device-columns.js';
import { NO_HISTORY_FILTER } from '../domain/device-since.js';
import { formatError, t } from '../i18n/index.js';
import { useData, useDeviceView, useSavedViews, useShell, useStores, useUi } from '../state/context.js';
import {
  AT_REST,
  cellDomId,
  DeviceRow,
  drawnRows,
  EmptyRows,
  nextPace,
  OVERSCAN_AT_REST,
  OVERSCAN_SCROLLING,
  recycleSlots,
  rowDomId,
} from './DeviceCells.js';
import { DeviceGridHeader } from './DeviceGridHeader.js';
import { onGridKeyDown } from './device-grid-keys.js';
import { useNow } from './hooks.js';
import { useRowEvents } from './use-row-events.js';

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

  const instance = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  const scrolling = instance.current?.isScrolling ?? false;
  const rangeExtractor = useCallback(
    (range: Range) =>
      drawnRows(range, instance.current?.isScrolling ? instance.current.scrollDirection : null),
    [],
  );
  // The virtualizer is mutable by design (it re-renders us on scroll), so the compiler leaves this alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: scrolling ? OVERSCAN_SCROLLING : OVERSCAN_AT_REST,
    rangeExtractor,
    // No getItemKey: the virtualizer's own key, the index, is all it needs (rows are one height and never
    // measured; React's keys are the recycled slots below). A key by device changed with every order, and
    // each sort then laid out every row again: 300,000 measurements and 10-30 ms per click at 300,000.
  });
  instance.current = virtualizer;
  const pace = useRef(AT_REST);
  pace.current = nextPace(
    pace.current,
    virtualizer.scrollOffset ?? 0,
    virtualizer.isScrolling,
    virtualizer.scrollRect?.height ?? 0,
  );

  const activeIndex = useMemo(() => (activeId ? rows.indexOf(activeId) : -1), [rows, activeId]);

  // A row made active from elsewhere (the palette, a notice) is scrolled into view: it may not be rendered.
  const revealIndex = useRef(-1);
  useEffect(() => {
    if (activeIndex === -1 || revealIndex.current === activeIndex) return;
    revealIndex.current = activeIndex;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
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
      virtualizer.scrollToIndex(clamped, { align: 'auto' });
    },
    [rows, stores, virtualizer],
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

  const items = virtualizer.getVirtualItems();
  const slots = useRef<ReadonlyMap<number, number>>(new Map());
  slots.current = recycleSlots(
    slots.current,
    items.map((item) => item.index),
  );
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
      <div role="rowgroup" className="grid-body" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const id = rows[item.index]!;
          const d = devices.get(id);
          if (!d) return null;
          return (
            <DeviceRow
              // Rows are recycled: the same few row elements show whichever devices are in view, updated in
              // place (recycleSlots). Keyed by device, a fast scroll made and dropped a screenful of elements
              // every frame.
              key={slots.current.get(item.index)}
              device={d}
              index={item.index}
              start={item.start}
              selected={selected.has(id)}
              activeCol={id === activeId ? col : undefined}
              columns={columns}
              ctx={ctx}
              on={rowEvents}
              // The active row is drawn whole: it is what aria-activedescendant names.
              sketch={pace.current.fling && id !== activeId}
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
