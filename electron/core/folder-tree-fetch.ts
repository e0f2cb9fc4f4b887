// The whole folder tree in as few requests as the interface allows (spec §4.1).
//
// Choice: GET /folders lists the root's children; each folder's children come either nested in that
// answer (`folders` present, even empty: known) or, when the answer did not nest them (`folders`
// undefined), from GET /folders/{id}/folders, one level at a time with at most `concurrency` in flight.
// GET /folders/{id} (show) is not used: it also nests every device of the folder, which the single
// GET /devices already brings, so it would move the device list twice.

import type { ServiceApi } from '../../shared/client/api.js';
import type { FolderNode } from '../../shared/ipc/contract.js';
import type { Folder, Id } from '../../shared/model.js';
import { mapSettled } from './concurrency.js';
import { folderNode } from './picture.js';

export interface FolderTreeProgress {
  (done: number, total: number): void;
}

export async function fetchFolderTree(
  api: ServiceApi,
  options: { concurrency?: number; signal?: AbortSignal; onProgress?: FolderTreeProgress } = {},
): Promise<FolderNode[]> {
  const nodes = new Map<Id, FolderNode>();
  let done = 0;
  let total = 1;
  // Folders whose children the answers so far did not include.
  let unknown: Id[] = [];

  const take = (folders: readonly Folder[], parentId: Id | null): void => {
    for (const folder of folders) {
      if (nodes.has(folder.id)) continue; // a cycle or a repeat in a hostile answer: first sighting wins
      nodes.set(folder.id, folderNode({ ...folder, parentId: folder.parentId ?? parentId }));
      if (folder.folders === undefined) unknown.push(folder.id);
      else take(folder.folders, folder.id);
    }
  };

  take(await api.listFolders(undefined, { signal: options.signal }), null);
  done += 1;
  options.onProgress?.(done, total);

  while (unknown.length > 0) {
    const level = unknown;
    unknown = [];
    total += level.length;
    const results = await mapSettled(level, options.concurrency ?? 4, async (id) => {
      const children = await api.listFolders(id, { signal: options.signal });
      done += 1;
      options.onProgress?.(done, total);
      return children;
    });
    results.forEach((result, index) => {
      if (result.status === 'rejected') throw result.reason;
      take(result.value, level[index] as Id);
    });
  }
  return Array.from(nodes.values());
}
