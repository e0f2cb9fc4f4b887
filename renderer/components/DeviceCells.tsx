// The device grid's rows: which rows are drawn, a device's names as a row shows them, the DOM ids
// aria-activedescendant names, a row and its cells from the column table, and what the grid shows when it
// has no rows.

import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import {
  memo,
  useLayoutEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type DragEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import type { Device, Id } from '../../shared/model.js';
import {
  columnByKey,
  type CellKind,
  type ColumnContext,
  type ColumnKey,
  type ColumnState,
  type DeviceColumn,
} from '../domain/device-columns.js';
import { statusAge, statusKind } from '../domain/device-status.js';
import { t } from '../i18n/index.js';
import { statusName } from '../domain/labels.js';

/** Rows drawn beyond each edge at rest (what a short scroll or a key brings in next is already there). */
export const OVERSCAN_AT_REST = 12;
/**
 * Rows drawn ahead while scrolling; one behind. Every row drawn is laid out again on every frame of a fast
 * scroll, and Chromium keeps that layout's garbage until a collection: 12 on both sides nearly doubled the
 * rows laid out per frame (and the renderer's memory after one pass over 100,000 devices).
 */
export const OVERSCAN_SCROLLING = 4;

/** The rows drawn: `overscan` beyond both edges at rest; while scrolling, ahead of the scroll and one behind. */
export function drawnRows(range: Range, scrolling: 'forward' | 'backward' | null): number[] {
  if (scrolling === null) return defaultRangeExtractor(range);
  const start = Math.max(0, range.startIndex - (scrolling === 'backward' ? range.overscan : 1));
  const end = Math.min(range.count - 1, range.endIndex + (scrolling === 'forward' ? range.overscan : 1));
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * Row slots for the drawn rows (`indices`, ascending), given last render's (row index → slot): a row still
 * drawn keeps its slot, a row coming in takes the lowest slot free. Rows are keyed by slot, so a row element
 * shows whichever device is in its slot, updated in place: a scroll by one row updates one row, a jump of a
 * screenful updates them all, and neither makes nor drops elements. Keyed by `index % count`, as before,
 * every frame whose count differed by one from the last re-made every row (a fast scroll made thousands of
 * elements for the garbage collector, and Chromium kept their layout garbage until a collection).
 * Same indices in, same slots out: a render run twice agrees with itself.
 */
export function recycleSlots(
  prev: ReadonlyMap<number, number>,
  indices: readonly number[],
): Map<number, number> {
  const next = new Map<number, number>();
  const taken = new Set<number>();
  for (const i of indices) {
    const slot = prev.get(i);
    if (slot !== undefined) {
      next.set(i, slot);
      taken.add(slot);
    }
  }
  let free = 0;
  for (const i of indices) {
    if (next.has(i)) continue;
    while (taken.has(free)) free++;
    next.set(i, free);
    taken.add(free);
  }
  return next;
}

/** The scroll as the grid saw it at its last render. */
export interface ScrollPace {
  readonly offset: number;
  readonly scrolling: boolean;
  /** This frame's rows are sketches: the status dot and a bar for the name, no text. */
  readonly fling: boolean;
}

export const AT_REST: ScrollPace = { offset: 0, scrolling: false, fling: false };

/**
 * The pace after a render at `offset`. A fling is a scroll that was already moving and has jumped more than
 * a screenful since the last frame: a drag of the scrollbar over 100,000 rows moves tens of screens a second,
 * where no cell can be read, and laying every cell out each frame was most of the frame's time and left
 * Chromium 100-300 MB of layout garbage per pass (kept until a memory-reducing collection). A single jump
 * (End, PageDown, a row revealed from the palette) starts from rest and is drawn whole; rows fill in as soon
 * as the scroll slows below a screenful a frame or stops (the virtualizer's scrolling flag drops 150 ms after
 * the last scroll event). A render that did not move (a poll landing mid-fling) keeps the pace it had.
 */
export function nextPace(prev: ScrollPace, offset: number, scrolling: boolean, viewport: number): ScrollPace {
  if (!scrolling) return { offset, scrolling: false, fling: false };
  if (offset === prev.offset) return prev;
  return { offset, scrolling: true, fling: prev.scrolling && Math.abs(offset - prev.offset) > viewport };
}

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

export function cellDomId(id: Id, key: ColumnKey): string {
  return cellIdInRow(rowDomId(id), key);
}

function cellIdInRow(rowId: string, key: ColumnKey): string {
  return `${rowId}-${key}`;
}

/**
 * A cell's width in its row (headers and rows alike): the column's width, the last column also takes
 * what is left. Rows are flex boxes with fixed widths rather than CSS grids: a grid sizes its tracks again
 * on every layout, and a fast scroll lays out a screenful of rows every frame (Chromium kept about 45 MB
 * of grid sizing garbage per pass over 100,000 devices).
 */
export function cellStyle(width: number, last: boolean): CSSProperties {
  return last ? { width, flexGrow: 1 } : { width };
}

/** What a cell kind's renderer is given: the device, its column's entry and the cell's frame. */
interface CellView {
  d: Device;
  def: DeviceColumn;
  ctx: ColumnContext;
  /** The frame every kind shares: its DOM id, column index, classes and width. */
  frame: { id: string; 'aria-colindex': number; className: string; style: CSSProperties };
  /** Drawn during a fling: the cell keeps its place, no text (nextPace). */
  sketch: boolean;
}

function TextCell({ d, def, ctx, frame, sketch }: CellView) {
  if (sketch) return <div role="gridcell" {...frame} />;
  const text = def.text(d, ctx);
  return (
    <div role="gridcell" {...frame} title={text || undefined}>
      {text}
    </div>
  );
}

/** The device's name; a placeholder when it has none; a bar (no text to lay out) while flung. */
function NameCell({ d, def, ctx, frame, sketch }: CellView) {
  if (sketch) return <div role="gridcell" {...frame} className={`${frame.className} name sketch`} />;
  const text = def.text(d, ctx);
  return (
    <div role="gridcell" {...frame} className={`${frame.className} name`} title={text || undefined}>
      {text || t('common.none')}
    </div>
  );
}

/** A time, with the instant it stands for in the markup. */
function TimeCell({ d, def, ctx, frame, sketch }: CellView) {
  if (sketch) return <div role="gridcell" {...frame} />;
  const text = def.text(d, ctx);
  const instant = def.instant?.(d, ctx);
  return (
    <div role="gridcell" {...frame} title={text || undefined}>
      {text && instant ? <time dateTime={instant}>{text}</time> : text}
    </div>
  );
}

/** A status: its dot, its name, its age and, when a claim of presence is old, the stale warning. */
function StatusCell({ d, ctx, frame, sketch }: CellView) {
  const className = `${frame.className} status status-${statusKind(d)}`;
  if (sketch)
    return (
      <div role="gridcell" {...frame} className={className}>
        <span className="dot" aria-hidden="true" />
      </div>
    );
  const status = statusAge(d, ctx.fetchedAt, ctx.now);
  return (
    <div
      role="gridcell"
      {...frame}
      className={`${className}${status.stale ? ' stale' : ''}`}
      title={status.stale ? `${status.text}. ${t('status.stale')}` : status.text}
    >
      <span className="dot" aria-hidden="true" />
      <span className="status-name">{statusName(d.status)}</span>{' '}
      {status.age && <span className="status-age">· {status.age}</span>}
      {status.stale && <span className="visually-hidden">. {t('status.stale')}</span>}
    </div>
  );
}

/** One renderer per cell kind of the display registry (device-columns.ts): a new kind is asked for here. */
const CELL_VIEWS: Record<CellKind, (props: CellView) => ReactElement> = {
  text: TextCell,
  name: NameCell,
  status: StatusCell,
  time: TimeCell,
  number: TextCell,
};

/** One cell: its column's entry in the registry says which kind draws it. */
export function Cell(props: {
  device: Device;
  /** The row's DOM id (rowDomId), made once per row rather than once per cell. */
  rowId: string;
  column: ColumnKey;
  index: number;
  ctx: ColumnContext;
  active: boolean;
  width: number;
  last: boolean;
  /** Drawn during a fling: the cell keeps its place, no text (nextPace). */
  sketch: boolean;
}) {
  const { device, rowId, column, index, ctx, active, width, last, sketch } = props;
  const def = columnByKey(column)!;
  const frame = {
    id: cellIdInRow(rowId, column),
    'aria-colindex': index + 1,
    className: `cell col-${column}${def.mono ? ' mono' : ''}${active ? ' active-cell' : ''}`,
    style: cellStyle(width, last),
  };
  // Called, not mounted: the renderers hold no state, and a fiber more per cell is felt in a fast scroll.
  return CELL_VIEWS[def.cell]({ d: device, def, ctx, frame, sketch });
}

/**
 * Why there are no rows: the first sync is still on its way, the account has no devices, or the filters
 * match none (with a way out).
 */
export function EmptyRows(props: {
  arrived: boolean;
  total: number;
  filtered: boolean;
  /** Why the rows are few besides filters: a folder chosen in the tree, a saved view open. */
  scope: { folder: 'none' | 'subtree' | 'direct'; view: boolean };
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
  // A folder with nothing in it is empty, not "filtered": there is nothing to clear.
  if (!props.filtered && !props.scope.view && props.scope.folder !== 'none')
    return (
      <p className="empty">
        {t(props.scope.folder === 'direct' ? 'devices.folderEmptyDirect' : 'devices.folderEmpty')}
      </p>
    );
  return (
    <div className="empty">
      <p>{t(props.filtered || !props.scope.view ? 'devices.noMatch' : 'devices.noMatchView')}</p>
      {props.filtered && (
        <button type="button" onClick={props.onClear}>
          {t('devices.clearFilters')}
        </button>
      )}
    </div>
  );
}

export interface RowEvents {
  click(e: MouseEvent, id: Id): void;
  contextMenu(e: MouseEvent, id: Id): void;
  dragStart(e: DragEvent, id: Id): void;
  editAlias(id: Id): void;
}

/**
 * One row. Memoised on its props: the device object is replaced when it changes, `activeCol` is undefined
 * unless the row is the active one (null: the whole row, a number: that cell), so a scroll, a selection
 * elsewhere or a poll that did not touch this device re-renders nothing here.
 */
export const DeviceRow = memo(function DeviceRow(props: {
  device: Device;
  index: number;
  start: number;
  selected: boolean;
  activeCol: number | null | undefined;
  columns: readonly ColumnState[];
  ctx: ColumnContext;
  on: RowEvents;
  sketch: boolean;
}) {
  const { device: d, index, start, selected, activeCol, columns, ctx, on, sketch } = props;
  const id = d.id;
  const rowId = rowDomId(id);
  const active = activeCol !== undefined;
  // Recycled rows show another device on every scroll frame: handlers made per device would be set on
  // the element again each time (React assigns a new onclick for a new onClick), so they are made once
  // per row element and read the device it shows now.
  const shown = useRef(id);
  useLayoutEffect(() => {
    shown.current = id;
  }, [id]);
  const handlers = useMemo(
    () => ({
      onClick: (e: MouseEvent) => on.click(e, shown.current),
      onDoubleClick: () => on.editAlias(shown.current),
      onContextMenu: (e: MouseEvent) => on.contextMenu(e, shown.current),
      onDragStart: (e: DragEvent) => on.dragStart(e, shown.current),
    }),
    [on],
  );
  return (
    <div
      id={rowId}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      // Named by the device (as the technician says it on the phone), then read with its other cells as
      // the description, in the columns' order.
      aria-label={deviceRowLabel(d)}
      aria-describedby={columns
        .filter((c) => c.key !== 'name')
        .map((c) => cellIdInRow(rowId, c.key))
        .join(' ')}
      className={`grid-row${selected ? ' selected' : ''}${active ? ' active' : ''}`}
      style={{ transform: `translateY(${start}px)` }}
      onClick={handlers.onClick}
      onDoubleClick={handlers.onDoubleClick}
      onContextMenu={handlers.onContextMenu}
      draggable
      onDragStart={handlers.onDragStart}
    >
      {columns.map((c, i) => (
        <Cell
          key={c.key}
          device={d}
          rowId={rowId}
          column={c.key}
          index={i}
          ctx={ctx}
          active={active && i === activeCol}
          width={c.width}
          last={i === columns.length - 1}
          sketch={sketch}
        />
      ))}
    </div>
  );
});
