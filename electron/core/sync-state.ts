// The sync state as the renderers see it: what changed between two states (so an idle poll's end sends
// one dataset's status, not the lot), the state while no account syncs, and which failures change it
// (unauthorized stops syncing, unreachable goes offline).

import type { AppError } from '../../shared/errors.js';
import type { DatasetName, EventSink, SyncState } from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import type { Timestamp } from '../../shared/model.js';
import type { CacheStatus } from './cache-keeper.js';

/**
 * What changed from `previous` to `next`: nothing, one dataset's status alone (what a poll's end
 * changes), or more (send the whole state).
 */
export function syncStateChange(
  previous: SyncState | null,
  next: SyncState,
): { kind: 'none' } | { kind: 'dataset'; dataset: DatasetName } | { kind: 'all' } {
  if (
    previous === null ||
    previous.connection !== next.connection ||
    previous.offlineSince !== next.offlineSince ||
    previous.cacheSavedAt !== next.cacheSavedAt ||
    previous.cacheNotice !== next.cacheNotice ||
    JSON.stringify(previous.progress) !== JSON.stringify(next.progress)
  )
    return { kind: 'all' };
  const changed = DATASET_NAMES.filter(
    (d) => JSON.stringify(previous.datasets[d]) !== JSON.stringify(next.datasets[d]),
  );
  if (changed.length === 0) return { kind: 'none' };
  return changed.length === 1 ? { kind: 'dataset', dataset: changed[0]! } : { kind: 'all' };
}

/**
 * Tells the renderers of each new sync state by what changed in it: the whole state, one dataset's
 * status (sync:dataset, what an idle poll's end sends), or nothing at all.
 */
export class SyncStateRelay {
  #last: SyncState | null = null;
  constructor(private readonly emit: EventSink) {}

  relay(state: SyncState): void {
    const change = syncStateChange(this.#last, state);
    this.#last = state;
    if (change.kind === 'all') this.emit('sync:state', state);
    else if (change.kind === 'dataset')
      this.emit('sync:dataset', { dataset: change.dataset, status: state.datasets[change.dataset] });
  }
}

/** The state while no engine runs: idle, with each dataset's age and the offline copy's status. */
export function idleSyncState(
  fetchedAt: Record<DatasetName, Timestamp | null>,
  cache: CacheStatus,
): SyncState {
  const datasets = {} as SyncState['datasets'];
  for (const d of DATASET_NAMES) {
    datasets[d] = { fetchedAt: fetchedAt[d], refreshing: false, error: null, nextRefreshAt: null };
  }
  return { connection: 'idle', offlineSince: null, ...cache, datasets, progress: null };
}

export function isUnauthorized(error: AppError): boolean {
  return error.kind === 'not-signed-in';
}

export function isUnreachable(error: AppError): boolean {
  return error.kind === 'network' || error.kind === 'timeout';
}
