// Just over 400 lines: the grid's keyboard model (rows, cell cursor, headers, resize) is one piece of
// state; its rows and cells are in DeviceCells.tsx.
// The device grid: virtualised (only visible rows exist in the DOM), keyboard first. Focus stays on the grid
// and aria-activedescendant names the active row, which is scrolled into view as it moves.
// Up/Down (Shift extends), Home/End, PageUp/PageDown, Space toggles, Ctrl/Cmd+A selects all shown,
// Escape clears, M moves the selection, F2 edits the alias. Rows are keyed by id and the scroll offset is
// never touched by a data change. The column headers are one tab stop (the sorted column's button; Left/Right
// move between headers, Enter/Space sort, Alt+Left/Right resize), and each sort is announced in a polite
// live region. Left/Right in the rows move a cell cursor (aria-activedescendant then names the cell, read
// with its column header). Columns, cells, sort keys and the CSS grid template all come from the column
// table (domain/device-columns.ts) and the visible columns in the UI store. Shift+F10, the menu key or a
// right click opens the row's context menu.

import { useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import type { Id } from '../../shared/model.js';
import { DEFAULT_FILTER, isDefaultFilter } from '../domain/device-query.js';
import {
  columnByKey,
  columnContext,
  gridMinWidth,
  type ColumnContext,
  type ColumnKey,
} from '../domain/device-columns.js';
import { NO_HISTORY_FILTER } from '../domain/device-since.js';
import { formatError, t } from '../i18n/index.js';
import {
  useData,
  useDeviceView,
  useFolderTree,
  useSavedViews,
  useShell,
  useStores,
  useUi,
} from '../state/context.js';
import {
  AT_REST,
  cellDomId,
  cellStyle,
  DeviceRow,
  drawnRows,
  EmptyRows,
  nextPace,
  OVERSCAN_AT_REST,
  OVERSCAN_SCROLLING,
  recycleSlots,
  rowDomId,
  type RowEvents,
} from './DeviceCells.js';
import { DEVICE_DRAG_TYPE } from './dnd.js';
import { useNow } from './hooks.js';

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
  const tree = useFolderTree();
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
  const [headerFocus, setHeaderFocus] = useState<ColumnKey | null>(null);
  /** The cell cursor's column index, or null while whole rows are the unit (before Left/Right). */
  const [activeCol, setActiveCol] = useState<number | null>(null);
  const now = useNow(15_000, stores.now);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = view.rows;
  // The tree is rebuilt on every poll (its counts); the rows only care when folder names may have changed.
  const foldersVersion = useData((s) => s.versions.folders);
  const treeRef = useRef(tree);
  treeRef.current = tree;
  const ctx: ColumnContext = useMemo(
    () =>
      columnContext({
        folderName: (id) => treeRef.current.byId.get(id)?.name,
        fetchedAt,
        since,
        now,
      }),
    // foldersVersion stands for the names the rows read through treeRef; sinceVersion for the since rows,
    // as the Map is updated in place (a new context is what makes the Since cells render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [foldersVersion, fetchedAt, now, since, sinceVersion],
  );
  const gridStyle = {
    '--grid-min-width': `${gridMinWidth(columns)}px`,
  } as CSSProperties;
  const col = activeCol === null ? null : Math.min(activeCol, columns.length - 1);

  const getItemKey = useCallback((index: number) => rows[index] ?? index, [rows]);
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
    // Stable until the rows change: the virtualizer lays out every row again (100,000 at scale) whenever
    // this function's identity changes, which an inline arrow did on every scroll frame.
    getItemKey,
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

  function label(key: ColumnKey): string {
    return t(columnByKey(key)!.label);
  }

  function sortBy(key: ColumnKey) {
    stores.uiActions.sortBy(key);
    const next = stores.ui.getState().deviceSort;
    // Said in the app's polite live region: a status inside the grid is not a child a grid may have.
    stores.uiActions.announce(
      t(next.direction === 'asc' ? 'devices.sortedAsc' : 'devices.sortedDesc', { column: label(key) }),
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
      scrollRef.current?.focus();
      return;
    }
    if (to === -1) return;
    e.preventDefault();
    const next = columns[to]!.key;
    setHeaderFocus(next);
    scrollRef.current?.querySelector<HTMLButtonElement>(`[data-sort-key="${next}"]`)?.focus();
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

  function openMenuForActive() {
    if (!activeId || !onContextMenu) return;
    const row = document.getElementById(rowDomId(activeId));
    const box = row?.getBoundingClientRect();
    onContextMenu(activeId, box ? { x: box.left + 24, y: box.bottom } : { x: 0, y: 0 });
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // Keys on a header button are that button's (Enter/Space sort); the grid's keys are for the rows.
    if (e.target !== e.currentTarget) return;
    const mod = e.ctrlKey || e.metaKey;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_HEIGHT) - 1);
    const from = activeIndex === -1 ? -1 : activeIndex;
    if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      e.preventDefault();
      openMenuForActive();
      return;
    }
    switch (e.key) {
      case 'ArrowDown':
        moveTo(from + 1, e.shiftKey);
        break;
      case 'ArrowUp':
        moveTo(from === -1 ? 0 : from - 1, e.shiftKey);
        break;
      case 'ArrowRight':
        setActiveCol(col === null ? 0 : Math.min(columns.length - 1, col + 1));
        if (from === -1) moveTo(0, false);
        break;
      case 'ArrowLeft':
        // Left of the first cell returns to whole-row focus.
        setActiveCol(col === null || col === 0 ? null : col - 1);
        break;
      case 'PageDown':
        moveTo(from + page, e.shiftKey);
        break;
      case 'PageUp':
        moveTo(from - page, e.shiftKey);
        break;
      case 'Home':
        if (col !== null && !mod) setActiveCol(0);
        else moveTo(0, e.shiftKey);
        break;
      case 'End':
        if (col !== null && !mod) setActiveCol(columns.length - 1);
        else moveTo(rows.length - 1, e.shiftKey);
        break;
      case ' ':
        if (activeId) stores.uiActions.toggleDevice(activeId);
        break;
      case 'Escape':
        stores.uiActions.clearSelection();
        break;
      case 'F2':
        if (activeId) onEditAlias(activeId);
        break;
      default:
        if (mod && e.key.toLowerCase() === 'a') {
          stores.uiActions.selectAll(rows);
          break;
        }
        if (!mod && !e.altKey && e.key.toLowerCase() === 'm' && selected.size) {
          stores.uiActions.openMoveDialog([...selected]);
          break;
        }
        return;
    }
    e.preventDefault();
  }

  function onRowClick(e: MouseEvent, id: Id) {
    if (e.shiftKey) stores.uiActions.selectRange(id, rows, e.ctrlKey || e.metaKey);
    else if (e.ctrlKey || e.metaKey) stores.uiActions.toggleDevice(id);
    else stores.uiActions.selectDevice(id);
    scrollRef.current?.focus({ preventScroll: true });
  }

  function onRowContextMenu(e: MouseEvent, id: Id) {
    if (!onContextMenu) return;
    e.preventDefault();
    // A right click on a row outside the selection acts on that row alone, as file managers do.
    if (!selected.has(id)) stores.uiActions.selectDevice(id);
    else stores.uiActions.setActiveDevice(id);
    onContextMenu(id, { x: e.clientX, y: e.clientY });
  }

  function onDragStart(e: React.DragEvent, id: Id) {
    const ids = selected.has(id) ? [...selected] : [id];
    if (!selected.has(id)) stores.uiActions.selectDevice(id);
    e.dataTransfer.setData(DEVICE_DRAG_TYPE, JSON.stringify(ids));
    e.dataTransfer.setData('text/plain', t('devices.dragLabel', { count: ids.length }));
    e.dataTransfer.effectAllowed = 'move';
  }

  // Rows are memoised (scrolling re-renders only the rows that come into view): their handlers are one
  // stable object that reads the latest ones.
  const latest = useRef({ onRowClick, onRowContextMenu, onDragStart, onEditAlias });
  latest.current = { onRowClick, onRowContextMenu, onDragStart, onEditAlias };
  const rowEvents = useMemo<RowEvents>(
    () => ({
      click: (e, id) => latest.current.onRowClick(e, id),
      contextMenu: (e, id) => latest.current.onRowContextMenu(e, id),
      dragStart: (e, id) => latest.current.onDragStart(e, id),
      editAlias: (id) => latest.current.onEditAlias(id),
    }),
    [],
  );

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
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="grid-head">
        <div role="row" aria-rowindex={1} className="grid-row head">
          {columns.map((c, index) => (
            <div
              key={c.key}
              role="columnheader"
              aria-colindex={index + 1}
              aria-sort={
                sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
              }
              className={`cell col-${c.key}`}
              style={cellStyle(c.width, index === columns.length - 1)}
            >
              <button
                type="button"
                data-sort-key={c.key}
                // One tab stop for the whole header row: the column last focused, else the sorted one.
                tabIndex={
                  (headerFocus ?? (columns.some((x) => x.key === sort.key) ? sort.key : columns[0]!.key)) ===
                  c.key
                    ? 0
                    : -1
                }
                title={`${t('devices.sortHint')} ${t('columns.resize', { column: label(c.key) })}`}
                onFocus={() => setHeaderFocus(c.key)}
                onKeyDown={(e) => onHeaderKeyDown(e, index)}
                onClick={() => sortBy(c.key)}
              >
                {label(c.key)}
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
