// Which rows of the device grid are drawn, for rows of one height: the window over the rows, the scroll's
// pace, the recycled row slots, and scrolling a row into view.
//
// Why not a virtualizer library: the one used before (@tanstack/react-virtual) keeps a measurement for
// every row and rebuilds them all whenever the row count changes, as it serves rows of any height. At
// 300,000 devices that was 6–25 ms and an array of 300,000 entries (Node, virtual-core 3.19) for every
// part of a sync the grid grows by and every search keystroke that changes how many rows match. With one
// height a row's place is its index times that height: nothing is kept per row, a change of count costs
// nothing.
//
// Kept from it, as the grid relies on them: the scrolling flag drops SCROLL_SETTLE_MS after the last
// scroll event; the direction is the last move's while scrolling; a scroll event re-renders at once
// (flushSync), so the rows drawn never lag the scroll by a frame; a row scrolled into view moves the
// scroll the least that shows it whole ("auto"), and not at all when it is. The window is state, updated
// by the scroll, the element's size and the row count (the one adjusted while rendering, as React's
// "adjusting state when a prop changes" does), so each render reads it and keeps nothing of its own.

import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** How long after the last scroll event the scroll counts as over. */
export const SCROLL_SETTLE_MS = 150;

export type ScrollDirection = 'forward' | 'backward';

/** The rows in view (first and last index) and what the caller draws around them. */
export interface RowRange {
  startIndex: number;
  endIndex: number;
  overscan: number;
  count: number;
}

/** A drawn row: its index, its top in the grid's body, and the recycled slot that keys its element. */
export interface DrawnRow {
  index: number;
  start: number;
  slot: number;
}

/** Rows drawn beyond each edge at rest (what a short scroll or a key brings in next is already there). */
export const OVERSCAN_AT_REST = 12;
/**
 * Rows drawn ahead while scrolling; one behind. Every row drawn is laid out again on every frame of a fast
 * scroll, and Chromium keeps that layout's garbage until a collection: 12 on both sides nearly doubled the
 * rows laid out per frame (and the renderer's memory after one pass over 100,000 devices).
 */
export const OVERSCAN_SCROLLING = 4;

/** The rows drawn: `overscan` beyond both edges at rest; while scrolling, ahead of the scroll and one behind. */
export function drawnRows(range: RowRange, scrolling: ScrollDirection | null): number[] {
  const behind = scrolling === 'forward' ? 1 : range.overscan;
  const ahead = scrolling === 'backward' ? 1 : range.overscan;
  const start = Math.max(0, range.startIndex - behind);
  const end = Math.min(range.count - 1, range.endIndex + ahead);
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
 * as the scroll slows below a screenful a frame or stops (the scrolling flag drops 150 ms after the last scroll
 * event: use-grid-window.ts). A render that did not move (a poll landing mid-fling) keeps the pace it had.
 */
export function nextPace(prev: ScrollPace, offset: number, scrolling: boolean, viewport: number): ScrollPace {
  if (!scrolling) return { offset, scrolling: false, fling: false };
  if (offset === prev.offset) return prev;
  return { offset, scrolling: true, fling: prev.scrolling && Math.abs(offset - prev.offset) > viewport };
}

interface GridWindow {
  count: number;
  offset: number;
  viewport: number;
  direction: ScrollDirection | null;
  pace: ScrollPace;
  rows: DrawnRow[];
  slots: ReadonlyMap<number, number>;
}

/** The rows in view at `offset` in a viewport of `viewport` px; null when there are none. */
export function rowRange(
  count: number,
  rowHeight: number,
  offset: number,
  viewport: number,
  overscan: number,
): RowRange | null {
  if (count === 0) return null;
  const startIndex = Math.min(count - 1, Math.max(0, Math.floor(offset / rowHeight)));
  // The last row whose top is above the viewport's bottom edge (at least the first).
  const endIndex = Math.min(count - 1, Math.max(startIndex, Math.ceil((offset + viewport) / rowHeight) - 1));
  return { startIndex, endIndex, overscan, count };
}

/** Where to scroll so that the row from `start` to `end` shows whole; null when it does already. */
export function offsetToShow(start: number, end: number, offset: number, viewport: number): number | null {
  if (start < offset) return start;
  if (end > offset + viewport) return Math.max(0, end - viewport);
  return null;
}

/** The window with its rows drawn again for what changed; the slots of rows still drawn are kept. */
function drawn(w: Omit<GridWindow, 'rows'>, rowHeight: number): GridWindow {
  const scrolling = w.pace.scrolling;
  const range = rowRange(
    w.count,
    rowHeight,
    w.offset,
    w.viewport,
    scrolling ? OVERSCAN_SCROLLING : OVERSCAN_AT_REST,
  );
  const indices = range ? drawnRows(range, scrolling ? w.direction : null) : [];
  const slots = recycleSlots(w.slots, indices);
  return {
    ...w,
    slots,
    rows: indices.map((index) => ({ index, start: index * rowHeight, slot: slots.get(index)! })),
  };
}

export function useGridWindow(
  count: number,
  rowHeight: number,
  scrollRef: RefObject<HTMLElement | null>,
): {
  rows: DrawnRow[];
  totalSize: number;
  /** This frame's rows are sketches (nextPace): a fling, where no cell can be read. */
  fling: boolean;
  scrollToIndex(index: number): void;
} {
  const [w, setW] = useState<GridWindow>(() =>
    drawn({ count, offset: 0, viewport: 0, direction: null, pace: AT_REST, slots: new Map() }, rowHeight),
  );
  // The row count is a prop: the window follows it in this render, not one render later.
  let shown = w;
  if (w.count !== count) {
    shown = drawn({ ...w, count }, rowHeight);
    setW(shown);
  }

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    setW((prev) => drawn({ ...prev, offset: el.scrollTop, viewport: el.clientHeight }, rowHeight));
    const onScroll = () => {
      const offset = el.scrollTop;
      clearTimeout(settle);
      settle = setTimeout(
        () =>
          setW((prev) =>
            drawn(
              { ...prev, direction: null, pace: nextPace(prev.pace, prev.offset, false, prev.viewport) },
              rowHeight,
            ),
          ),
        SCROLL_SETTLE_MS,
      );
      flushSync(() =>
        setW((prev) => {
          if (offset === prev.offset && prev.pace.scrolling) return prev;
          const direction =
            offset === prev.offset ? prev.direction : offset > prev.offset ? 'forward' : 'backward';
          return drawn(
            { ...prev, offset, direction, pace: nextPace(prev.pace, offset, true, prev.viewport) },
            rowHeight,
          );
        }),
      );
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const resized =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() =>
            setW((prev) =>
              el.clientHeight === prev.viewport
                ? prev
                : drawn({ ...prev, viewport: el.clientHeight }, rowHeight),
            ),
          );
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized?.disconnect();
      clearTimeout(settle);
    };
  }, [scrollRef, rowHeight]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const el = scrollRef.current;
      if (!el || index < 0) return;
      const to = offsetToShow(index * rowHeight, (index + 1) * rowHeight, el.scrollTop, el.clientHeight);
      if (to !== null) el.scrollTop = to;
    },
    [scrollRef, rowHeight],
  );

  return { rows: shown.rows, totalSize: count * rowHeight, fling: shown.pace.fling, scrollToIndex };
}
