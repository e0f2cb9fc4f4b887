// The grid's virtualizer lays its rows out again only when their number changes: a sort (same rows, another
// order) reuses the layout. At 300,000 devices a layout is 300,000 measurements, and laying out again on
// every sort cost 10-30 ms per click (first-click-profile.ts --passes 2). Counted here through the
// virtualizer's size callback, which it asks once per row it lays out.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import type * as ReactVirtual from '@tanstack/react-virtual';
import { renderApp } from '../support/render.js';
import { ADMIN, device } from '../support/fake-bridge.js';

let sized = 0;
vi.mock('@tanstack/react-virtual', async (importOriginal) => {
  const original = await importOriginal<typeof ReactVirtual>();
  return {
    ...original,
    useVirtualizer: ((options: Parameters<typeof original.useVirtualizer>[0]) =>
      original.useVirtualizer({
        ...options,
        estimateSize: (index: number) => {
          sized++;
          return options.estimateSize(index);
        },
      })) as typeof original.useVirtualizer,
  };
});

afterEach(cleanup);

const ROWS = 3000;
const devices = Array.from({ length: ROWS }, (_, i) =>
  device(String(i + 1), {
    name: `device ${String(i).padStart(4, '0')}`,
    ip: `10.0.${(i * 7919) % 251}.${i % 250}`,
  }),
);

describe('device grid layout', () => {
  it('a sort reuses the rows layout; a change in their number lays them out again', async () => {
    const { stores } = await renderApp({ data: { folders: [], devices, sessions: [], users: [ADMIN] } });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    expect(sized).toBeGreaterThanOrEqual(ROWS);
    const label = () =>
      within(grid)
        .getAllByRole('row')
        .find((r) => r.getAttribute('aria-rowindex') === '2')
        ?.getAttribute('aria-label');
    const before = label();
    sized = 0;
    const sortBy = (name: RegExp) =>
      fireEvent.click(within(within(grid).getByRole('columnheader', { name })).getByRole('button'));
    sortBy(/Name/);
    // The order shown did change (the first row is another device) without a layout of every row.
    const reversed = label();
    expect(reversed).not.toBe(before);
    sortBy(/IP/);
    expect(label()).not.toBe(reversed);
    expect(sized).toBeLessThan(ROWS);
    // A filter that leaves fewer rows is a new layout.
    act(() => stores.uiActions.setFilter({ text: 'device 0042' }));
    await vi.waitFor(() => expect(grid.getAttribute('aria-rowcount')).toBe('2'));
    expect(sized).toBeGreaterThan(0);
  });
});
