// What a bulk change will do, shown before it runs: how many devices, from which folders (and, for an undo,
// back to which), the first new aliases. One preview for every bulk change, its undo included; and the one
// way a bulk change starts, which keeps what it changes so that it can be undone.

import type { Id } from '../../shared/model.js';
import type { BulkRequest } from '../../shared/outbox.js';
import type { BulkPreview } from '../domain/bulk-plan.js';
import { t } from '../i18n/index.js';
import type { AppStores } from '../state/app-stores.js';

type Counted = Array<{ folderId: Id | null; count: number }>;

function folderList(folders: Counted, folderName: (id: Id) => string | undefined): string {
  return folders
    .slice(0, 6)
    .map(
      (f) =>
        `${f.folderId === null ? t('folders.unassigned') : (folderName(f.folderId) ?? f.folderId)} (${f.count})`,
    )
    .join(', ');
}

export function BulkPreviewSection(props: {
  preview: BulkPreview;
  showAliases: boolean;
  /** For an undo: the folders the devices go back to. */
  toFolders?: Counted;
  folderName: (id: Id) => string | undefined;
}) {
  const { preview } = props;
  return (
    <section className="bulk-preview" aria-label={t('bulk.previewTitle')}>
      <p>
        <strong>{t('bulk.previewCount', { count: preview.count })}</strong>
      </p>
      <p>{t('bulk.fromFolders', { folders: folderList(preview.fromFolders, props.folderName) })}</p>
      {props.toFolders && props.toFolders.length > 0 && (
        <p>{t('bulk.undo.toFolders', { folders: folderList(props.toFolders, props.folderName) })}</p>
      )}
      {props.showAliases && preview.firstAliases.length > 0 && (
        <p>
          {t('bulk.firstAliases', {
            aliases: preview.firstAliases.map((a) => a || t('bulk.undo.noAlias')).join(', '),
          })}
        </p>
      )}
    </section>
  );
}

export type StartedBulk = { batchId: string | null; total: number; unchanged: number; unknown: number };

/** Starts a bulk change in the outbox (which keeps, for its undo, what each device held before). */
export async function startBulk(
  stores: AppStores,
  request: BulkRequest,
  /** Aborted: nothing is queued (or what was, withdrawn on the main side); null, and no toast. */
  signal?: AbortSignal,
): Promise<StartedBulk | null> {
  const { actions, client } = stores;
  const result = await client.outbox.bulkStart(request, signal ? { signal } : {});
  if (!result.ok) {
    if (result.error.kind !== 'cancelled') actions.reportFailure(result);
    return null;
  }
  const { batchId, total, unchanged, unknown } = result.value;
  return { batchId, total, unchanged: unchanged.length, unknown: unknown.length };
}
