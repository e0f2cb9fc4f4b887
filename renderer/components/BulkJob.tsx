// A bulk change running in the main process's outbox (one batch): its live progress, the devices it could
// not change and why, and pause / resume / cancel / retry of the failed ones. The batch lives in the
// outbox's journal, so it goes on with this window closed and after a restart; the status bar lists the
// batches still running, paused or holding failures, and opens this view for one of them. A finished move
// or alias change offers its undo here.

import { useEffect, useState } from 'react';
import type { BulkProgress } from '../../shared/outbox.js';
import { formatError, t } from '../i18n/index.js';
import type { Id } from '../../shared/model.js';
import { previewBulk } from '../domain/bulk-plan.js';
import { planUndo, undoRequest, type BulkRecord } from '../domain/bulk-undo.js';
import { useData, useFolderTree, useShell, useStores, useUi, useWriteBlocked } from '../state/context.js';
import { BulkPreviewSection, startBulk, type StartedBulk } from './BulkPreview.js';
import { Dialog } from './Dialog.js';
import { DialogFooter } from './FormKit.js';
import { useUiCommand } from './hooks.js';

const FAILURES_SHOWN = 50;

/** Still worth showing: running, paused, or failures waiting for a retry. */
export function isOpenJob(b: BulkProgress): boolean {
  return b.state === 'running' || b.state === 'paused' || b.failed > 0;
}

export function useBulkJob(batchId: string): BulkProgress | null {
  return useShell((s) => s.outbox?.batches.find((b) => b.id === batchId) ?? null);
}

/**
 * The undo record of a finished change: the outbox keeps it with the batch (across a reload or a restart),
 * this window asks for it once and keeps it beside the batch.
 */
function useUndoRecord(job: BulkProgress | null): BulkRecord | undefined {
  const { client, uiActions } = useStores();
  const record = useUi((s) => (job ? s.bulkRecords.get(job.id) : undefined));
  const wanted = job?.state === 'finished' && job.undoable && !record ? job.id : null;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void client.outbox.bulkUndoRecord({ batchId: wanted }).then((reply) => {
      if (live && reply.ok && reply.value) uiActions.rememberBulk(wanted, reply.value);
    });
    return () => {
      live = false;
    };
  }, [wanted, client, uiActions]);
  return record;
}

export function BulkJobView(props: { batchId: string; total: number }) {
  const { actions, client } = useStores();
  const job = useBulkJob(props.batchId);
  const devices = useData((s) => s.devices);
  const blocked = useWriteBlocked();
  const [busy, setBusy] = useState(false);
  // Until the first outbox event after the start arrives (≤ 100 ms), nothing is done yet.
  const shown: BulkProgress = job ?? {
    id: props.batchId,
    label: '',
    total: props.total,
    done: 0,
    failed: 0,
    cancelled: 0,
    pending: props.total,
    state: 'running',
    failures: [],
    undoable: false,
  };
  const act = (step: 'bulkPause' | 'bulkResume' | 'bulkCancel' | 'bulkRetry') => {
    setBusy(true);
    void client.outbox[step]({ batchId: props.batchId })
      .then(actions.reportFailure)
      .finally(() => setBusy(false));
  };
  // Given up on (a device deleted meanwhile fails for good): the change leaves the status bar. The listed
  // failures (at most 200) go at once; a larger remainder takes another click.
  const discardFailed = () => {
    setBusy(true);
    void Promise.all(
      shown.failures.map((f) => client.outbox.discard({ entryId: f.entryId }).then(actions.reportFailure)),
    ).finally(() => setBusy(false));
  };
  const live = shown.state === 'running' || shown.state === 'paused';
  return (
    <div className="bulk-progress">
      <progress
        value={shown.done + shown.failed + shown.cancelled}
        max={Math.max(1, shown.total)}
        aria-label={t('bulk.progressLabel')}
      />
      <p role="status" aria-live="polite" data-testid="bulk-status">
        <strong>{t(`bulk.state.${shown.state}`)}</strong>{' '}
        {t('bulk.progress', { done: shown.done, total: shown.total, failed: shown.failed })}
        {shown.cancelled > 0 ? ` ${t('bulk.cancelledCount', { count: shown.cancelled })}` : ''}
      </p>
      {live && <p className="field-hint">{t('bulk.background')}</p>}
      {shown.failures.length > 0 && (
        <section aria-label={t('bulk.failuresTitle')}>
          <h3>{t('bulk.failuresTitle')}</h3>
          <ul className="bulk-failures">
            {shown.failures.slice(0, FAILURES_SHOWN).map((f) => (
              <li key={f.entryId}>
                {devices.get(f.itemId)?.name ?? f.itemId}: {formatError(f.error)}
              </li>
            ))}
          </ul>
          {shown.failed > FAILURES_SHOWN && (
            <p>{t('bulk.moreFailures', { count: shown.failed - FAILURES_SHOWN })}</p>
          )}
        </section>
      )}
      <div className="actions">
        {shown.state === 'running' && (
          <button type="button" disabled={busy} onClick={() => act('bulkPause')}>
            {t('bulk.pause')}
          </button>
        )}
        {shown.state === 'paused' && (
          <button
            type="button"
            className="primary"
            disabled={busy || !!blocked}
            onClick={() => act('bulkResume')}
          >
            {t('bulk.resume')}
          </button>
        )}
        {live && (
          <button type="button" disabled={busy} onClick={() => act('bulkCancel')}>
            {t('bulk.cancelRest')}
          </button>
        )}
        {shown.failed > 0 && (
          <button type="button" disabled={busy || !!blocked} onClick={() => act('bulkRetry')}>
            {t('bulk.retry')}
          </button>
        )}
        {shown.failed > 0 && (
          <button type="button" disabled={busy} onClick={discardFailed}>
            {t('bulk.discardFailed')}
          </button>
        )}
      </div>
      {shown.state === 'finished' && <BulkUndo batchId={props.batchId} />}
    </div>
  );
}

/**
 * "Undo" for a finished bulk move or alias change, while nothing has changed its devices since: the same
 * preview as any bulk change, then a new bulk job through the outbox, followed here like the first.
 */
function BulkUndo(props: { batchId: string }) {
  const stores = useStores();
  const job = useBulkJob(props.batchId);
  const record = useUndoRecord(job);
  const devices = useData((s) => s.devices);
  const tree = useFolderTree();
  const blocked = useWriteBlocked();
  const [previewing, setPreviewing] = useState(false);
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState<StartedBulk | null>(null);
  if (!record) return null;
  if (started?.batchId)
    return (
      <section className="bulk-undo" aria-label={t('bulk.undo.title')}>
        <h3>{t('bulk.undo.title')}</h3>
        <BulkJobView batchId={started.batchId} total={started.total} />
      </section>
    );
  const plan = planUndo(record, (id) => devices.get(id));
  if (!plan.ok)
    return plan.changed.length > 0 ? (
      <p className="field-hint">{t('bulk.undo.changedSince', { count: plan.changed.length })}</p>
    ) : null;
  if (!previewing)
    return (
      <div className="actions">
        <button type="button" disabled={!!blocked} onClick={() => setPreviewing(true)}>
          {t('bulk.undo')}
        </button>
      </div>
    );
  const folderName = (id: Id) => tree.byId.get(id)?.name;
  const rows = plan.items.map((i) => devices.get(i.id)!);
  const preview = previewBulk(rows, {
    items: plan.items.map((i) =>
      record.kind === 'alias' ? { id: i.id, alias: i.value ?? '' } : { id: i.id },
    ),
  });
  const back = new Map<Id | null, number>();
  if (record.kind === 'move') for (const i of plan.items) back.set(i.value, (back.get(i.value) ?? 0) + 1);
  const label = t('bulk.undo.label', { label: job?.label ?? '' });
  async function run(p: typeof plan & { ok: true }) {
    setStarting(true);
    const result = await startBulk(stores, undoRequest(record!.kind, p, label));
    setStarting(false);
    if (result) setStarted(result);
  }
  return (
    <section className="bulk-undo" aria-label={t('bulk.undo.title')}>
      <h3>{t('bulk.undo.title')}</h3>
      <BulkPreviewSection
        preview={preview}
        showAliases={record.kind === 'alias'}
        toFolders={[...back]
          .map(([folderId, count]) => ({ folderId, count }))
          .sort((a, b) => b.count - a.count)}
        folderName={folderName}
      />
      {started && started.batchId === null && <p role="status">{t('bulk.nothingToSend')}</p>}
      <div className="actions">
        <button type="button" onClick={() => setPreviewing(false)}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={starting || !!blocked}
          onClick={() => void run(plan)}
        >
          {t('bulk.undo.run', { count: preview.count })}
        </button>
      </div>
    </section>
  );
}

/** The dialog the status bar opens for one batch (possibly one started before a restart). */
export function BulkJobDialog(props: { batchId: string; onClose: () => void }) {
  const job = useBulkJob(props.batchId);
  return (
    <Dialog title={job?.label || t('bulk.title')} onClose={props.onClose} wide headerClose={false}>
      <div className="dialog-body bulk">
        <BulkJobView batchId={props.batchId} total={job?.total ?? 0} />
      </div>
      <DialogFooter onCancel={props.onClose} cancel={t('common.close')} submit={null} />
    </Dialog>
  );
}

/** The last finished bulk change (kept by the outbox) if it can still be undone, or null. */
export function useLastUndoable(): BulkProgress | null {
  const batches = useShell((s) => s.outbox?.batches);
  const last = [...(batches ?? [])].reverse().find((b) => b.state === 'finished' && b.undoable) ?? null;
  const record = useUndoRecord(last);
  const devices = useData((s) => s.devices);
  if (!last || !record) return null;
  return planUndo(record, (id) => devices.get(id)).ok ? last : null;
}

/** On the status bar: each bulk change still running, paused or with failures, opening its view. */
export function BulkJobsIndicator() {
  const batches = useShell((s) => s.outbox?.batches);
  const jobs = batches?.filter(isOpenJob) ?? [];
  const [open, setOpen] = useState<string | null>(null);
  const undoable = useLastUndoable();
  // The palette's "Undo: …" opens the finished change's view, where its undo is previewed.
  useUiCommand('undo-bulk', () => undoable && setOpen(undoable.id));
  // The dialog stays open when its batch finishes (and leaves this list): the technician sees the end.
  if (jobs.length === 0 && open === null) return null;
  return (
    <span className="bulk-jobs">
      {jobs.map((job) => (
        <button key={job.id} type="button" className="link-button" onClick={() => setOpen(job.id)}>
          {t('bulk.jobLine', {
            label: job.label,
            done: job.done,
            total: job.total,
            state: t(`bulk.state.${job.state}`),
          })}
        </button>
      ))}
      {open && <BulkJobDialog batchId={open} onClose={() => setOpen(null)} />}
    </span>
  );
}
