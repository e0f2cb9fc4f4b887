// The outbox's waiting edits, one row each: what, on which item, since when, and where it stands; one not
// yet sent can be cancelled (its change is undone on screen), one refused retried or dropped. Bulk changes
// are steered from their own panel (BulkJob), so only single edits are listed here.

import type { OutboxItem, OutboxWrite } from '../../shared/outbox.js';
import { formatAge, formatError, t } from '../i18n/index.js';
import { displayTime } from '../domain/time-zone.js';
import { useData, useShell, useStores } from '../state/context.js';
import { Dialog } from './Dialog.js';
import { DialogFooter } from './FormKit.js';
import { useNow } from './hooks.js';

/** What the edit does, in the technician's words. */
export function useWriteText(): (write: OutboxWrite) => { what: string; item: string } {
  const devices = useData((s) => s.devices);
  const folders = useData((s) => s.folders);
  const sessions = useData((s) => s.sessions);
  const folderName = (id: string | null | undefined) =>
    id ? (folders.get(id)?.name ?? id) : t('folders.unassigned');
  return (write) => {
    switch (write.kind) {
      case 'device': {
        const d = devices.get(write.id);
        const item = d?.name ?? d?.alias ?? write.id;
        const parts: string[] = [];
        if (write.alias !== undefined)
          parts.push(
            write.alias ? t('outbox.what.alias', { alias: write.alias }) : t('outbox.what.aliasCleared'),
          );
        if (write.folderId !== undefined)
          parts.push(
            write.folderId === null
              ? t('outbox.what.unassign')
              : t('outbox.what.move', { folder: folderName(write.folderId) }),
          );
        return { what: parts.join(', '), item };
      }
      case 'folder-create':
        return { what: t('outbox.what.folderCreate'), item: write.name };
      case 'folder-update':
        return { what: t('outbox.what.folderUpdate', { name: write.name }), item: folderName(write.id) };
      case 'folder-delete':
        return { what: t('outbox.what.folderDelete'), item: folderName(write.id) };
      case 'session-update':
        return { what: t('outbox.what.session'), item: sessions.get(write.id)?.customer ?? write.id };
    }
  };
}

function stateText(item: OutboxItem): string {
  switch (item.state) {
    case 'sending':
      return t('outbox.state.sending');
    case 'failed':
      return t('outbox.state.failed', { error: item.error ? formatError(item.error) : '' });
    case 'conflict':
      return t('outbox.state.conflict');
    default:
      return t('outbox.state.queued');
  }
}

export function OutboxList({ onClose }: { onClose: () => void }) {
  const { actions, client, uiActions } = useStores();
  const outbox = useShell((s) => s.outbox);
  const describe = useWriteText();
  const now = useNow(30_000);
  const items = (outbox?.items ?? []).filter((i) => i.batchId === null);

  async function cancel(item: OutboxItem) {
    const r = actions.reportFailure(await client.outbox.cancel({ entryId: item.id }));
    if (r.ok && !r.value.cancelled) uiActions.toast('info', t('outbox.tooLate'));
  }

  return (
    <Dialog title={t('outbox.list')} onClose={onClose} wide>
      <div className="dialog-body">
        {items.length === 0 ? (
          <p className="empty">{t('outbox.listEmpty')}</p>
        ) : (
          <table className="table outbox-list">
            <thead>
              <tr>
                <th scope="col">{t('outbox.col.what')}</th>
                <th scope="col">{t('outbox.col.item')}</th>
                <th scope="col">{t('outbox.col.since')}</th>
                <th scope="col">{t('outbox.col.state')}</th>
                <th scope="col">{t('outbox.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const { what, item: name } = describe(item.write);
                const since = new Date(item.queuedAt);
                return (
                  <tr key={item.id}>
                    <th scope="row">{what}</th>
                    <td>{name}</td>
                    <td>
                      {displayTime(since, 'compact')} (
                      {t('age.ago', { age: formatAge(now - since.getTime()) })})
                    </td>
                    <td>{stateText(item)}</td>
                    <td className="actions">
                      {item.state === 'queued' && (
                        <button
                          type="button"
                          aria-label={t('outbox.cancelOf', { what, item: name })}
                          onClick={() => void cancel(item)}
                        >
                          {t('outbox.cancel')}
                        </button>
                      )}
                      {item.state === 'failed' && (
                        <>
                          <button
                            type="button"
                            onClick={() =>
                              void client.outbox.retry({ entryId: item.id }).then(actions.reportFailure)
                            }
                          >
                            {t('outbox.retry')}
                          </button>
                          <button
                            type="button"
                            onClick={() =>
                              void client.outbox.discard({ entryId: item.id }).then(actions.reportFailure)
                            }
                          >
                            {t('outbox.discard')}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      <DialogFooter onCancel={onClose} cancel={t('common.close')} submit={null} />
    </Dialog>
  );
}
