// Bulk changes on "all that match": the plan (which devices, what change) and its preview (how many,
// from which folders, the first aliases), and the small interface the execution goes through. The
// durable outbox (issue12 branch, main process) will implement `BulkExecutor`; until it is merged the
// renderer executes through the existing IPC (devices:move in chunks, devices:set-alias one by one).

import type { Device, Id } from '../../shared/model.js';
import { renderAlias, type AliasPart } from './alias-pattern.js';

export type BulkChange =
  { kind: 'move'; folderId: Id } | { kind: 'unassign' } | { kind: 'alias'; parts: AliasPart[] };

export interface BulkItem {
  id: Id;
  /** The new alias, for alias changes. */
  alias?: string;
}

export interface BulkPlan {
  change: BulkChange;
  items: BulkItem[];
}

export interface BulkPreview {
  count: number;
  /** Source folders by number of devices, most first ("Unassigned" as null). */
  fromFolders: Array<{ folderId: Id | null; count: number }>;
  /** The first few new aliases, for an alias change. */
  firstAliases: string[];
  /** Devices the change would not alter (already in the folder, alias already that). */
  unchanged: number;
}

export function planBulk(
  devices: readonly Device[],
  change: BulkChange,
  folderName: (id: Id) => string | undefined,
): BulkPlan {
  const items: BulkItem[] = [];
  devices.forEach((d, i) => {
    if (change.kind === 'move' && d.folderId === change.folderId) return;
    if (change.kind === 'unassign' && d.folderId === null) return;
    if (change.kind === 'alias') {
      const alias = renderAlias(change.parts, d, d.folderId === null ? null : folderName(d.folderId), i);
      if (alias === (d.alias ?? '')) return;
      items.push({ id: d.id, alias });
    } else items.push({ id: d.id });
  });
  return { change, items };
}

export function previewBulk(devices: readonly Device[], plan: BulkPlan, firstN = 5): BulkPreview {
  const byId = new Map(devices.map((d) => [d.id, d]));
  const folders = new Map<Id | null, number>();
  for (const item of plan.items) {
    const f = byId.get(item.id)?.folderId ?? null;
    folders.set(f, (folders.get(f) ?? 0) + 1);
  }
  return {
    count: plan.items.length,
    fromFolders: [...folders]
      .map(([folderId, count]) => ({ folderId, count }))
      .sort((a, b) => b.count - a.count),
    firstAliases: plan.items.slice(0, firstN).map((i) => i.alias ?? ''),
    unchanged: devices.length - plan.items.length,
  };
}

export interface BulkProgress {
  done: number;
  failed: Array<{ id: Id; message: string }>;
  total: number;
}

/** How a plan is executed: the outbox (issue12) later, the existing IPC today. */
export interface BulkExecutor {
  run(plan: BulkPlan, onProgress: (p: BulkProgress) => void, signal: AbortSignal): Promise<BulkProgress>;
}

export interface DirectCalls {
  move(ids: Id[], folderId: Id | null): Promise<{ moved: Id[]; failed: Array<{ id: Id; message: string }> }>;
  setAlias(id: Id, alias: string): Promise<string | null>;
}

const MOVE_CHUNK = 500;
const ALIAS_CONCURRENCY = 4;

/**
 * Today's executor over the existing IPC. Moves go in chunks (progress between them); aliases at most 4
 * at a time. Cancel stops before the next chunk or call: what was sent stays sent. Both writes are
 * idempotent (setting a folder or an alias twice gives the same result), so retrying failed ones is safe.
 */
export function directExecutor(calls: DirectCalls): BulkExecutor {
  return {
    async run(plan, onProgress, signal) {
      const progress: BulkProgress = { done: 0, failed: [], total: plan.items.length };
      const { change } = plan;
      if (change.kind !== 'alias') {
        const target = change.kind === 'move' ? change.folderId : null;
        for (let i = 0; i < plan.items.length && !signal.aborted; i += MOVE_CHUNK) {
          const ids = plan.items.slice(i, i + MOVE_CHUNK).map((x) => x.id);
          const r = await calls.move(ids, target);
          progress.done += r.moved.length;
          progress.failed.push(...r.failed);
          onProgress({ ...progress });
        }
        return progress;
      }
      let next = 0;
      const worker = async () => {
        while (next < plan.items.length && !signal.aborted) {
          const item = plan.items[next++]!;
          const error = await calls.setAlias(item.id, item.alias ?? '');
          if (error === null) progress.done++;
          else progress.failed.push({ id: item.id, message: error });
          onProgress({ ...progress, failed: [...progress.failed] });
        }
      };
      await Promise.all(Array.from({ length: ALIAS_CONCURRENCY }, worker));
      return progress;
    },
  };
}
