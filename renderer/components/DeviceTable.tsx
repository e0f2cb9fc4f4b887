// The device grid: virtualised (only visible rows exist in the DOM), keyboard first. Focus stays on the grid
// and aria-activedescendant names the active row, which is scrolled into view as it moves.
// Up/Down (Shift extends), Home/End, PageUp/PageDown, Space toggles, Ctrl/Cmd+A selects all shown,
// Escape clears, M moves the selection, F2 edits the alias. Rows are keyed by id and the scroll offset is
// never touched by a data change.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { Device, Id } from '../../shared/model.js';
import { enumValue } from '../../shared/model.js';
import type { DeviceSortKey } from '../domain/device-query.js';
import { statusKind } from '../domain/device-query.js';
import { parseTimestamp } from '../domain/time-zone.js';
import { formatAge, formatDate, t } from '../i18n/index.js';
import { useData, useDeviceView, useFolderTree, useStores, useUi } from '../state/context.js';
import { DEVICE_DRAG_TYPE } from './dnd.js';
import { useNow } from './hooks.js';
import { statusName } from './labels.js';

export const ROW_HEIGHT = 30;
/** Older than this, a status is flagged as possibly out of date. */
export const STALE_AFTER_MS = 5 * 60_000;

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

export function rowDomId(id: Id): string {
  return `device-row-${id.replace(/[^\w-]/g, '_')}`;
}

export function statusAge(
  d: Device,
  fetchedAt: string | null,
  now: number,
): { text: string; stale: boolean; at: Date | null } {
  const at = parseTimestamp(d.lastRefresh) ?? parseTimestamp(fetchedAt);
  const name = statusName(d.status);
  if (!at) return { text: name, stale: true, at: null };
  const age = now - at.getTime();
  return {
    text: t('status.withAge', { status: name, age: formatAge(age) }),
    stale: age > STALE_AFTER_MS,
    at,
  };
}

function lastRefreshText(d: Device): string {
  const at = parseTimestamp(d.lastRefresh);
  return at ? formatDate(at, 'date-time') : '';
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

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
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
          {COLUMNS.map((c) => (
            <div
              key={c.key}
              role="columnheader"
              aria-sort={
                sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
              }
              className="cell"
            >
              <button type="button" tabIndex={-1} onClick={() => stores.uiActions.sortBy(c.key)}>
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
          return (
            <div
              key={item.key}
              id={rowDomId(id)}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={isSelected}
              aria-label={deviceDisplayName(d)}
              className={`grid-row${isSelected ? ' selected' : ''}${id === activeId ? ' active' : ''}`}
              style={{ transform: `translateY(${item.start}px)` }}
              onClick={(e) => onRowClick(e, id)}
              onDoubleClick={() => onEditAlias(id)}
              draggable
              onDragStart={(e) => onDragStart(e, id)}
            >
              <div role="gridcell" className="cell name">
                {d.name ?? t('common.none')}
              </div>
              <div role="gridcell" className="cell">
                {d.alias ?? ''}
              </div>
              <div
                role="gridcell"
                className={`cell status status-${statusKind(d)}${status.stale ? ' stale' : ''}`}
                title={status.stale ? t('status.stale') : undefined}
              >
                <span className="dot" aria-hidden="true" />
                {status.text}
                {status.stale && <span className="visually-hidden">. {t('status.stale')}</span>}
              </div>
              <div role="gridcell" className="cell">
                {d.os ? enumValue(d.os) : ''}
              </div>
              <div role="gridcell" className="cell mono">
                {d.ip ?? ''}
              </div>
              <div role="gridcell" className="cell">
                {lastRefreshText(d)}
              </div>
              <div role="gridcell" className="cell">
                {folder ?? (d.folderId ? d.folderId : t('folders.unassigned'))}
              </div>
            </div>
          );
        })}
      </div>
      {rows.length === 0 && <p className="empty">{t('devices.empty')}</p>}
    </div>
  );
}
