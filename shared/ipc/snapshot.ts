// A snapshot's data as the four reset changes a renderer applies: the browser host replays them to a
// stream that (re)connects, the renderer applies them when it loads the snapshot itself.

import type { AppSnapshot, DataChange } from './contract.js';
import { DATASET_NAMES } from './contract.js';

export function snapshotToChanges(snap: Pick<AppSnapshot, 'data' | 'sync'>): DataChange[] {
  return DATASET_NAMES.map(
    (dataset) =>
      ({
        dataset,
        reset: true,
        added: snap.data[dataset],
        changed: [],
        removed: [],
        fetchedAt: snap.sync.datasets[dataset]?.fetchedAt ?? null,
      }) as DataChange,
  );
}
