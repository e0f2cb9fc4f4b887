// A bulk change in the outbox as the renderer shows it: on the status bar while running, paused or holding
// failures (so one started before a restart can be found), and in its dialog with the failures and the
// pause / resume / cancel / retry that go to main as bulk:* calls.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { BulkProgress, OutboxState } from '../../shared/outbox.js';
import { renderApp } from './support/render.js';
import { ADMIN, device } from './support/fake-bridge.js';

const job = (patch: Partial<BulkProgress> = {}): BulkProgress => ({
  id: 'b1',
  label: 'Move 3 devices to Lab',
  total: 3,
  done: 1,
  failed: 0,
  cancelled: 0,
  pending: 2,
  state: 'paused',
  failures: [],
  undoable: true,
  ...patch,
});
const state = (batches: BulkProgress[]): OutboxState => ({
  pending: 0,
  waiting: null,
  items: [],
  conflicts: [],
  batches,
});

describe('bulk changes on the status bar', () => {
  it('lists a paused change and resumes it from its dialog; a finished one without failures leaves the bar', async () => {
    const { bridge } = await renderApp({ data: { folders: [], devices: [], sessions: [], users: [ADMIN] } });
    bridge.handle('bulk:resume', () => job({ state: 'running' }));
    const bar = screen.getByRole('contentinfo', { name: 'Status' });
    act(() => bridge.emit('outbox:state', state([job()])));
    const line = within(bar).getByRole('button', { name: 'Move 3 devices to Lab: 1 of 3 (Paused)' });
    fireEvent.click(line);
    const dialog = screen.getByRole('dialog', { name: 'Move 3 devices to Lab' });
    expect(within(dialog).getByTestId('bulk-status').textContent).toBe('Paused 1 of 3 done, 0 failed');
    // One way to close it, in its footer: no second "Close" in its header.
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Pause' })).toBeNull();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Resume' })));
    expect(bridge.callsTo('bulk:resume')).toEqual([{ batchId: 'b1' }]);

    act(() => bridge.emit('outbox:state', state([job({ done: 3, pending: 0, state: 'finished' })])));
    // Its dialog stays open to show the end; the bar no longer lists it.
    expect(within(dialog).getByTestId('bulk-status').textContent).toBe('Finished 3 of 3 done, 0 failed');
    expect(within(bar).queryByRole('button', { name: /Move 3 devices to Lab:/ })).toBeNull();
  });

  it('shows each refused device with why, retries the failed ones or gives up on them', async () => {
    const { bridge } = await renderApp({
      data: { folders: [], devices: [device('7', { name: 'Till 7' })], sessions: [], users: [ADMIN] },
    });
    bridge.handle('bulk:retry', () => job({ state: 'running', failed: 0 }));
    const failed = job({
      done: 2,
      failed: 1,
      pending: 0,
      state: 'finished',
      failures: [
        {
          entryId: 'e7',
          itemId: '7',
          error: { kind: 'service', message: 'Internal server error', httpStatus: 500 },
        },
      ],
    });
    act(() => bridge.emit('outbox:state', state([failed])));
    fireEvent.click(screen.getByRole('button', { name: 'Move 3 devices to Lab: 2 of 3 (Finished)' }));
    const dialog = screen.getByRole('dialog', { name: 'Move 3 devices to Lab' });
    const failures = within(dialog).getByRole('region', { name: 'Not changed' });
    expect(failures.textContent).toContain('Till 7: ');
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Retry the failed ones' })),
    );
    expect(bridge.callsTo('bulk:retry')).toEqual([{ batchId: 'b1' }]);
    // Or given up on: each listed failure is discarded.
    bridge.handle('outbox:discard', () => undefined);
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Give up on the failed ones' })),
    );
    expect(bridge.callsTo('outbox:discard')).toEqual([{ entryId: 'e7' }]);
  });
});
