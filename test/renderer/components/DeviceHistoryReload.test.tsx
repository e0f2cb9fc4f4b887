// An open device panel asks the main side for that device's history again only when that device (or its
// status-history row) changed: a poll that changes other devices of 100,000 asks nothing.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { SinceRows } from '../../../shared/status-history.js';
import { renderApp } from '../support/render.js';
import { ADMIN, device } from '../support/fake-bridge.js';

afterEach(cleanup);

const devices = [device('1', { name: 'alpha' }), device('2', { name: 'bravo' })];

function change(changed: ReturnType<typeof device>[]) {
  return {
    dataset: 'devices' as const,
    reset: false,
    added: [],
    changed,
    removed: [],
    fetchedAt: '2026-11-21T10:01:00Z',
  };
}

describe('DeviceHistory re-reads', () => {
  it('only when the open device or its since row changed', async () => {
    const { bridge, stores } = await renderApp({
      data: { folders: [], devices, sessions: [], users: [ADMIN] },
    });
    act(() => stores.uiActions.selectDevice('1'));
    await screen.findByRole('complementary', { name: 'Device details' });
    const asked = () => bridge.callsTo('history:device').filter((p) => p.deviceId === '1').length;
    await waitFor(() => expect(asked()).toBe(1));

    act(() => bridge.emit('data:change', change([device('2', { name: 'bravo', status: 'offline' })])));
    act(() => bridge.emit('data:change', { ...change([]), since: sinceRows('2') }));
    await new Promise((r) => setTimeout(r, 50));
    expect(asked()).toBe(1);

    act(() => bridge.emit('data:change', change([device('1', { name: 'alpha', status: 'offline' })])));
    await waitFor(() => expect(asked()).toBe(2));
    act(() => bridge.emit('data:change', { ...change([]), since: sinceRows('1') }));
    await waitFor(() => expect(asked()).toBe(3));
  });
});

/** One device's row, as a change carries it alone (the main side's SinceStream). */
function sinceRows(id: string): SinceRows {
  return {
    full: false,
    removed: [],
    more: false,
    ids: [id],
    since: [Date.parse('2026-11-21T10:01:00Z')],
    exact: [1],
    flapUntil: [0],
  };
}
