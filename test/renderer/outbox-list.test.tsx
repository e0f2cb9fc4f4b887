// The outbox's list of waiting edits on the status bar: what, on which item, since when and its state;
// a waiting one is cancelled through outbox:cancel (and says so when it was too late), a refused one is
// retried or dropped.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { OutboxItem, OutboxState } from '../../shared/outbox.js';
import { renderApp } from './support/render.js';
import { ADMIN, device } from './support/fake-bridge.js';

const queuedAt = new Date(Date.now() - 5 * 60_000).toISOString();
const items: OutboxItem[] = [
  {
    id: 'e1',
    write: { kind: 'device', id: '7', alias: 'Front desk' },
    state: 'queued',
    batchId: null,
    attempts: 1,
    queuedAt,
  },
  {
    id: 'e2',
    write: { kind: 'device', id: '8', folderId: null },
    state: 'failed',
    batchId: null,
    attempts: 3,
    queuedAt,
    error: { kind: 'validation', message: 'No such device.', retryable: false },
  },
  // A bulk change's write: steered from its own panel, not listed here.
  {
    id: 'b1',
    write: { kind: 'device', id: '9', alias: 'x' },
    state: 'queued',
    batchId: 'B',
    attempts: 0,
    queuedAt,
  },
];
const state: OutboxState = { pending: 2, waiting: 'offline', items, conflicts: [], batches: [] };

describe('outbox list', () => {
  it('lists each waiting edit with what, on which item, since when; cancels, retries and drops', async () => {
    const { bridge } = await renderApp({
      data: {
        folders: [],
        devices: [device('7', { name: 'Till 7' }), device('8', { name: 'Till 8' })],
        sessions: [],
        users: [ADMIN],
      },
    });
    let late = false;
    bridge.handle('outbox:cancel', () => ({ cancelled: !late }));
    bridge.handle('outbox:retry', () => ({ requeued: 1 }));
    bridge.handle('outbox:discard', () => undefined);
    act(() => bridge.emit('outbox:state', state));
    fireEvent.click(screen.getByRole('button', { name: 'Show the waiting changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Waiting changes' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\s+/g, ' ').trim());
    expect(cells(rows[0]!).slice(0, 2)).toEqual(['Alias “Front desk”', 'Till 7']);
    expect(cells(rows[0]!)[2]).toMatch(/\(5 min ago\)$/);
    expect(cells(rows[0]!)[3]).toBe('Waiting');
    expect(cells(rows[1]!).slice(0, 4)).toEqual([
      'Remove from its folder',
      'Till 8',
      expect.stringMatching(/ago/),
      'Refused: Some of the details were not accepted. Check them, then try again.',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Alias “Front desk” on Till 7' }));
    await vi.waitFor(() => expect(bridge.callsTo('outbox:cancel')).toEqual([{ entryId: 'e1' }]));
    // Too late: it was being sent meanwhile, and the technician is told.
    late = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Alias “Front desk” on Till 7' }));
    await screen.findByText('That change was already being sent: it can no longer be cancelled.');

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Retry' }));
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Discard' }));
    await vi.waitFor(() => expect(bridge.callsTo('outbox:discard')).toEqual([{ entryId: 'e2' }]));
    expect(bridge.callsTo('outbox:retry')).toEqual([{ entryId: 'e2' }]);
    // Neither a sending nor a refused edit offers Cancel.
    expect(within(rows[1]!).queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });
});
