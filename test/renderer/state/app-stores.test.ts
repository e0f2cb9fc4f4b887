import { createAppStores } from '../../../renderer/state/app-stores.js';
import { sinceChange } from '../../../electron/core/since-stream.js';
import { createFakeBridge, device, makeSnapshot, makeSync, session } from '../support/fake-bridge.js';
import type { FolderNode } from '../../../shared/ipc/contract.js';
import { formatError } from '../../../renderer/i18n/index.js';
import { writeRefusal } from '../../../shared/write-guard.js';

const folder = (id: string, name: string, parentId: string | null = null): FolderNode => ({
  id,
  name,
  parentId,
  dateCreation: null,
});

describe('app stores', () => {
  it('loads the snapshot into maps and becomes ready', async () => {
    const bridge = createFakeBridge(
      makeSnapshot({
        data: {
          folders: [folder('f1', 'Clients')],
          devices: [device('1'), device('2')],
          sessions: [],
          users: [],
        },
      }),
    );
    const stores = createAppStores(bridge);
    expect(stores.shell.getState().phase).toBe('loading');
    await stores.start();
    expect(stores.shell.getState().phase).toBe('ready');
    expect(stores.data.getState().devices.size).toBe(2);
    expect(stores.data.getState().folders.get('f1')?.name).toBe('Clients');
    expect(stores.data.getState().fetchedAt.devices).toBe('2026-11-21T10:00:00Z');
    expect(bridge.callsTo('app:snapshot')).toHaveLength(1);
  });

  it('warms the search entries and the grid columns’ sort keys in idle turns, none in a timer turn before the first rows are drawn', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      const bridge = createFakeBridge(
        makeSnapshot({ data: { folders: [], devices: [device('1'), device('2')], sessions: [], users: [] } }),
      );
      const stores = createAppStores(bridge);
      await stores.start();
      await new Promise((resolve) => setTimeout(resolve, 20));
      // warmEntries and warmKeys with () => false answer whether all is built, building nothing.
      const index = () => stores.data.getState().deviceIndex;
      const columns = stores.ui.getState().deviceColumns.map((c) => c.key);
      expect(index().warmEntries(() => false)).toBe(false);
      expect(index().warmKeys(columns, () => false)).toBe(false);
      expect(idle.length).toBeGreaterThan(0);
      for (const run of idle.splice(0)) run();
      expect(index().warmEntries(() => false)).toBe(true);
      expect(index().warmKeys(columns, () => false)).toBe(true);
      stores.dispose();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('takes since rows from the devices’ changes, rows alone leaving the devices as they were', async () => {
    const bridge = createFakeBridge(
      makeSnapshot({ data: { folders: [], devices: [device('1'), device('2')], sessions: [], users: [] } }),
    );
    const stores = createAppStores(bridge);
    await stores.start();
    const devicesVersion = stores.data.getState().versions.devices;
    const rows = { ids: ['1'], since: [5], exact: [1 as const], flapUntil: [0], removed: [] };
    // The change as the main side's since stream makes it.
    bridge.emit('data:change', sinceChange({ full: true, ...rows, more: false }));
    expect(stores.data.getState().since.get('1')).toEqual([5, 1, 0]);
    expect(stores.data.getState().sinceVersion).toBe(1);
    // Rows alone are no change of the devices: the table is not rebuilt, the devices keep their time.
    expect(stores.data.getState().versions.devices).toBe(devicesVersion);
    expect(stores.data.getState().devices.size).toBe(2);
    // Nothing is asked for: the rows come with the changes.
    expect(bridge.calls.filter((c) => c.channel.startsWith('history:'))).toEqual([]);
  });

  it('replays events that arrived while the snapshot was on its way', async () => {
    const bridge = createFakeBridge();
    let release!: () => void;
    bridge.handle(
      'app:snapshot',
      () =>
        new Promise(
          (resolve) =>
            (release = () =>
              resolve({
                ok: true,
                value: makeSnapshot({
                  data: { folders: [], devices: [device('1')], sessions: [], users: [] },
                }),
              })),
        ),
    );
    const stores = createAppStores(bridge);
    const started = stores.start();
    await Promise.resolve();
    bridge.emit('data:change', {
      dataset: 'devices',
      reset: false,
      added: [device('2')],
      changed: [],
      removed: [],
      fetchedAt: null,
    });
    expect(stores.data.getState().devices.size).toBe(0);
    release();
    await started;
    expect([...stores.data.getState().devices.keys()].sort()).toEqual(['1', '2']);
  });

  it('applies added, changed and removed deltas and keeps the selection by id', async () => {
    const bridge = createFakeBridge(
      makeSnapshot({
        data: { folders: [], devices: [device('1'), device('2'), device('3')], sessions: [], users: [] },
      }),
    );
    const stores = createAppStores(bridge);
    await stores.start();
    stores.uiActions.selectDevice('2');
    stores.uiActions.toggleDevice('3');
    stores.uiActions.setFilter({ text: 'pc' });
    const v0 = stores.data.getState().versions.devices;

    bridge.emit('data:change', {
      dataset: 'devices',
      reset: false,
      added: [device('4', { name: 'NEW' })],
      changed: [device('2', { status: 'offline', alias: 'front desk' })],
      removed: ['3'],
      fetchedAt: '2026-11-21T10:01:00Z',
    });

    const data = stores.data.getState();
    expect(data.versions.devices).toBe(v0 + 1);
    expect(data.devices.get('4')?.name).toBe('NEW');
    expect(data.devices.get('2')?.status).toBe('offline');
    expect(data.devices.has('3')).toBe(false);
    expect(data.deviceIndex.entry('2')?.text).toContain(' front desk ');
    expect(data.deviceIndex.entry('3')).toBeUndefined();
    expect(data.fetchedAt.devices).toBe('2026-11-21T10:01:00Z');
    const ui = stores.ui.getState();
    expect([...ui.selectedDeviceIds]).toEqual(['2']);
    expect(ui.deviceFilter.text).toBe('pc');
  });

  it('a reset keeps selected devices that still exist', async () => {
    const bridge = createFakeBridge(
      makeSnapshot({ data: { folders: [], devices: [device('1'), device('2')], sessions: [], users: [] } }),
    );
    const stores = createAppStores(bridge);
    await stores.start();
    stores.uiActions.selectDevice('1');
    stores.uiActions.toggleDevice('2');
    bridge.emit('data:change', {
      dataset: 'devices',
      reset: true,
      added: [device('2'), device('5')],
      changed: [],
      removed: [],
      fetchedAt: null,
    });
    expect([...stores.data.getState().devices.keys()]).toEqual(['2', '5']);
    expect([...stores.ui.getState().selectedDeviceIds]).toEqual(['2']);
  });

  it('builds the folder tree with counts including sub-folders', async () => {
    const bridge = createFakeBridge(
      makeSnapshot({
        data: {
          folders: [folder('a', 'Acme'), folder('b', 'Berlin', 'a'), folder('c', 'Zeta')],
          devices: [
            device('1', { folderId: 'a' }),
            device('2', { folderId: 'b', status: 'offline' }),
            device('3', { folderId: 'b' }),
            device('4', { folderId: null, status: 'busy' }),
            device('5', { folderId: 'gone' }),
          ],
          sessions: [],
          users: [],
        },
      }),
    );
    const stores = createAppStores(bridge);
    await stores.start();
    const tree = stores.views.folderTree();
    expect(tree.children.get(null)).toEqual(['a', 'c']);
    expect(tree.children.get('a')).toEqual(['b']);
    expect(tree.counts.get('a')).toEqual({ direct: 1, directOnline: 1, total: 3, online: 2 });
    expect(tree.counts.get('b')).toEqual({ direct: 2, directOnline: 1, total: 2, online: 1 });
    expect(tree.unassigned).toEqual({ total: 2, online: 1 });
    expect(tree.all).toEqual({ total: 5, online: 3 });
    expect(stores.views.folderTree()).toBe(tree);
    bridge.emit('data:change', {
      dataset: 'devices',
      reset: false,
      added: [],
      changed: [device('2', { folderId: 'b' })],
      removed: [],
      fetchedAt: null,
    });
    expect(stores.views.folderTree().counts.get('a')?.online).toBe(3);
  });

  it('filters, searches and sorts thousands of devices, and keeps results when unrelated state changes', async () => {
    const oses = ['Linux', 'Windows 7', 'Mac OS X 10.6'] as const;
    const statuses = ['online', 'offline', 'busy'] as const;
    const devices = Array.from({ length: 3000 }, (_, i) =>
      device(String(i), {
        name: `host-${String(i).padStart(4, '0')}`,
        alias: i % 100 === 0 ? `Reception ${i}` : null,
        ip: `10.0.${Math.floor(i / 256)}.${i % 256}`,
        mac: `00:11:22:33:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
        os: oses[i % 3]!,
        status: statuses[i % 3]!,
        folderId: i < 1000 ? 'a' : i < 1500 ? 'b' : null,
      }),
    );
    const bridge = createFakeBridge(
      makeSnapshot({
        data: { folders: [folder('a', 'A'), folder('b', 'B', 'a')], devices, sessions: [], users: [] },
      }),
    );
    const stores = createAppStores(bridge);
    await stores.start();

    let view = stores.views.deviceView();
    expect(view.rows).toHaveLength(3000);
    expect(view.counts).toEqual({ online: 1000, offline: 1000, busy: 1000, unknown: 0, total: 3000 });
    expect(view.rows[0]).toBe('0');

    stores.uiActions.setFilter({ text: 'reception' });
    expect(stores.views.deviceView().rows).toHaveLength(30);
    stores.uiActions.setFilter({ text: '00:11:22:33:0B:B7' });
    expect(stores.views.deviceView().rows).toEqual(['2999']);
    stores.uiActions.setFilter({ text: '0bb7' }); // MAC without separators: device 2999
    expect(stores.views.deviceView().rows).toEqual(['2999']);
    stores.uiActions.setFilter({ text: '10.0.1.' });
    expect(
      stores.views
        .deviceView()
        .rows.every((id) => stores.data.getState().devices.get(id)!.ip!.includes('10.0.1.')),
    ).toBe(true);

    stores.uiActions.setFilter({ text: '', status: 'busy', os: 'Mac OS X 10.6' });
    view = stores.views.deviceView();
    expect(view.rows.length).toBe(1000);
    stores.uiActions.setFilter({ os: 'Linux' });
    expect(stores.views.deviceView().rows).toHaveLength(0); // busy devices are never Linux here (i%3 aligned)

    stores.uiActions.setFilter({
      status: 'all',
      os: 'all',
      folder: { kind: 'folder', id: 'a' },
      includeSubfolders: true,
    });
    expect(stores.views.deviceView().rows).toHaveLength(1500);
    stores.uiActions.setFilter({ includeSubfolders: false });
    expect(stores.views.deviceView().rows).toHaveLength(1000);
    stores.uiActions.setFilter({ folder: { kind: 'unassigned' } });
    expect(stores.views.deviceView().rows).toHaveLength(1500);
    stores.uiActions.setFilter({ folder: { kind: 'all' } });

    stores.uiActions.sortBy('name');
    view = stores.views.deviceView();
    expect(view.rows[0]).toBe('2999');
    stores.uiActions.sortBy('ip');
    view = stores.views.deviceView();
    const ips = view.rows.slice(0, 300).map((id) => stores.data.getState().devices.get(id)!.ip!);
    expect(ips[0]).toBe('10.0.0.0');
    expect(ips[2]).toBe('10.0.0.2'); // numeric, not "10.0.0.10"
    expect(ips[256]).toBe('10.0.1.0');

    stores.uiActions.sortBy('status');
    view = stores.views.deviceView();
    const firstBusy = view.rows.findIndex((id) => stores.data.getState().devices.get(id)!.status === 'busy');
    expect(firstBusy).toBe(1000);
    stores.uiActions.selectDevice('5');
    expect(stores.views.deviceView()).toBe(view);

    bridge.emit('data:change', {
      dataset: 'devices',
      reset: false,
      added: [],
      changed: [device('0', { status: 'offline', name: 'host-0000' })],
      removed: [],
      fetchedAt: null,
    });
    view = stores.views.deviceView();
    expect(view.rows.indexOf('0')).toBeGreaterThanOrEqual(1999);
    expect(view.counts.online).toBe(999);
  });

  it('keeps the order without re-sorting when a delta touches no sorted field, and re-sorts when it does', async () => {
    const bridge = createFakeBridge(
      makeSnapshot({
        data: {
          folders: [],
          devices: ['b', 'a', 'c'].map((id) => device(id, { name: id })),
          sessions: [],
          users: [],
        },
      }),
    );
    const stores = createAppStores(bridge);
    await stores.start();
    const first = stores.views.deviceView();
    expect(first.sorted).toEqual(['a', 'b', 'c']);
    bridge.emit('data:change', {
      dataset: 'devices',
      reset: false,
      added: [],
      changed: [device('a', { name: 'a', status: 'busy' })],
      removed: [],
      fetchedAt: null,
    });
    const second = stores.views.deviceView();
    expect(second.sorted).toBe(first.sorted);
    expect(second.counts.busy).toBe(1);
    bridge.emit('data:change', {
      dataset: 'devices',
      reset: false,
      added: [],
      changed: [device('a', { name: 'z', status: 'busy' })],
      removed: [],
      fetchedAt: null,
    });
    expect(stores.views.deviceView().sorted).toEqual(['b', 'c', 'a']);
    stores.uiActions.sortBy('status');
    expect(stores.views.deviceView().sorted).toEqual(['b', 'c', 'a']);
    bridge.emit('data:change', {
      dataset: 'devices',
      reset: false,
      added: [],
      changed: [device('c', { name: 'c', status: 'busy' })],
      removed: [],
      fetchedAt: null,
    });
    expect(stores.views.deviceView().sorted).toEqual(['b', 'c', 'a']);
    bridge.emit('data:change', {
      dataset: 'devices',
      reset: false,
      added: [],
      changed: [device('b', { name: 'b', status: 'offline' })],
      removed: [],
      fetchedAt: null,
    });
    expect(stores.views.deviceView().sorted).toEqual(['c', 'a', 'b']);
  });

  it('filters again after a poll that keeps the order: a status or alias change moves a device in or out of the rows', async () => {
    const bridge = createFakeBridge(
      makeSnapshot({
        data: {
          folders: [],
          devices: [
            device('a', { name: 'a', status: 'online' }),
            device('b', { name: 'b', status: 'online' }),
            device('c', { name: 'c', status: 'offline' }),
          ],
          sessions: [],
          users: [],
        },
      }),
    );
    const stores = createAppStores(bridge);
    await stores.start();
    stores.uiActions.setFilter({ status: 'online' });
    const before = stores.views.deviceView();
    expect(before.rows).toEqual(['a', 'b']);
    // Sorted by name: a status change reads no sorted field, so the order is kept as it was…
    bridge.emit('data:change', {
      dataset: 'devices',
      reset: false,
      added: [],
      changed: [device('a', { name: 'a', status: 'offline' })],
      removed: [],
      fetchedAt: null,
    });
    const after = stores.views.deviceView();
    expect(after.sorted).toBe(before.sorted);
    // …but the filter reads the status: the device that went offline leaves the rows, as the counter says.
    expect(after.rows).toEqual(['b']);
    expect(after.counts.online).toBe(1);

    stores.uiActions.setFilter({ status: 'all', text: 'front desk' });
    expect(stores.views.deviceView().rows).toEqual([]);
    bridge.emit('data:change', {
      dataset: 'devices',
      reset: false,
      added: [],
      changed: [device('c', { name: 'c', status: 'offline', alias: 'Front desk' })],
      removed: [],
      fetchedAt: null,
    });
    expect(stores.views.deviceView().sorted).toBe(before.sorted);
    expect(stores.views.deviceView().rows).toEqual(['c']);
  });

  it('range selection follows the shown order', async () => {
    const bridge = createFakeBridge(
      makeSnapshot({
        data: { folders: [], devices: ['1', '2', '3', '4'].map((id) => device(id)), sessions: [], users: [] },
      }),
    );
    const stores = createAppStores(bridge);
    await stores.start();
    const rows = stores.views.deviceView().rows;
    stores.uiActions.selectDevice('2');
    stores.uiActions.selectRange('4', rows);
    expect([...stores.ui.getState().selectedDeviceIds].sort()).toEqual(['2', '3', '4']);
    stores.uiActions.selectAll(rows);
    expect(stores.ui.getState().selectedDeviceIds.size).toBe(4);
  });

  it('offline, sends every write to main and shows its answer: edits are queued, a session is refused', async () => {
    const sync = makeSync({ connection: 'offline', offlineSince: '2026-11-21T10:42:00Z' });
    const bridge = createFakeBridge(makeSnapshot({ sync }));
    // The main side's gate, as electron/core/write-gate.ts answers a session offline.
    const refusal = writeRefusal({ auth: 'signed-in', ...sync }, 'direct')!;
    bridge.fail('sessions:create', refusal);
    const stores = createAppStores(bridge);
    await stores.start();
    await stores.client.devices.setAlias({ id: '1', alias: 'x' });
    expect(bridge.callsTo('devices:set-alias')).toHaveLength(1);
    const result = await stores.actions.createSession({ customer: 'Ann', language: 'en' });
    expect(bridge.callsTo('sessions:create')).toHaveLength(1);
    expect(result.ok).toBe(false);
    // The technician reads the sentence of the key; `message` stays English, for logs.
    if (!result.ok) {
      expect(formatError(result.error)).toMatch(/never queued/i);
      expect(result.error.message).toMatch(/^Offline since 2026-11-21 10:42 UTC/);
    }
    // The controls it disables say the same, before anything is sent.
    expect(stores.actions.writeBlockedReason('direct')).toBe(formatError(refusal));
    expect(stores.actions.writeBlockedReason()).toBeNull();
  });

  it('session notices become toasts and ui:focus-session selects the session', async () => {
    const bridge = createFakeBridge(
      makeSnapshot({ data: { folders: [], devices: [], sessions: [session('s1')], users: [] } }),
    );
    const clicks: string[] = [];
    const stores = createAppStores(bridge, {
      systemNotify: (n, onClick) => {
        clicks.push(n.kind);
        onClick();
      },
    });
    await stores.start();
    bridge.emit('notify:sessions', {
      kind: 'started',
      sessions: [{ id: 's1', code: 'C1', customer: 'Bob', plannedInitTime: null, initTime: null }],
    });
    expect(stores.ui.getState().toasts.at(-1)).toMatchObject({
      kind: 'notice',
      sessionId: 's1',
      text: 'Support session started — Bob (code C1)',
    });
    expect(clicks).toEqual(['started']);
    expect(stores.ui.getState().screen).toBe('sessions');
    stores.uiActions.setScreen('devices');
    bridge.emit('ui:focus-session', { sessionId: 's1' });
    expect(stores.ui.getState()).toMatchObject({ screen: 'sessions', selectedSessionId: 's1' });
  });
});
