// The outbox on the status bar: how many changes wait for the service (and why), the list of them (each
// cancelled, retried or dropped there: OutboxList), and the conflicts found when a waiting change met an
// item someone else had changed, each resolved here (keep mine / take theirs).

import { useEffect, useState } from 'react';
import type { KnownLanguage } from '../../shared/model.js';
import type { OutboxConflict, OutboxWrite } from '../../shared/outbox.js';
import { languageName } from '../domain/labels.js';
import { parseTimestamp, displayTime } from '../domain/time-zone.js';
import { formatError, t, type MessageKey } from '../i18n/index.js';
import { useData, useShell, useStores } from '../state/context.js';
import { Dialog } from './Dialog.js';
import { DialogFooter } from './FormKit.js';
import { OutboxList } from './OutboxList.js';

export function OutboxIndicator() {
  const outbox = useShell((s) => s.outbox);
  const [open, setOpen] = useState(false);
  const [listing, setListing] = useState(false);
  if (!outbox) return null;
  const failed = outbox.items.filter((i) => i.state === 'failed' && i.batchId === null);
  const conflicts = outbox.conflicts.length;
  if (outbox.pending === 0 && failed.length === 0) return null;
  const waitingFor =
    outbox.waiting === 'offline'
      ? t('outbox.waitingOffline')
      : outbox.waiting === 'signed-out'
        ? t('outbox.waitingSignIn')
        : null;
  const waiting = outbox.pending - conflicts;
  return (
    <>
      <span className="outbox-indicator" role="status" aria-label={t('outbox.pending', { count: waiting })}>
        {waiting > 0 &&
          (waitingFor
            ? `${t('outbox.pending', { count: waiting })} — ${waitingFor}`
            : t('outbox.sending', { count: waiting }))}
        {(conflicts > 0 || failed.length > 0) && (
          <button type="button" className="link-button" onClick={() => setOpen(true)}>
            {[
              conflicts > 0 ? t('outbox.conflicts', { count: conflicts }) : '',
              failed.length > 0 ? t('outbox.failed', { count: failed.length }) : '',
            ]
              .filter(Boolean)
              .join(', ')}
          </button>
        )}
        {open && <ConflictDialog onClose={() => setOpen(false)} />}
      </span>
      {/* Beside the status, not in it: the live region reads the count, not this button's name. */}
      {outbox.items.some((i) => i.batchId === null) && (
        <button type="button" className="link-button" onClick={() => setListing(true)}>
          {t('outbox.listShow')}
        </button>
      )}
      {listing && <OutboxList onClose={() => setListing(false)} />}
    </>
  );
}

function ConflictDialog({ onClose }: { onClose: () => void }) {
  const { client } = useStores();
  const outbox = useShell((s) => s.outbox);
  const conflicts = outbox?.conflicts ?? [];
  const failed = (outbox?.items ?? []).filter((i) => i.state === 'failed' && i.batchId === null);
  const empty = conflicts.length === 0 && failed.length === 0;
  // The last conflict resolved (here or by a later change): nothing left to show.
  useEffect(() => {
    if (empty) onClose();
  }, [empty, onClose]);
  if (empty) return null;
  return (
    <Dialog title={t('outbox.conflictTitle')} onClose={onClose} wide>
      <div className="dialog-body">
        {conflicts.length > 0 && <p>{t('outbox.conflictIntro')}</p>}
        <ul className="outbox-conflicts">
          {conflicts.map((c) => (
            <ConflictRow key={c.entryId} conflict={c} />
          ))}
          {failed.map((item) => (
            <li key={item.id}>
              <WriteName write={item.write} />: {item.error ? formatError(item.error) : ''}
              <div className="actions">
                <button type="button" onClick={() => void client.outbox.retry({ entryId: item.id })}>
                  {t('outbox.retry')}
                </button>
                <button type="button" onClick={() => void client.outbox.discard({ entryId: item.id })}>
                  {t('outbox.discard')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <DialogFooter onCancel={onClose} cancel={t('common.close')} submit={null} />
    </Dialog>
  );
}

function ConflictRow({ conflict }: { conflict: OutboxConflict }) {
  const { actions, client } = useStores();
  const resolve = (choice: 'mine' | 'theirs') =>
    client.outbox.resolve({ entryId: conflict.entryId, choice }).then(actions.reportFailure);
  const fields = Object.keys(conflict.theirs).filter((f) => f !== 'exists' && f !== 'id');
  const yours = mineOf(conflict.write);
  const folders = useData((s) => s.folders);
  const show = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') {
      if (field === 'folderId' && v === null) return t('folders.unassigned');
      if (field === 'parentId' && v === null) return t('folders.root');
      return t('outbox.empty');
    }
    if ((field === 'folderId' || field === 'parentId') && typeof v === 'string')
      return folders.get(v)?.name ?? t('statusNotice.unnamedFolder', { id: v });
    if (field === 'language' && typeof v === 'string') return languageName(v as KnownLanguage);
    if ((field === 'plannedInitTime' || field === 'plannedEndTime') && typeof v === 'string') {
      const at = parseTimestamp(v);
      if (at) return displayTime(at);
    }
    return String(v);
  };
  return (
    <li>
      <WriteName write={conflict.write} />
      <table className="outbox-compare">
        <thead>
          <tr>
            <th scope="col">{t('outbox.field')}</th>
            <th scope="col">{t('outbox.seen')}</th>
            <th scope="col">{t('outbox.theirs')}</th>
            <th scope="col">{t('outbox.yours')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f}>
              <th scope="row">{FIELD_LABEL[f] ? t(FIELD_LABEL[f]) : f}</th>
              <td>{show(f, conflict.seen[f])}</td>
              <td>{show(f, conflict.theirs[f])}</td>
              <td>{show(f, yours[f])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void resolve('mine')}>
          {t('outbox.keepMine')}
        </button>
        <button type="button" onClick={() => void resolve('theirs')}>
          {t('outbox.takeTheirs')}
        </button>
      </div>
    </li>
  );
}

/** The fields a conflict compares, by the names the forms give them. */
const FIELD_LABEL: Record<string, MessageKey | undefined> = {
  alias: 'columns.alias',
  folderId: 'columns.folder',
  name: 'folders.name',
  parentId: 'folders.parent',
  customer: 'sessions.customer',
  customerMail: 'sessions.customerMail',
  language: 'sessions.language',
  plannedInitTime: 'sessions.plannedStart',
  plannedEndTime: 'sessions.plannedEnd',
};

function mineOf(write: OutboxWrite): Record<string, unknown> {
  switch (write.kind) {
    case 'device':
      return { alias: write.alias, folderId: write.folderId };
    case 'folder-create':
    case 'folder-update':
      return { name: write.name, parentId: write.parentId };
    case 'folder-delete':
      return {};
    case 'session-update':
      return { ...write.update };
  }
}

/** The item by the name the technician knows it by. */
function WriteName({ write }: { write: OutboxWrite }) {
  const devices = useData((s) => s.devices);
  const folders = useData((s) => s.folders);
  const sessions = useData((s) => s.sessions);
  let name: string;
  if (write.kind === 'device') name = devices.get(write.id)?.name ?? write.id;
  else if (write.kind === 'folder-create') name = write.name;
  else if (write.kind === 'session-update') name = sessions.get(write.id)?.customer ?? write.id;
  else name = folders.get(write.id)?.name ?? write.id;
  return <strong>{name}</strong>;
}
