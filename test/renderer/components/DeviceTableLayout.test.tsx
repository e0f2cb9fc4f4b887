// The grid draws only the rows in view, placed by index (use-grid-window.ts): nothing is laid out per row,
// so neither a sort nor a change in the number of rows costs anything in proportion to the rows (the
// virtualizer used before rebuilt a measurement for every row whenever their number changed: 6–25 ms at
// 300,000). A scroll moves the window; the row elements are recycled (keyed by slot), so a scroll of a
// few rows keeps the elements and only refills them.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { renderApp } from '../support/render.js';
import { ADMIN, device } from '../support/fake-bridge.js';
import { ROW_HEIGHT } from '../../../renderer/components/DeviceTable.js';
import {
  OVERSCAN_AT_REST,
  OVERSCAN_SCROLLING,
  SCROLL_SETTLE_MS,
} from '../../../renderer/components/use-grid-window.js';

const VIEWPORT = 600;
// jsdom lays nothing out: the grid's visible height is given here.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'grid' ? VIEWPORT : 0;
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});
afterEach(cleanup);

const ROWS = 3000;
const devices = Array.from({ length: ROWS }, (_, i) =>
  device(String(i + 1), {
    name: `device ${String(i).padStart(4, '0')}`,
    ip: `10.0.${(i * 7919) % 251}.${i % 250}`,
  }),
);

describe('device grid window', () => {
  it('draws the rows in view and a few beyond, by index, through sorts, filters and scrolls', async () => {
    const { stores } = await renderApp({ data: { folders: [], devices, sessions: [], users: [ADMIN] } });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    const body = grid.querySelector<HTMLElement>('.grid-body')!;
    const drawn = () =>
      [...body.querySelectorAll<HTMLElement>('[role="row"]')].map((r) =>
        Number(r.getAttribute('aria-rowindex')),
      );
    const inView = VIEWPORT / ROW_HEIGHT;
    await vi.waitFor(() => expect(drawn().length).toBe(inView + OVERSCAN_AT_REST));
    expect(body.style.height).toBe(`${ROWS * ROW_HEIGHT}px`);
    // aria-rowindex counts the header as row 1.
    expect(Math.min(...drawn())).toBe(2);

    const firstLabel = () => body.querySelector('[aria-rowindex="2"]')?.getAttribute('aria-label');
    const before = firstLabel();
    fireEvent.click(within(within(grid).getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(firstLabel()).not.toBe(before);
    expect(drawn().length).toBe(inView + OVERSCAN_AT_REST);

    // Down 1,000 rows: the window follows, overscan on both sides once the scroll has settled.
    const elements = new Set(body.querySelectorAll('[role="row"]'));
    act(() => {
      grid.scrollTop = 1000 * ROW_HEIGHT;
      fireEvent.scroll(grid);
    });
    // While scrolling: the rows in view, a few ahead, one behind; drawn in elements that were there (their
    // slots recycled), none made anew.
    expect(drawn().sort((a, b) => a - b)).toEqual(
      Array.from({ length: inView + OVERSCAN_SCROLLING + 1 }, (_, i) => 1000 + 2 - 1 + i),
    );
    for (const row of body.querySelectorAll('[role="row"]')) expect(elements.has(row)).toBe(true);
    // Once it has settled: overscan on both sides again.
    await act(() => new Promise((resolve) => setTimeout(resolve, SCROLL_SETTLE_MS + 50)));
    expect(drawn().sort((a, b) => a - b)).toEqual(
      Array.from({ length: inView + 2 * OVERSCAN_AT_REST }, (_, i) => 1000 + 2 - OVERSCAN_AT_REST + i),
    );

    // A filter that leaves one row: the window holds it.
    act(() => stores.uiActions.setFilter({ text: 'device 0042' }));
    await vi.waitFor(() => expect(grid.getAttribute('aria-rowcount')).toBe('2'));
    expect(body.style.height).toBe(`${ROW_HEIGHT}px`);
  });
});
