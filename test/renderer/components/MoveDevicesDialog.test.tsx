// The move dialog after a move the service refused in part: the list of refused devices scrolls past a few
// lines, so it takes focus (named by the line above it) and keys scroll it; one "Close" ends the dialog.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render.js';
import { ADMIN, device } from '../support/fake-bridge.js';

describe('the move dialog’s refused devices', () => {
  it('are a focusable, named list, and the dialog has one Close', async () => {
    const devices = Array.from({ length: 30 }, (_, i) => device(String(i + 1), { name: `DESK-${i + 1}` }));
    const { bridge, stores } = await renderApp({
      data: { folders: [], devices, sessions: [], users: [ADMIN] },
    });
    bridge.handle('devices:move', ({ ids }: { ids: string[] }) => ({
      moved: [],
      failed: ids.map((id) => ({ id, error: { kind: 'service', message: 'Refused', httpStatus: 500 } })),
    }));
    act(() => stores.uiActions.openMoveDialog(devices.map((d) => d.id)));
    const dialog = screen.getByRole('dialog', { name: 'Move devices' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Move' })));
    const list = within(dialog).getByRole('list', { name: '30 devices could not be moved:' });
    expect(list.tabIndex).toBe(0);
    // Each refused device by the name the grid shows it by, not its id.
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toMatch(/^DESK-1: /);
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(1);
  });
});
