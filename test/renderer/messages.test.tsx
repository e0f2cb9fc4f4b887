// What the console says after an action: unassigning says so, the same toast merges and leaves in
// seconds, and a filter's result is said in the polite live region.

import { act, fireEvent, screen } from '@testing-library/react';
import { createAppStores } from '../../renderer/state/app-stores.js';
import { TOAST_MS } from '../../renderer/components/Toasts.js';
import { createFakeBridge, device, makeSnapshot } from './support/fake-bridge.js';
import { renderApp } from './support/render.js';

describe('messages', () => {
  it('unassigning says it removed the devices from their folders, not that it moved them', async () => {
    const bridge = createFakeBridge(
      makeSnapshot({
        data: { folders: [], devices: [device('1', { folderId: 'a' })], sessions: [], users: [] },
      }),
    );
    bridge.handle('devices:move', (p) => ({ moved: p.ids, failed: [] }));
    const stores = createAppStores(bridge);
    await stores.start();
    await stores.actions.moveDevices(['1'], null);
    expect(stores.ui.getState().toasts.at(-1)?.text).toBe('Removed 1 device from its folder.');
    await stores.actions.moveDevices(['1'], 'b');
    expect(stores.ui.getState().toasts.at(-1)?.text).toBe('Moved 1 device.');
  });

  it('merges identical toasts into one with a count, and lets it leave in seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { stores } = await renderApp();
      act(() => {
        stores.uiActions.toast('error', 'The service could not be reached.');
        stores.uiActions.toast('error', 'The service could not be reached.');
        stores.uiActions.toast('error', 'The service could not be reached.');
      });
      const region = screen.getByRole('region', { name: 'Notifications' });
      expect(region.querySelectorAll('.toast')).toHaveLength(1);
      expect(region.textContent).toContain('3 times');
      // The live region exists before any text is put in it.
      expect(region.querySelector('[role="log"][aria-live="polite"]')).not.toBeNull();
      act(() => void vi.advanceTimersByTime(TOAST_MS.error + 100));
      expect(region.querySelectorAll('.toast')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the count after a filter in the polite live region, and the screen after a switch', async () => {
    await renderApp({
      data: {
        folders: [],
        devices: [device('1'), device('2', { status: 'offline' })],
        sessions: [],
        users: [],
      },
    });
    const live = document.getElementById('announcer')!;
    expect(live.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '1 offline' }));
    expect(live.textContent).toBe('1 of 2 devices shown');
    fireEvent.keyDown(window, { key: '2', altKey: true });
    expect(live.textContent).toBe('Sessions shown');
  });
});
