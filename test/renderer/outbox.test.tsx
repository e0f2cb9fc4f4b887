// The outbox on the status bar: the waiting count and why, and the conflict dialog's choices, which go to
// the main process as outbox:resolve.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { OutboxState } from '../../shared/outbox.js';
import { renderApp } from './support/render.js';
import { ADMIN, device } from './support/fake-bridge.js';

const waiting = (patch: Partial<OutboxState> = {}): OutboxState => ({
  pending: 2,
  waiting: 'offline',
  items: [],
  conflicts: [],
  batches: [],
  ...patch,
});

describe('outbox indicator', () => {
  it('counts the changes waiting and says what they wait for; nothing when none wait', async () => {
    const { bridge } = await renderApp({ data: { folders: [], devices: [], sessions: [], users: [ADMIN] } });
    const bar = screen.getByRole('contentinfo', { name: 'Status' });
    expect(within(bar).queryByRole('status')).toBeNull();
    act(() => bridge.emit('outbox:state', waiting()));
    expect(within(bar).getByRole('status').textContent).toBe(
      '2 changes waiting — sent when the service is back',
    );
    act(() => bridge.emit('outbox:state', waiting({ pending: 0, waiting: null })));
    expect(within(bar).queryByRole('status')).toBeNull();
  });

  it('shows a conflict with what was seen, what the service holds and what was wanted; the choice goes to main', async () => {
    const { bridge } = await renderApp({
      data: {
        folders: [
          { id: 'f1', name: 'Sales', parentId: null, dateCreation: null },
          { id: 'f2', name: 'Lab', parentId: null, dateCreation: null },
        ],
        devices: [device('7', { name: 'Till 7' })],
        sessions: [],
        users: [ADMIN],
      },
    });
    bridge.handle('outbox:resolve', () => undefined);
    act(() =>
      bridge.emit(
        'outbox:state',
        waiting({
          pending: 1,
          waiting: null,
          conflicts: [
            {
              entryId: 'e1',
              write: { kind: 'device', id: '7', alias: 'Mine', folderId: 'f1' },
              seen: { alias: 'Before', folderId: null },
              theirs: { alias: 'Theirs', folderId: 'f2' },
            },
          ],
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '1 conflict' }));
    const dialog = screen.getByRole('dialog', { name: 'Changed on the service meanwhile' });
    expect(within(dialog).getByText('Till 7')).toBeTruthy();
    // Drawn at the root, not inside the status bar's footer and live region (it would inherit their nowrap
    // and warning colours, and a screen reader would meet it as a second page footer).
    expect(dialog.closest('footer, [role="status"]')).toBeNull();
    const cells = (name: string) =>
      within(within(dialog).getByRole('row', { name: new RegExp(`^${name} `) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // Fields by the forms' names and folders by their names, not "folderId: f2".
    expect(within(dialog).getByRole('columnheader', { name: 'Field' })).toBeTruthy();
    expect(cells('Alias')).toEqual(['Before', 'Theirs', 'Mine']);
    expect(cells('Folder')).toEqual(['Unassigned', 'Lab', 'Sales']);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' })));
    expect(bridge.callsTo('outbox:resolve')).toEqual([{ entryId: 'e1', choice: 'mine' }]);
  });
});

describe('signing out with changes still waiting', () => {
  async function signOutDialog(pending: number) {
    const { bridge, view } = await renderApp();
    if (pending) act(() => bridge.emit('outbox:state', waiting({ pending, waiting: 'offline' })));
    fireEvent.click(screen.getByRole('button', { name: /^Account:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const text = screen.getByRole('dialog', { name: 'Sign out' }).textContent;
    view.unmount();
    return text;
  }

  it('says the offline copy goes, and how many unsent changes go with it', async () => {
    const none = await signOutDialog(0);
    expect(none).toContain("This account's offline copy is removed from this computer.");
    expect(none).not.toContain('not reached the service');
    expect(await signOutDialog(3)).toContain('3 changes have not reached the service yet and will be lost.');
  });
});
