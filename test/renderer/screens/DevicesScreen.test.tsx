import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FolderNode } from '../../../shared/ipc/contract.js';
import { statusAge } from '../../../renderer/domain/device-status.js';
import { renderApp } from '../support/render.js';
import { ADMIN, device, makeSync, signedIn } from '../support/fake-bridge.js';

const folder = (id: string, name: string, parentId: string | null = null): FolderNode => ({
  id,
  name,
  parentId,
  dateCreation: null,
});

const folders = [folder('a', 'Acme'), folder('b', 'Berlin', 'a'), folder('c', 'Zeta')];
const devices = [
  device('1', { name: 'alpha', folderId: 'a' }),
  device('2', { name: 'bravo', folderId: 'a', status: 'offline' }),
  device('3', { name: 'charlie', folderId: 'b' }),
  device('4', { name: 'delta', folderId: null, status: 'busy' }),
];
const data = { folders, devices, sessions: [], users: [ADMIN] };

const UNREACHABLE = 'The service could not be reached. Check the network connection, then try again.';
describe('devices screen', () => {
  it('shows counts and rows, selects with the keyboard, and keeps the selection across a data change', async () => {
    const { bridge, stores } = await renderApp({ data });
    const counts = screen.getByRole('group', { name: 'Device counts' });
    expect(counts.textContent).toContain('4 devices');
    expect(within(counts).getByRole('button', { name: '2 online' })).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Devices' });
    expect(within(grid).getAllByRole('row').length).toBe(5); // header + 4
    expect(within(grid).getByRole('row', { name: 'bravo' }).textContent).toContain('Offline');

    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown', shiftKey: true });
    expect([...stores.ui.getState().selectedDeviceIds].sort()).toEqual(['1', '2']);
    expect(within(grid).getByRole('row', { name: 'bravo' }).getAttribute('aria-selected')).toBe('true');
    expect(grid.getAttribute('aria-activedescendant')).toBe('device-row-2');

    act(() =>
      bridge.emit('data:change', {
        dataset: 'devices',
        reset: false,
        added: [device('5', { name: 'echo' })],
        changed: [device('1', { name: 'alpha', folderId: 'a', status: 'busy' })],
        removed: ['4'],
        fetchedAt: null,
      }),
    );
    expect([...stores.ui.getState().selectedDeviceIds].sort()).toEqual(['1', '2']);
    expect(within(grid).queryByRole('row', { name: 'delta' })).toBeNull();
    expect(within(grid).getByRole('row', { name: 'echo' })).toBeTruthy();

    fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    expect(stores.ui.getState().selectedDeviceIds.size).toBe(4);
  });

  it('sorts by a column header with aria-sort and filters by search text', async () => {
    await renderApp({ data });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    const nameHeader = within(grid).getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    const names = within(grid)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.getAttribute('aria-label'));
    expect(names).toEqual(['delta', 'charlie', 'bravo', 'alpha']);

    const search = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search devices' });
    fireEvent.change(search, { target: { value: 'char' } });
    // The field shows the text at once; the list follows when typing pauses (filtering 100,000 devices
    // on every keystroke would make typing lag).
    expect(search.value).toBe('char');
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.getAttribute('aria-label')),
      ).toEqual(['charlie']),
    );
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(search.value).toBe('');
    expect(within(grid).getAllByRole('row')).toHaveLength(5);
  });

  it('edits the alias inline: Enter saves through devices:set-alias, Escape cancels', async () => {
    const { bridge } = await renderApp({ data });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    // No selection, no detail pane: the grid has the width.
    expect(screen.queryByRole('complementary', { name: 'Device details' })).toBeNull();
    fireEvent.click(within(grid).getByRole('row', { name: 'bravo' }));
    const detail = screen.getByRole('complementary', { name: 'Device details' });
    expect(within(detail).getByText('8 GB')).toBeTruthy();
    expect(within(detail).getByText('00:1A:2B:3C:4D:5E')).toBeTruthy();

    fireEvent.click(within(detail).getByRole('button', { name: 'Edit alias' }));
    let input = within(detail).getByRole('textbox', { name: 'Alias' });
    fireEvent.change(input, { target: { value: 'ignored' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(within(detail).queryByRole('textbox', { name: 'Alias' })).toBeNull();
    expect(bridge.callsTo('devices:set-alias')).toHaveLength(0);

    fireEvent.click(within(detail).getByRole('button', { name: 'Edit alias' }));
    input = within(detail).getByRole('textbox', { name: 'Alias' });
    fireEvent.change(input, { target: { value: '  Front desk  ' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(bridge.callsTo('devices:set-alias')).toEqual([{ id: '2', alias: 'Front desk' }]);
    expect(within(detail).queryByRole('textbox', { name: 'Alias' })).toBeNull();

    fireEvent.click(within(detail).getByRole('button', { name: /^Close the details/ }));
    expect(screen.queryByRole('complementary', { name: 'Device details' })).toBeNull();
  });

  it('moves the selection through the move dialog and reports failures', async () => {
    const { bridge } = await renderApp({ data });
    bridge.handle('devices:move', (p) => ({
      moved: p.ids.slice(1),
      failed: [
        { id: p.ids[0]!, error: { kind: 'service', code: 1000, message: 'That device no longer exists.' } },
      ],
    }));
    const grid = screen.getByRole('grid', { name: 'Devices' });
    fireEvent.click(within(grid).getByRole('row', { name: 'alpha' }));
    fireEvent.click(within(grid).getByRole('row', { name: 'bravo' }), { ctrlKey: true });
    fireEvent.keyDown(grid, { key: 'm' });
    const dialog = screen.getByRole('dialog', { name: 'Move devices' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Destination folder' }), {
      target: { value: 'c' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Move' })));
    expect(bridge.callsTo('devices:move')).toEqual([{ ids: ['1', '2'], folderId: 'c' }]);
    expect(within(dialog).getByText('Moved 1 of 2 devices.')).toBeTruthy();
    // The sentence says what to do; the service's code is kept apart, for support, not appended.
    expect(
      within(dialog).getByText(/This device no longer exists on the service\. Refresh the device list\./),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/\(1000\)/)).toBeNull();
    expect(within(dialog).getByText('Service code 1000')).toBeTruthy();
  });

  it('says offline once, in a banner with the data age; the status bar is one line with the failure once', async () => {
    const unreachable = { kind: 'network' as const, message: 'connect ECONNREFUSED' };
    const failed = {
      fetchedAt: '2026-11-21T10:41:00Z',
      refreshing: false,
      error: unreachable,
      nextRefreshAt: null,
    };
    await renderApp({
      data,
      sync: makeSync({
        connection: 'offline',
        offlineSince: '2026-11-21T10:42:00Z',
        datasets: { folders: failed, devices: failed, sessions: failed, users: failed },
      }),
    });
    const banner = screen.getByRole('status', { name: 'Offline' });
    expect(banner.textContent).toMatch(/^Offline since .* — showing data from .* \(.* old\)/);
    // The folder pane does not repeat it; its edits stay possible offline (they wait in the outbox).
    const pane = screen.getByRole('complementary', { name: 'Folders' });
    const create = within(pane).getByRole('button', { name: 'New folder' });
    expect(create).toHaveProperty('disabled', false);
    expect(pane.querySelector('p.reason:not(.visually-hidden)')).toBeNull();

    const bar = screen.getByRole('contentinfo', { name: 'Status' });
    const line = [...bar.children].filter((c) => c.tagName !== 'DETAILS').map((c) => c.textContent);
    // Offline already says it: the line does not add "could not reach" nor "up to date".
    expect(line.filter((text) => text?.includes(UNREACHABLE))).toHaveLength(0);
    expect(line.join(' ')).not.toContain('Data up to date');
    expect(line.join(' ')).toMatch(/Oldest data .* old \(/);
    // Per dataset, in the Details popover.
    const details = bar.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText(`Devices: ${UNREACHABLE}`)).toBeTruthy();
    expect(within(details).getByText(`Users: ${UNREACHABLE}`)).toBeTruthy();

    fireEvent.click(
      within(screen.getByRole('grid', { name: 'Devices' })).getByRole('row', { name: 'alpha' }),
    );
    const move = screen.getByRole('button', { name: 'Move to folder…' });
    expect(move).toHaveProperty('disabled', false);
  });
});

describe('device row names', () => {
  it('names a row "name (alias)", by the alias without a name, by the id without either', async () => {
    await renderApp({
      data: {
        folders,
        devices: [
          device('1', { name: 'alpha', alias: 'Front desk' }),
          device('2', { name: null, alias: 'Till 2' }),
          device('3', { name: null, alias: null }),
          device('4', { name: 'delta', alias: null }),
        ],
        sessions: [],
        users: [ADMIN],
      },
    });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    const names = within(grid)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.getAttribute('aria-label'))
      .sort();
    expect(names).toEqual(['(unnamed 3)', 'Till 2', 'alpha (Front desk)', 'delta']);
  });
});

describe('devices grid: sorting from the keyboard and empty states', () => {
  it('makes the column headers one tab stop: arrows move between them, a click or Enter sorts and is announced', async () => {
    const { stores } = await renderApp({ data });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    const headerButtons = within(grid)
      .getAllByRole('columnheader')
      .map((h) => within(h).getByRole('button'));
    // Exactly one header button is in the tab order: the sorted column's.
    expect(headerButtons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    const name = headerButtons[0]!;
    name.focus();
    fireEvent.keyDown(name, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    const status = within(grid).getByRole('button', { name: /^Status/ });
    expect(document.activeElement).toBe(status);
    expect(status.tabIndex).toBe(0);
    expect(name.tabIndex).toBe(-1);
    // Enter and Space belong to the button (the browser turns them into a click): the grid must not eat them.
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    status.dispatchEvent(space);
    expect(space.defaultPrevented).toBe(false);
    expect(stores.ui.getState().selectedDeviceIds.size).toBe(0);
    fireEvent.click(status);
    expect(stores.ui.getState().deviceSort).toEqual({ key: 'status', direction: 'asc' });
    // Said in the app's polite live region, not in a status inside the grid (a grid holds only rows).
    expect(within(grid).queryByRole('status')).toBeNull();
    expect(document.getElementById('announcer')!.textContent).toBe('Sorted by Status, ascending');
    fireEvent.click(status);
    expect(document.getElementById('announcer')!.textContent).toBe('Sorted by Status, descending');
    fireEvent.keyDown(status, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(grid);
  });

  it('says "Loading devices…" until the first devices arrive, not "no match"', async () => {
    const pending = { fetchedAt: null, refreshing: true, error: null, nextRefreshAt: null };
    const { bridge } = await renderApp({
      data: { folders: [], devices: [], sessions: [], users: [ADMIN] },
      sync: makeSync({
        connection: 'connecting',
        datasets: { folders: pending, devices: pending, sessions: pending, users: pending },
      }),
    });
    const grid = screen.getByRole('grid', { name: 'Devices' });
    expect(within(grid).getByText('Loading devices…')).toBeTruthy();
    expect(within(grid).queryByText(/match/)).toBeNull();
    act(() =>
      bridge.emit('data:change', {
        dataset: 'devices',
        reset: false,
        added: devices,
        changed: [],
        removed: [],
        fetchedAt: '2026-11-21T10:00:00Z',
      }),
    );
    expect(within(grid).queryByText('Loading devices…')).toBeNull();
    expect(within(grid).getAllByRole('row')).toHaveLength(5);
  });

  it('tells an empty account apart from filters that match nothing, and clears the filters', async () => {
    await renderApp({ data: { folders: [], devices: [], sessions: [], users: [ADMIN] } });
    let grid = screen.getByRole('grid', { name: 'Devices' });
    expect(within(grid).getByText('No devices in this account yet.')).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: 'Clear filters' })).toBeNull();
    cleanup();

    const { stores } = await renderApp({ data });
    grid = screen.getByRole('grid', { name: 'Devices' });
    act(() => stores.uiActions.setFilter({ status: 'unknown', text: 'zzz' }));
    expect(within(grid).getByText('No devices match the filters.')).toBeTruthy();
    fireEvent.click(within(grid).getByRole('button', { name: 'Clear filters' }));
    expect(stores.ui.getState().deviceFilter).toEqual({
      text: '',
      status: 'all',
      os: 'all',
      folder: { kind: 'all' },
      includeSubfolders: true,
    });
    expect(within(grid).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search devices' }).value).toBe('');
  });

  it('flags a status as possibly out of date only when an online device has not reported for 15 minutes', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    const fresh = device('1', { name: 'fresh', lastRefresh: '2026-11-21T09:50:00Z' });
    const silent = device('2', { name: 'silent', lastRefresh: '2026-11-21T09:30:00Z' });
    const gone = device('3', { name: 'gone', status: 'offline', lastRefresh: '2026-11-19T09:30:00Z' });
    expect(statusAge(fresh, null, now).stale).toBe(false);
    expect(statusAge(silent, null, now).stale).toBe(true);
    expect(statusAge(gone, null, now).stale).toBe(false);
  });
});

describe('folder tree', () => {
  it("exports a folder's history from its context menu, and says so when the history cannot be read", async () => {
    // jsdom has no object URLs: the download's link is what it cannot make.
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (created.push(blob), 'blob:history');
    URL.revokeObjectURL = () => {};
    const { bridge } = await renderApp({ data });
    bridge.handle('history:export', () => ({ filename: 'acme.csv', csv: 'at_utc\n' }));
    const acme = within(screen.getByRole('tree', { name: 'Folders' })).getByRole('treeitem', {
      name: 'Acme',
    });
    fireEvent.contextMenu(acme);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export folder history (CSV)' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(bridge.callsTo('history:export')[0]).toMatchObject({
      target: { kind: 'folder', id: 'a' },
      days: 30,
    });

    bridge.fail('history:export', { kind: 'not-signed-in', message: 'Sign in to see the status history.' });
    fireEvent.contextMenu(acme);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export folder history (CSV)' }));
    await screen.findByText(/Sign in/, { selector: '.toast *, .toast' });
    expect(created).toHaveLength(1);
  });

  it('is a WAI-ARIA tree: ArrowDown moves, ArrowRight expands then enters, ArrowLeft goes up then collapses', async () => {
    await renderApp({ data });
    const tree = screen.getByRole('tree', { name: 'Folders' });
    const all = within(tree).getByRole('treeitem', { name: 'All devices' });
    const acme = within(tree).getByRole('treeitem', { name: 'Acme' });
    expect(acme.getAttribute('aria-expanded')).toBe('false');
    expect(within(tree).queryByRole('treeitem', { name: 'Berlin' })).toBeNull();
    expect(acme.querySelector('.treeitem-count')?.textContent).toContain('2/3');

    all.focus();
    fireEvent.keyDown(all, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(acme);
    fireEvent.keyDown(acme, { key: 'ArrowRight' });
    expect(acme.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(acme, { key: 'ArrowRight' });
    const berlin = within(tree).getByRole('treeitem', { name: 'Berlin' });
    expect(document.activeElement).toBe(berlin);
    expect(berlin.getAttribute('aria-level')).toBe('3');
    fireEvent.keyDown(berlin, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(acme);
    fireEvent.keyDown(acme, { key: 'ArrowLeft' });
    expect(acme.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(acme, { key: 'End' });
    expect(document.activeElement).toBe(within(tree).getByRole('treeitem', { name: 'Unassigned' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(all);

    fireEvent.keyDown(all, { key: 'ArrowDown' });
    fireEvent.keyDown(acme, { key: 'Enter' });
    expect(acme.getAttribute('aria-selected')).toBe('true');
    const grid = screen.getByRole('grid', { name: 'Devices' });
    expect(
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['alpha', 'bravo', 'charlie']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include sub-folders' }));
    expect(
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['alpha', 'bravo']);
  });

  it('shows duplicate-name error 1101 at the name field', async () => {
    const { bridge } = await renderApp({ data });
    bridge.fail('folders:create', {
      kind: 'service',
      code: 1101,
      field: 'name',
      message: 'A folder with this name already exists at this level.',
    });
    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = screen.getByRole('dialog', { name: 'New folder' });
    const name = within(dialog).getByRole('textbox', { name: 'Folder name' });
    fireEvent.change(name, { target: { value: 'Acme' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(bridge.callsTo('folders:create')).toEqual([{ name: 'Acme', parentId: null }]);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = name.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'A folder with this name already exists at this level. Choose another name.',
    );
  });

  it('explains a folder that is not empty before any Delete is offered, and 1103 if the service says so', async () => {
    const { bridge } = await renderApp({ data });
    fireEvent.click(within(screen.getByRole('tree')).getByRole('treeitem', { name: 'Acme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete folder' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete folder' });
    expect(dialog.textContent).toContain(
      'The folder “Acme” cannot be deleted yet: it still holds 2 devices and 1 sub-folder. Move them to another folder first.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(bridge.callsTo('folders:delete')).toEqual([]);

    // An empty folder here that the service finds not empty (moved in meanwhile): its sentence, no "(1103)".
    bridge.fail('folders:delete', { kind: 'service', code: 1103, message: 'The folder is not empty.' });
    fireEvent.click(within(screen.getByRole('tree')).getByRole('treeitem', { name: 'Zeta' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete folder' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete folder' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    expect(within(confirm).getByRole('alert').textContent).toBe(
      'This folder is not empty. Move its devices and sub-folders out first, then delete it.',
    );
  });

  it('lets only administrators create folders, and says so', async () => {
    const user = { ...ADMIN, id: 'u2', role: 'user' as const };
    await renderApp({ data: { ...data, users: [user] }, auth: signedIn(user) });
    const create = screen.getByRole('button', { name: 'New folder' });
    expect(create).toHaveProperty('disabled', true);
    expect(document.getElementById(create.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Only administrators can create folders',
    );
  });
});
