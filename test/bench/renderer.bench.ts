// The renderer's own work at 100,000 devices, off the screen: loading the list into the stores, the first
// sorted view, a search, a change of sort column, and a poll's delta (1% of the devices changing status)
// with and without a status filter. The grid draws only the visible rows (virtualised; proven by the e2e
// scale test), so these are what decides whether the console stays smooth at that size.
import { makeDevice } from '../support/make-device.js';
import type { DataChange } from '../../shared/ipc/contract.js';
import type { Device } from '../../shared/model.js';
import { applyDataChange, createDataStore } from '../../renderer/state/data-store.js';
import { createUiStore, uiActions } from '../../renderer/state/ui-store.js';
import { createViews } from '../../renderer/state/views.js';
import type { Measurement } from './run.js';

const DEVICES = 100_000;
const STATUSES = ['online', 'offline', 'busy'] as const;

function device(i: number): Device {
  return makeDevice({
    id: String(i + 1),
    name: `ACME-PC${String(i).padStart(6, '0')}`,
    alias: i % 4 ? null : `Desk ${i}`,
    status: STATUSES[i % 3]!,
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    os: i % 5 ? 'Windows 7' : 'Linux',
    mac: `00:1A:2B:${(i >> 16) & 255}:${(i >> 8) & 255}:${i & 255}`,
    folderId: i % 10 ? String((i % 50) + 1) : null,
  });
}

function change(partial: Partial<DataChange<'devices'>>): DataChange {
  return {
    dataset: 'devices',
    reset: false,
    added: [],
    changed: [],
    removed: [],
    fetchedAt: null,
    ...partial,
  };
}

function time(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

export async function run(): Promise<Measurement[]> {
  const data = createDataStore();
  const ui = createUiStore();
  const views = createViews(data, ui);
  const act = uiActions(ui);
  const all = Array.from({ length: DEVICES }, (_, i) => device(i));

  const load = time(() => applyDataChange(data, change({ reset: true, added: all })));
  const firstView = time(() => views.deviceView());
  act.setFilter({ text: 'desk 9' });
  let searchRows = 0;
  const search = time(() => (searchRows = views.deviceView().rows.length));
  act.setFilter({ text: '' });
  views.deviceView();
  act.sortBy('ip');
  const sort = time(() => views.deviceView());

  let round = 0;
  const poll = (): number => {
    round += 1;
    const changed = all
      .filter((_, i) => i % 100 === round % 100)
      .map((d) => ({ ...d, status: STATUSES[(round + Number(d.id)) % 3]! }));
    return time(() => {
      applyDataChange(data, change({ changed }));
      views.deviceView();
    });
  };
  const pollUnfiltered = Math.min(poll(), poll(), poll());
  act.setFilter({ status: 'online' });
  views.deviceView();
  const pollFiltered = Math.min(poll(), poll(), poll());
  if (searchRows === 0) throw new Error('the search matched nothing: the bench is not measuring a search');

  return [
    { name: 'load 100,000 devices into the renderer stores', value: load, unit: 'ms' },
    {
      name: 'first sorted view (by name)',
      value: firstView,
      unit: 'ms',
      floor: { value: 1000, better: 'lower' },
    },
    {
      name: `search over name, alias, IP, MAC (${searchRows} rows)`,
      value: search,
      unit: 'ms',
      floor: { value: 150, better: 'lower' },
    },
    { name: 'change of sort column (IP)', value: sort, unit: 'ms', floor: { value: 500, better: 'lower' } },
    {
      name: 'poll delta: 1% change status, sorted by IP',
      value: pollUnfiltered,
      unit: 'ms',
      floor: { value: 100, better: 'lower' },
    },
    {
      name: 'poll delta: 1% change status, status filter on',
      value: pollFiltered,
      unit: 'ms',
      floor: { value: 100, better: 'lower' },
    },
  ];
}
