// Keeps the data store's per-device "since" rows in step with the main process's status history: when the
// main side says its change log moved (history:moved), and on sign-in or out, it asks for what changed
// after its cursor (history:since), so a poll that moved 5 devices costs 5 small rows, not the history,
// and an idle poll costs nothing. Answers come a page at a time (SINCE_PAGE rows); it asks until none is left. One request at a time; a trigger during one asks again once it is
// answered.

import type { IpcResult, InvokeRequest, InvokeResponse } from '../../shared/ipc/contract.js';
import type { SinceDelta } from '../../shared/status-history.js';
import type { DataStore } from './data-store.js';

type SinceCall = (
  channel: 'history:since',
  payload: InvokeRequest<'history:since'>,
) => Promise<IpcResult<InvokeResponse<'history:since'>>>;

/**
 * Applies a delta to the since rows; `announce: false` leaves sinceVersion alone (a page with more to come:
 * the table, the views and their counts are re-tested once, after the last page, not 20 times).
 */
export function applySinceDelta(data: DataStore, delta: SinceDelta, announce = true): boolean {
  const { since, sinceVersion } = data.getState();
  if (delta.full) since.clear();
  let changed = delta.full;
  const { ids } = delta;
  for (let i = 0; i < ids.length; i++)
    since.set(ids[i]!, delta.since[i]!, delta.exact[i]!, delta.flapUntil[i]!);
  if (ids.length > 0) changed = true;
  for (const id of delta.removed) changed = since.delete(id) || changed;
  if (changed && announce) data.setState({ sinceVersion: sinceVersion + 1 });
  return changed;
}

export function createSinceSync(data: DataStore, call: SinceCall, onChange: () => void = () => {}) {
  let epoch: string | null = null;
  let cursor = 0;
  /** A whole map arriving page by page: its cursor becomes ours only once the last page is in. */
  let listing: { epoch: string; cursor: number; from: number } | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  /** Rows applied from pages whose last has not come yet: not yet said to the store's readers. */
  let unannounced = false;

  function announce(): void {
    unannounced = false;
    data.setState({ sinceVersion: data.getState().sinceVersion + 1 });
    onChange();
  }

  async function run(): Promise<void> {
    do {
      again = false;
      const r = await call(
        'history:since',
        listing
          ? { epoch: listing.epoch, cursor: listing.cursor, fullFrom: listing.from }
          : { epoch, cursor },
      );
      // Not signed in yet, the history not open, or a host without it: the next trigger asks again.
      if (!r.ok || !Array.isArray(r.value?.ids)) {
        if (unannounced) announce();
        return;
      }
      const delta = r.value;
      // Pages with more to come are applied quietly; the last one says it once for all of them.
      unannounced = applySinceDelta(data, delta, false) || unannounced;
      if (!delta.more && unannounced) announce();
      if (delta.fullFrom !== null) {
        listing = { epoch: delta.epoch, cursor: delta.cursor, from: delta.fullFrom };
      } else {
        listing = null;
        epoch = delta.epoch;
        cursor = delta.cursor;
      }
      if (delta.more) again = true;
    } while (again);
  }

  return {
    /** The main side's change log is at `at`: asks for what is new, unless this renderer holds it. */
    moved(at: { epoch: string; cursor: number }): Promise<void> {
      if (!running && !listing && at.epoch === epoch && at.cursor === cursor) return Promise.resolve();
      return this.pull();
    },
    /** Asks for what changed (coalesced while a request is out). */
    pull(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = run().finally(() => {
        running = null;
        if (again) void this.pull();
      });
      return running;
    },
  };
}
