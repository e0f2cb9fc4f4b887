// How each dataset is fetched in full from the service (the devices' plain path; the feed in
// devices-poller.ts polls them off this thread): the folder tree level by level, the users with the
// current user beside them.

import type { ServiceApi } from '../../shared/client/api.js';
import type { DatasetName, DatasetRecordMap } from '../../shared/ipc/contract.js';
import type { User } from '../../shared/model.js';
import { fetchFolderTree } from './folder-tree-fetch.js';

export interface DatasetFetchHooks {
  signal: AbortSignal;
  /** Folder requests in flight at once. */
  concurrency: number;
  /** Each request answered (the first sync's progress). */
  onRequest(): void;
  /** The folder tree walked so far; its total grows as it is learnt. */
  onFolders(done: number, total: number): void;
  onCurrentUser(user: User): void;
}

export async function fetchDataset<D extends DatasetName>(
  api: ServiceApi,
  dataset: D,
  hooks: DatasetFetchHooks,
): Promise<DatasetRecordMap[D][]> {
  const { signal } = hooks;
  let out: unknown[];
  switch (dataset) {
    case 'folders':
      out = await fetchFolderTree(api, {
        concurrency: hooks.concurrency,
        signal,
        onProgress: hooks.onFolders,
      });
      break;
    case 'devices':
      out = await api.listDevices(undefined, { signal });
      hooks.onRequest();
      break;
    case 'sessions':
      out = await api.listSessions({ signal });
      hooks.onRequest();
      break;
    case 'users': {
      const [users, current] = await Promise.all([api.listUsers({ signal }), api.getCurrentUser({ signal })]);
      hooks.onRequest();
      hooks.onRequest();
      if (!signal.aborted) hooks.onCurrentUser(current);
      out = users;
      break;
    }
    default:
      out = [];
  }
  return out as DatasetRecordMap[D][];
}
