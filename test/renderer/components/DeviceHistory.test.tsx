// A history export is written on the display clock the screen uses: this computer's zone by default, the
// account's fixed offset when Settings says so (the main side formats either; see status-handlers.ts).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../support/render.js';
import { ADMIN, device } from '../support/fake-bridge.js';
import { exportHistory } from '../../../renderer/components/DeviceHistory.js';
import { computerZoneName, parseGmtOffset, setDisplayOffset } from '../../../renderer/domain/time-zone.js';

type ExportStores = Parameters<typeof exportHistory>[0];

function recordingStores(asked: unknown[]): ExportStores {
  const refused = {
    ok: false as const,
    error: { kind: 'validation' as const, message: 'no', retryable: false },
  };
  return {
    client: {
      status: {
        historyExport: async (payload: unknown) => {
          asked.push(payload);
          return refused;
        },
      },
    },
    actions: { reportFailure: (r: unknown) => r },
  } as unknown as ExportStores;
}

afterEach(() => {
  setDisplayOffset(null);
  cleanup();
});

describe('exportHistory', () => {
  it('asks for the computer’s zone on the computer’s clock and the account’s offset on the account’s', async () => {
    const asked: unknown[] = [];
    await exportHistory(recordingStores(asked), { kind: 'device', id: '7' });
    setDisplayOffset(parseGmtOffset('(GMT+05:30)'));
    await exportHistory(recordingStores(asked), { kind: 'folder', id: '3' });
    expect(asked).toEqual([
      { target: { kind: 'device', id: '7' }, days: 30, zone: computerZoneName() },
      { target: { kind: 'folder', id: '3' }, days: 30, zone: 'GMT+05:30' },
    ]);
  });
});

describe('the device panel’s export', () => {
  it('can be cancelled while it runs: the main side is told to stop, and nothing is downloaded', async () => {
    const { bridge, stores } = await renderApp({
      data: { folders: [], devices: [device('1', { name: 'alpha' })], sessions: [], users: [ADMIN] },
    });
    bridge.handle('history:device', ({ deviceId }) => {
      const to = Date.now();
      return {
        deviceId,
        status: 'online',
        since: to - 3_600_000,
        sinceExact: true,
        flapping: false,
        from: to - 86_400_000,
        to,
        bars: [],
        uptimePercent: null,
        transitions: [],
      };
    });
    bridge.handle('history:export', () => new Promise(() => {})); // the main side still reading
    act(() => stores.uiActions.selectDevice('1'));
    const panel = await screen.findByRole('complementary', { name: 'Device details' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Export CSV' }));
    fireEvent.click(await within(panel).findByRole('button', { name: 'Cancel export' }));
    await within(panel).findByRole('button', { name: 'Export CSV' });
    const [asked] = bridge.callsTo('history:export');
    await waitFor(() => expect(bridge.callsTo('app:cancel')).toEqual([{ callId: asked?.callId }]));
    // Cancelled on purpose: no error toast.
    expect(stores.ui.getState().toasts).toEqual([]);
  });
});
