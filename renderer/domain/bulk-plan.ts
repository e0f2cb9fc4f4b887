// Bulk changes on "all that match": the plan (which devices, what change) and its preview (how many,
// from which folders, the first aliases). The execution is the main process's durable outbox (bulk:start,
// electron/core/outbox/bulk.ts), which the dialog follows live.

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

export function previewBulk(
  devices: readonly Device[],
  plan: Pick<BulkPlan, 'items'>,
  firstN = 5,
): BulkPreview {
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
