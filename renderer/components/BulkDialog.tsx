// "Change all that match": every row of the current view (not only the selected ones), moved to a folder,
// unassigned, or given aliases from a pattern. A preview first (how many, from which folders, the first
// aliases), then execution with progress, cancel and a retry of the failed ones. Executed through
// `BulkExecutor`: today the existing IPC (see bulk-plan.ts), the durable outbox once issue12 is merged.

import { useMemo, useRef, useState } from 'react';
import type { Id } from '../../shared/model.js';
import { hasCounter, parseAliasPattern } from '../domain/alias-pattern.js';
import {
  directExecutor,
  planBulk,
  previewBulk,
  type BulkChange,
  type BulkPlan,
  type BulkProgress,
} from '../domain/bulk-plan.js';
import { folderPath } from '../domain/folder-tree.js';
import { formatError, t } from '../i18n/index.js';
import { useData, useDeviceView, useFolderTree, useStores, useWriteBlocked } from '../state/context.js';
import { Dialog } from './Dialog.js';

type Kind = 'move' | 'unassign' | 'alias';

export function BulkDialog(props: { onClose: () => void }) {
  const stores = useStores();
  const view = useDeviceView();
  const devices = useData((s) => s.devices);
  const tree = useFolderTree();
  const blocked = useWriteBlocked();
  const [kind, setKind] = useState<Kind>('move');
  const [folderId, setFolderId] = useState<Id | ''>('');
  const [pattern, setPattern] = useState('{folder}-{n:3}');
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const folderName = (id: Id) => tree.byId.get(id)?.name;
  const rows = useMemo(() => view.rows.map((id) => devices.get(id)!).filter(Boolean), [view.rows, devices]);
  const parsed = parseAliasPattern(pattern);
  const plan = useMemo(() => {
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
  }, [rows, kind, folderId, pattern, tree]);
  const preview = plan ? previewBulk(rows, plan) : null;

  async function run(p: BulkPlan) {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    const executor = directExecutor({
      move: async (ids, target) => {
        const r = await stores.actions.bulkMove(ids, target);
        if (!r.ok) return { moved: [], failed: ids.map((id) => ({ id, message: formatError(r.error) })) };
        return {
          moved: r.value.moved,
          failed: r.value.failed.map((f) => ({ id: f.id, message: formatError(f.error) })),
        };
      },
      setAlias: async (id, alias) => {
        const r = await stores.actions.writes['devices:set-alias']({ id, alias });
        return r.ok ? null : formatError(r.error);
      },
    });
    const result = await executor.run(p, setProgress, controller.signal);
    setProgress(result);
    setRunning(false);
  }

  function retryFailed() {
    if (!plan || !progress) return;
    const failed = new Set(progress.failed.map((f) => f.id));
    void run({ change: plan.change, items: plan.items.filter((i) => failed.has(i.id)) });
  }

  const folders = [...tree.byId.keys()]
    .map((id) => ({ id, path: folderPath(tree, id) }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return (
    <Dialog title={t('bulk.title')} onClose={() => (running ? abort.current?.abort() : props.onClose())} wide>
      <div className="dialog-body bulk">
        <fieldset disabled={running || progress !== null}>
          <legend>{t('bulk.action')}</legend>
          {(['move', 'unassign', 'alias'] as const).map((k) => (
            <label key={k} className="inline-field">
              <input type="radio" name="bulk-kind" checked={kind === k} onChange={() => setKind(k)} />
              {t(`bulk.${k}`)}
            </label>
          ))}
          {kind === 'move' && (
            <label className="field">
              <span>{t('bulk.move')}</span>
              <select value={folderId} onChange={(e) => setFolderId(e.target.value)}>
                <option value="">—</option>
                {folders.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.path}
                  </option>
                ))}
              </select>
            </label>
          )}
          {kind === 'alias' && (
            <label className="field">
              <span>{t('bulk.pattern')}</span>
              <input
                value={pattern}
                onChange={(e) => setPattern(e.target.value)}
                aria-invalid={parsed.ok ? undefined : true}
                aria-describedby="bulk-pattern-note"
              />
              <span id="bulk-pattern-note" className={parsed.ok ? 'field-hint' : 'error-text field-hint'}>
                {parsed.ok ? (hasCounter(parsed.parts) ? '' : t('bulk.noCounter')) : parsed.error.message}
              </span>
            </label>
          )}
        </fieldset>
        {preview && (
          <section className="bulk-preview" aria-label={t('bulk.title')}>
            <p>
              <strong>{t('bulk.previewCount', { count: preview.count })}</strong>
            </p>
            <p>
              {t('bulk.fromFolders', {
                folders: preview.fromFolders
                  .slice(0, 6)
                  .map(
                    (f) =>
                      `${f.folderId === null ? t('folders.unassigned') : (folderName(f.folderId) ?? f.folderId)} (${f.count})`,
                  )
                  .join(', '),
              })}
            </p>
            {kind === 'alias' && preview.firstAliases.length > 0 && (
              <p>{t('bulk.firstAliases', { aliases: preview.firstAliases.join(', ') })}</p>
            )}
            {kind !== 'alias' && <p className="field-hint">{t('bulk.viaMove')}</p>}
          </section>
        )}
        {progress && (
          <div className="bulk-progress">
            <progress value={progress.done + progress.failed.length} max={Math.max(1, progress.total)} />
            <p role="status" aria-live="polite">
              {running
                ? t('bulk.progress', {
                    done: progress.done,
                    total: progress.total,
                    failed: progress.failed.length,
                  })
                : t('bulk.done', { done: progress.done, failed: progress.failed.length })}
            </p>
            {!running && progress.failed.length > 0 && (
              <ul className="bulk-failures">
                {progress.failed.slice(0, 10).map((f) => (
                  <li key={f.id}>
                    {devices.get(f.id)?.name ?? f.id}: {f.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {blocked && <p className="error-text">{blocked}</p>}
      </div>
      <footer className="dialog-footer">
        {running ? (
          <button type="button" onClick={() => abort.current?.abort()}>
            {t('common.cancel')}
          </button>
        ) : (
          <button type="button" onClick={props.onClose}>
            {t('common.close')}
          </button>
        )}
        {!running && progress && progress.failed.length > 0 && (
          <button type="button" onClick={retryFailed} disabled={!!blocked}>
            {t('bulk.retry')}
          </button>
        )}
        {!progress && (
          <button
            type="button"
            className="primary"
            disabled={!plan || !preview?.count || !!blocked}
            onClick={() => plan && void run(plan)}
          >
            {t('bulk.run', { count: preview?.count ?? 0 })}
          </button>
        )}
      </footer>
    </Dialog>
  );
}
