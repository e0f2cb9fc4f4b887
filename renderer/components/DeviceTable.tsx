// The device grid: virtualised (only visible rows exist in the DOM), keyboard first. Focus stays on the grid
// and aria-activedescendant names the active row, which is scrolled into view as it moves.
// Up/Down (Shift extends), Home/End, PageUp/PageDown, Space toggles, Ctrl/Cmd+A selects all shown,
// Escape clears, M moves the selection, F2 edits the alias. Rows are keyed by id and the scroll offset is
// never touched by a data change. The column headers are one tab stop (the sorted column's button; Left/Right
// move between headers, Enter/Space sort), and each sort is announced in a polite live region.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Device, Id } from '../../shared/model.js';
import { enumValue } from '../../shared/model.js';
import type { DeviceSortKey } from '../domain/device-query.js';
import { DEFAULT_FILTER, statusKind } from '../domain/device-query.js';
import { displayTime, parseTimestamp } from '../domain/time-zone.js';
import { formatAge, formatError, t } from '../i18n/index.js';
import { useData, useDeviceView, useFolderTree, useShell, useStores, useUi } from '../state/context.js';
import { DEVICE_DRAG_TYPE } from './dnd.js';
import { useNow } from './hooks.js';
import { statusName } from './labels.js';

export const ROW_HEIGHT = 30;
/**
 * A device that says it is online or busy but last reported longer ago than this: its status is flagged
 * as possibly out of date (warning style). An offline device's old report is simply when it went away, and
 * the age of the console's own copy (offline, failed polls) is said once, in the banner and status bar,
 * rather than painted on every row.
 */
export const STALE_AFTER_MS = 15 * 60_000;

const COLUMNS: Array<{ key: DeviceSortKey; label: Parameters<typeof t>[0] }> = [
  { key: 'name', label: 'devices.col.name' },
  { key: 'alias', label: 'devices.col.alias' },
  { key: 'status', label: 'devices.col.status' },
  { key: 'os', label: 'devices.col.os' },
  { key: 'ip', label: 'devices.col.ip' },
  { key: 'lastRefresh', label: 'devices.col.lastRefresh' },
  { key: 'folder', label: 'devices.col.folder' },
];

export function deviceDisplayName(d: Device): string {
  return d.name || d.alias || t('devices.unnamed', { id: d.id });
}

/**
 * A row's accessible name: both names when the device has both, so a device known on the phone by its
 * alias can be found by it too; the alias alone, or the id, when that is all there is.
 */
export function deviceRowLabel(d: Device): string {
  return d.name && d.alias ? `${d.name} (${d.alias})` : deviceDisplayName(d);
}

export function rowDomId(id: Id): string {
  return `device-row-${id.replace(/[^\w-]/g, '_')}`;
}

export function statusAge(
  d: Device,
  fetchedAt: string | null,
  now: number,
): { text: string; age: string | null; stale: boolean; at: Date | null } {
  const own = parseTimestamp(d.lastRefresh);
  const at = own ?? parseTimestamp(fetchedAt);
  const name = statusName(d.status);
  if (!at) return { text: name, age: null, stale: false, at: null };
  const age = now - at.getTime();
  const claimsPresence = d.status === 'online' || d.status === 'busy';
  return {
    text: t('status.withAge', { status: name, age: formatAge(age) }),
    age: t('age.ago', { age: formatAge(age) }),
    stale: own !== null && claimsPresence && age > STALE_AFTER_MS,
    at,
  };
}

/** The cell's short form and the tooltip's full one. */
function lastRefreshText(d: Device): { short: string; full: string } | null {
  const at = parseTimestamp(d.lastRefresh);
  return at ? { short: displayTime(at, 'compact'), full: displayTime(at, 'date-time') } : null;
}

export function DeviceTable({ onEditAlias }: { onEditAlias: (id: Id) => void }) {
  const stores = useStores();
  const view = useDeviceView();
  const tree = useFolderTree();
  const devices = useData((s) => s.devices);
  useData((s) => s.versions.devices);
  const fetchedAt = useData((s) => s.fetchedAt.devices);
  const selected = useUi((s) => s.selectedDeviceIds);
  const activeId = useUi((s) => s.activeDeviceId);
  const sort = useUi((s) => s.deviceSort);
  const filter = useUi((s) => s.deviceFilter);
  const arrived = useData((s) => s.fetchedAt.devices !== null);
  // A first sync that finds no devices sends no data change (nothing changed), only the sync state's time.
  const cacheShown = useShell(
    (s) => s.sync?.cacheSavedAt != null || s.sync?.datasets.devices?.fetchedAt != null,
  );
  const loadError = useShell((s) => s.sync?.datasets.devices?.error ?? null);
  const [headerFocus, setHeaderFocus] = useState<DeviceSortKey | null>(null);
  const [sortNotice, setSortNotice] = useState('');
  const now = useNow(15_000);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = view.rows;

  // The virtualizer is mutable by design (it re-renders us on scroll), so the compiler leaves this alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => rows[index] ?? index,
  });

  const activeIndex = activeId ? rows.indexOf(activeId) : -1;

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

  function sortBy(key: DeviceSortKey) {
    stores.uiActions.sortBy(key);
    const next = stores.ui.getState().deviceSort;
    const column = t(COLUMNS.find((c) => c.key === key)!.label);
    setSortNotice(t(next.direction === 'asc' ? 'devices.sortedAsc' : 'devices.sortedDesc', { column }));
  }

  function onHeaderKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    let to = -1;
    if (e.key === 'ArrowRight') to = Math.min(COLUMNS.length - 1, index + 1);
    else if (e.key === 'ArrowLeft') to = Math.max(0, index - 1);
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = COLUMNS.length - 1;
    else if (e.key === 'ArrowDown') {
      // Down from the headers goes into the rows, where the grid's own keys apply.
      e.preventDefault();
      scrollRef.current?.focus();
      return;
    }
    if (to === -1) return;
    e.preventDefault();
    const key = COLUMNS[to]!.key;
    setHeaderFocus(key);
    scrollRef.current?.querySelector<HTMLButtonElement>(`[data-sort-key="${key}"]`)?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // Keys on a header button are that button's (Enter/Space sort); the grid's keys are for the rows.
    if (e.target !== e.currentTarget) return;
    const mod = e.ctrlKey || e.metaKey;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_HEIGHT) - 1);
    const from = activeIndex === -1 ? -1 : activeIndex;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(from + 1, e.shiftKey);
        break;
      case 'ArrowUp':
        moveTo(from === -1 ? 0 : from - 1, e.shiftKey);
        break;
      case 'PageDown':
        moveTo(from + page, e.shiftKey);
        break;
      case 'PageUp':
        moveTo(from - page, e.shiftKey);
        break;
      case 'Home':
        moveTo(0, e.shiftKey);
        break;
      case 'End':
        moveTo(rows.length - 1, e.shiftKey);
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

  function onDragStart(e: React.DragEvent, id: Id) {
    const ids = selected.has(id) ? [...selected] : [id];
    if (!selected.has(id)) stores.uiActions.selectDevice(id);
    e.dataTransfer.setData(DEVICE_DRAG_TYPE, JSON.stringify(ids));
    e.dataTransfer.setData('text/plain', t('devices.dragLabel', { count: ids.length }));
    e.dataTransfer.effectAllowed = 'move';
  }

  const activeRowVisible = activeIndex !== -1;
  return (
    <div
      className="device-grid"
      role="grid"
      aria-label={t('devices.table')}
      aria-rowcount={rows.length + 1}
      aria-colcount={COLUMNS.length}
      aria-multiselectable="true"
      aria-activedescendant={activeRowVisible && activeId ? rowDomId(activeId) : undefined}
      tabIndex={0}
      ref={scrollRef}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="grid-head">
        <div role="row" aria-rowindex={1} className="grid-row head">
          {COLUMNS.map((c, index) => (
            <div
              key={c.key}
              role="columnheader"
              aria-sort={
                sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
              }
              className={`cell col-${c.key}`}
            >
              <button
                type="button"
                data-sort-key={c.key}
                // One tab stop for the whole header row: the column last focused, else the sorted one.
                tabIndex={(headerFocus ?? sort.key) === c.key ? 0 : -1}
                title={t('devices.sortHint')}
                onFocus={() => setHeaderFocus(c.key)}
                onKeyDown={(e) => onHeaderKeyDown(e, index)}
                onClick={() => sortBy(c.key)}
              >
                {t(c.label)}
                <span aria-hidden="true" className="sort-mark">
                  {sort.key === c.key ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                </span>
              </button>
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className="grid-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = rows[item.index]!;
          const d = devices.get(id);
          if (!d) return null;
          const status = statusAge(d, fetchedAt, now);
          const isSelected = selected.has(id);
          const folder = d.folderId ? tree.byId.get(d.folderId)?.name : undefined;
          const refreshed = lastRefreshText(d);
          const folderText = folder ?? (d.folderId ? d.folderId : t('folders.unassigned'));
          return (
            <div
              key={item.key}
              id={rowDomId(id)}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={isSelected}
              aria-label={deviceRowLabel(d)}
              className={`grid-row${isSelected ? ' selected' : ''}${id === activeId ? ' active' : ''}`}
              style={{ transform: `translateY(${item.start}px)` }}
              onClick={(e) => onRowClick(e, id)}
              onDoubleClick={() => onEditAlias(id)}
              draggable
              onDragStart={(e) => onDragStart(e, id)}
            >
              <div role="gridcell" className="cell name col-name" title={d.name ?? undefined}>
                {d.name ?? t('common.none')}
              </div>
              <div role="gridcell" className="cell col-alias" title={d.alias ?? undefined}>
                {d.alias ?? ''}
              </div>
              <div
                role="gridcell"
                className={`cell col-status status status-${statusKind(d)}${status.stale ? ' stale' : ''}`}
                title={status.stale ? `${status.text}. ${t('status.stale')}` : status.text}
              >
                <span className="dot" aria-hidden="true" />
                <span className="status-name">{statusName(d.status)}</span>{' '}
                {status.age && <span className="status-age">· {status.age}</span>}
                {status.stale && <span className="visually-hidden">. {t('status.stale')}</span>}
              </div>
              <div role="gridcell" className="cell col-os" title={d.os ? enumValue(d.os) : undefined}>
                {d.os ? enumValue(d.os) : ''}
              </div>
              <div role="gridcell" className="cell mono col-ip" title={d.ip ?? undefined}>
                {d.ip ?? ''}
              </div>
              <div role="gridcell" className="cell col-lastRefresh" title={refreshed?.full}>
                {refreshed?.short ?? ''}
              </div>
              <div role="gridcell" className="cell col-folder" title={folderText}>
                {folderText}
              </div>
            </div>
          );
        })}
      </div>
      {rows.length === 0 && (
        <EmptyRows
          arrived={arrived || cacheShown || view.counts.total > 0}
          total={view.counts.total}
          filtered={!sameFilter(filter, DEFAULT_FILTER)}
          loadError={loadError ? formatError(loadError) : null}
          onClear={() => stores.uiActions.setFilter(DEFAULT_FILTER)}
        />
      )}
      <span className="visually-hidden" role="status" aria-live="polite">
        {sortNotice}
      </span>
    </div>
  );
}

function sameFilter(a: typeof DEFAULT_FILTER, b: typeof DEFAULT_FILTER): boolean {
  return (
    a.text.trim() === b.text &&
    a.status === b.status &&
    a.os === b.os &&
    a.folder.kind === b.folder.kind &&
    a.includeSubfolders === b.includeSubfolders
  );
}

/**
 * Why there are no rows: the first sync is still on its way, the account has no devices, or the filters
 * match none (with a way out).
 */
function EmptyRows(props: {
  arrived: boolean;
  total: number;
  filtered: boolean;
  loadError: string | null;
  onClear: () => void;
}) {
  if (!props.arrived) {
    return props.loadError ? (
      <p className="empty">{t('devices.loadFailed', { error: props.loadError })}</p>
    ) : (
      <p className="empty" role="status" aria-busy="true">
        {t('devices.loading')}
      </p>
    );
  }
  if (props.total === 0) return <p className="empty">{t('devices.none')}</p>;
  return (
    <div className="empty">
      <p>{t('devices.noMatch')}</p>
      {props.filtered && (
        <button type="button" onClick={props.onClear}>
          {t('devices.clearFilters')}
        </button>
      )}
    </div>
  );
}
