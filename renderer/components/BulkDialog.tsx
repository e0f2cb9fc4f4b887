// "Change all that match": every row of the current view (not only the selected ones), moved to a folder,
// unassigned, or given aliases from a pattern. A preview first (how many, from which folders, the first
// aliases); then the change goes to the main process's durable outbox as one batch (bulk:start), and the
// dialog shows that batch live (BulkJobView): progress, failures, pause, resume, cancel, retry.

import { useMemo, useState } from 'react';
import type { Id } from '../../shared/model.js';
import type { BulkRequest } from '../../shared/outbox.js';
import { hasCounter, parseAliasPattern } from '../domain/alias-pattern.js';
import { planBulk, previewBulk, type BulkChange, type BulkPlan } from '../domain/bulk-plan.js';
import { folderPath } from '../domain/folder-tree.js';
import { t } from '../i18n/index.js';
import { useData, useDeviceView, useFolderTree, useStores, useWriteBlocked } from '../state/context.js';
import { BulkJobView } from './BulkJob.js';
import { BulkPreviewSection, startBulk, type StartedBulk } from './BulkPreview.js';
import { Dialog } from './Dialog.js';
import { DialogFooter, Field, FolderPicker } from './FormKit.js';

type Kind = 'move' | 'unassign' | 'alias';

/** What the outbox is asked to do for a plan, and the label the batch keeps (status bar, after a restart). */
function bulkRequest(plan: BulkPlan, folderName: (id: Id) => string): BulkRequest {
  const count = plan.items.length;
  const change = plan.change;
  if (change.kind === 'alias')
    return {
      kind: 'alias',
      items: plan.items.map((i) => ({ id: i.id, alias: i.alias ?? '' })),
      label: t('bulk.labelAlias', { count }),
    };
  const folderId = change.kind === 'move' ? change.folderId : null;
  return {
    kind: 'move',
    ids: plan.items.map((i) => i.id),
    folderId,
    label:
      folderId === null
        ? t('bulk.labelUnassign', { count })
        : t('bulk.labelMove', { count, folder: folderName(folderId) }),
  };
}

export function BulkDialog(props: { onClose: () => void }) {
  const stores = useStores();
  const view = useDeviceView();
  const devices = useData((s) => s.devices);
  const tree = useFolderTree();
  const blocked = useWriteBlocked();
  const [kind, setKind] = useState<Kind>('move');
  const [folderId, setFolderId] = useState<Id | ''>('');
  const [pattern, setPattern] = useState('{folder}-{n:3}');
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState<StartedBulk | null>(null);

  const folderName = (id: Id) => tree.byId.get(id)?.name;
  const rows = useMemo(() => view.rows.map((id) => devices.get(id)!).filter(Boolean), [view.rows, devices]);
  const parsed = parseAliasPattern(pattern);
  // Frozen once started: later polls change the rows, not what was sent.
  const plan = useMemo(() => {
    if (started) return null;
    const aliasParts = parseAliasPattern(pattern);
    const change: BulkChange | null =
      kind === 'unassign'
        ? { kind: 'unassign' }
        : kind === 'move'
          ? folderId
            ? { kind: 'move', folderId }
            : null
          : aliasParts.ok
            ? { kind: 'alias', parts: aliasParts.parts }
            : null;
    return change ? planBulk(rows, change, (id) => tree.byId.get(id)?.name) : null;
  }, [rows, kind, folderId, pattern, tree, started]);
  const preview = plan ? previewBulk(rows, plan) : null;

  async function start(p: BulkPlan) {
    setStarting(true);
    const result = await startBulk(
      stores,
      bulkRequest(p, (id) => folderPath(tree, id)),
    );
    setStarting(false);
    if (result) setStarted(result);
  }

  return (
    <Dialog title={t('bulk.title')} onClose={props.onClose} wide headerClose={false}>
      <div className="dialog-body bulk">
        <fieldset disabled={starting || started !== null}>
          <legend>{t('bulk.action')}</legend>
          {(['move', 'unassign', 'alias'] as const).map((k) => (
            <label key={k} className="inline-field">
              <input type="radio" name="bulk-kind" checked={kind === k} onChange={() => setKind(k)} />
              {t(`bulk.${k}`)}
            </label>
          ))}
          {kind === 'move' && (
            <FolderPicker label={t('bulk.move')} value={folderId} onChange={setFolderId} none="—" />
          )}
          {kind === 'alias' && (
            <Field
              id="bulk-pattern"
              label={t('bulk.pattern')}
              hint={parsed.ok && !hasCounter(parsed.parts) ? t('bulk.noCounter') : undefined}
              error={parsed.ok ? null : parsed.error.message}
            >
              {(control) => (
                <input {...control} value={pattern} onChange={(e) => setPattern(e.target.value)} />
              )}
            </Field>
          )}
        </fieldset>
        {preview && (
          <BulkPreviewSection preview={preview} showAliases={kind === 'alias'} folderName={folderName} />
        )}
        {started && started.batchId === null && <p role="status">{t('bulk.nothingToSend')}</p>}
        {started && started.unknown + started.unchanged > 0 && (
          <p className="field-hint">{t('bulk.leftOut', { count: started.unknown + started.unchanged })}</p>
        )}
        {started?.batchId && <BulkJobView batchId={started.batchId} total={started.total} />}
        {blocked && <p className="error-text">{blocked}</p>}
      </div>
      <DialogFooter
        onCancel={props.onClose}
        cancel={t('common.close')}
        submit={started ? null : t('bulk.run', { count: preview?.count ?? 0 })}
        onSubmit={() => plan && void start(plan)}
        disabled={starting || !plan || !preview?.count || !!blocked}
      />
    </Dialog>
  );
}
