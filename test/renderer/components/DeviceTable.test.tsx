import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../support/render.js';
import { AT_REST, drawnRows, nextPace, recycleSlots } from '../../../renderer/components/DeviceCells.js';
import { ADMIN, device } from '../support/fake-bridge.js';
import {
  DEFAULT_COLUMNS,
  normaliseColumns,
  sortIdsByColumn,
} from '../../../renderer/domain/device-columns.js';

const devices = [
  device('1', { name: 'alpha', ram: 8192, mac: 'AA:00:00:00:00:01' }),
  device('2', { name: 'bravo', ram: 1024, mac: null }),
  device('3', { name: 'charlie', ram: null, mac: '00:00:00:00:00:03' }),
];
const data = { folders: [], devices, sessions: [], users: [ADMIN] };

afterEach(cleanup);

const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const headers = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[▲▼]/g, ''));

describe('device grid from its column table', () => {
  it('shows the chosen columns in order, with aria-colcount, cells and their widths from one table', async () => {
    const { stores } = await renderApp({ data });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    expect(grid.getAttribute('aria-colcount')).toBe(String(DEFAULT_COLUMNS.length));
    act(() =>
      stores.uiActions.setColumns([
        { key: 'name', width: 150 },
        { key: 'ram', width: 90 },
        { key: 'mac', width: 160 },
      ]),
    );
    expect(headers(grid)).toEqual(['Name', 'RAM', 'MAC']);
    expect(grid.getAttribute('aria-colcount')).toBe('3');
    const alpha = within(grid).getByRole('row', { name: 'alpha' });
    // Headers and cells share each column's width; the last column also takes what is left.
    const widths = (cells: HTMLElement[]) => cells.map((c) => `${c.style.width} ${c.style.flexGrow}`);
    const sized = ['150px ', '90px ', '160px 1'];
    expect(widths(within(grid).getAllByRole('columnheader'))).toEqual(sized);
    expect(widths(within(alpha).getAllByRole('gridcell'))).toEqual(sized);
    expect(
      within(alpha)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['alpha', '8 GB', 'AA:00:00:00:00:01']);
    expect(
      within(alpha)
        .getAllByRole('gridcell')
        .map((c) => c.getAttribute('aria-colindex')),
    ).toEqual(['1', '2', '3']);
    // The row is described by its other cells, so a screen reader reads them with the name.
    const described = alpha
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['8 GB', 'AA:00:00:00:00:01']);

    act(() => stores.uiActions.moveColumn('mac', -1));
    expect(headers(grid)).toEqual(['Name', 'MAC', 'RAM']);
    act(() => stores.uiActions.toggleColumn('ram'));
    expect(headers(grid)).toEqual(['Name', 'MAC']);
  });

  it('sorts by any column, empty values last', async () => {
    const { stores } = await renderApp({ data });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    act(() =>
      stores.uiActions.setColumns([
        { key: 'name', width: 150 },
        { key: 'ram', width: 90 },
      ]),
    );
    fireEvent.click(within(within(grid).getByRole('columnheader', { name: /RAM/ })).getByRole('button'));
    const names = () =>
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label'));
    expect(names()).toEqual(['bravo', 'alpha', 'charlie']);
    fireEvent.click(within(within(grid).getByRole('columnheader', { name: /RAM/ })).getByRole('button'));
    expect(names()).toEqual(['alpha', 'bravo', 'charlie']);
  });

  it('a recycled row acts on the device it shows now (click, context menu)', async () => {
    const { stores } = await renderApp({ data });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    const first = () =>
      within(grid)
        .getAllByRole('row')
        .find((r) => r.getAttribute('aria-rowindex') === '2')!;
    const element = first();
    expect(element.getAttribute('aria-label')).toBe('alpha');
    fireEvent.click(element);
    expect([...stores.ui.getState().selectedDeviceIds]).toEqual(['1']);
    // Sorted the other way, the same row element shows charlie: its handlers must follow.
    fireEvent.click(within(within(grid).getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(first()).toBe(element);
    expect(element.getAttribute('aria-label')).toBe('charlie');
    // A right click outside the selection selects the row's device.
    fireEvent.contextMenu(element);
    expect([...stores.ui.getState().selectedDeviceIds]).toEqual(['3']);
    fireEvent.click(within(within(grid).getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(element.getAttribute('aria-label')).toBe('alpha');
    fireEvent.click(element, { ctrlKey: true });
    expect([...stores.ui.getState().selectedDeviceIds].sort()).toEqual(['1', '3']);
  });

  it('draws rows beyond both edges at rest, and only ahead of a scroll while scrolling', () => {
    const range = { startIndex: 100, endIndex: 120, overscan: 4, count: 1000 };
    expect(drawnRows(range, null)).toEqual(span(96, 124));
    expect(drawnRows(range, 'forward')).toEqual(span(99, 124));
    expect(drawnRows(range, 'backward')).toEqual(span(96, 121));
    expect(drawnRows({ ...range, startIndex: 0, endIndex: 20 }, 'backward')).toEqual(span(0, 21));
    expect(drawnRows({ ...range, startIndex: 979, endIndex: 999 }, 'forward')).toEqual(span(978, 999));
  });

  it('keeps a drawn row in its slot and gives incoming rows the slots freed, whatever the count', () => {
    const at = (m: Map<number, number>, indices: number[]) => indices.map((i) => m.get(i));
    const first = recycleSlots(new Map(), span(10, 14));
    expect(at(first, span(10, 14))).toEqual([0, 1, 2, 3, 4]);
    // One row on: four keep their slots, the new row takes the one that left.
    const one = recycleSlots(first, span(11, 15));
    expect(at(one, span(11, 15))).toEqual([1, 2, 3, 4, 0]);
    // A jump with one row more: the five slots reused, one more made.
    const jump = recycleSlots(one, span(500, 505));
    expect(new Set(jump.values())).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    // And one fewer: still no slot beyond those.
    const fewer = recycleSlots(jump, span(900, 903));
    expect(Math.max(...fewer.values())).toBeLessThan(6);
    expect(new Set(fewer.values()).size).toBe(4);
    // The same rows again: the same slots (a render run twice agrees with itself).
    expect(recycleSlots(fewer, span(900, 903))).toEqual(fewer);
  });

  it('sketches rows only while a moving scroll jumps more than a screenful a frame', () => {
    const screen = 600;
    // A jump from rest (End, PageDown, a revealed row) is drawn whole, however far.
    const jump = nextPace(AT_REST, 90_000, true, screen);
    expect(jump.fling).toBe(false);
    // The next frame of a drag, three screens on: a fling.
    const fling = nextPace(jump, 91_800, true, screen);
    expect(fling.fling).toBe(true);
    // A render that did not move (a poll landing mid-fling) keeps it.
    expect(nextPace(fling, 91_800, true, screen)).toBe(fling);
    // Slower than a screenful a frame: whole rows again, backwards as well.
    expect(nextPace(fling, 91_800 - screen, true, screen).fling).toBe(false);
    expect(nextPace(jump, 90_000 - screen - 1, true, screen).fling).toBe(true);
    // Stopped: whole.
    expect(nextPace(fling, 91_800, false, screen)).toEqual({
      offset: 91_800,
      scrolling: false,
      fling: false,
    });
  });

  it('moves a cell cursor with Left/Right and names the cell as active descendant', async () => {
    await renderApp({ data });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(grid.getAttribute('aria-activedescendant')).toBe('device-row-1');
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(grid.getAttribute('aria-activedescendant')).toBe('device-row-1-alias');
    fireEvent.keyDown(grid, { key: 'End' });
    expect(grid.getAttribute('aria-activedescendant')).toBe('device-row-1-folder');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(grid.getAttribute('aria-activedescendant')).toBe('device-row-2-folder');
    fireEvent.keyDown(grid, { key: 'Home' });
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    expect(grid.getAttribute('aria-activedescendant')).toBe('device-row-2');
  });

  it('resizes a column from its header with Alt+Right, within the column floor', async () => {
    const { stores } = await renderApp({ data });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    const button = within(within(grid).getByRole('columnheader', { name: /Alias/ })).getByRole('button');
    fireEvent.keyDown(button, { key: 'ArrowRight', altKey: true });
    expect(stores.ui.getState().deviceColumns.find((c) => c.key === 'alias')!.width).toBe(156);
    for (let i = 0; i < 20; i++) fireEvent.keyDown(button, { key: 'ArrowLeft', altKey: true });
    expect(stores.ui.getState().deviceColumns.find((c) => c.key === 'alias')!.width).toBe(60);
  });

  it('normalises stored columns', () => {
    expect(
      normaliseColumns([
        { key: 'nope', width: 10 },
        { key: 'ip', width: 5 },
        { key: 'ip', width: 300 },
      ]),
    ).toEqual([{ key: 'ip', width: 60 }]);
    expect(normaliseColumns([])).toEqual(DEFAULT_COLUMNS);
    const map = new Map(devices.map((d) => [d.id, d]));
    const ctx = { folderName: () => undefined, fetchedAt: null, now: 0 };
    expect(sortIdsByColumn(map, 'mac', 'desc', ctx)).toEqual(['1', '3', '2']);
  });
});
