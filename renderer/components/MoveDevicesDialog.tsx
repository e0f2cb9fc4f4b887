// The keyboard (and menu) way to move devices: pick a destination folder or "Unassigned".

import { useState, type FormEvent } from 'react';
import type { BulkMoveResult } from '../../shared/ipc/contract.js';
import { folderPath } from '../domain/folder-tree.js';
import { formatError, t } from '../i18n/index.js';
import { useFolderTree, useStores, useUi } from '../state/context.js';
import { Dialog } from './Dialog.js';
import { ErrorText } from './ErrorText.js';

const UNASSIGNED = '';

export function MoveDevicesDialog() {
  const stores = useStores();
  const ids = useUi((s) => s.moveDialogIds);
  const tree = useFolderTree();
  const [target, setTarget] = useState(UNASSIGNED);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkMoveResult | null>(null);
  if (!ids) return null;
  const close = () => {
    setResult(null);
    setError(null);
    stores.uiActions.closeMoveDialog();
  };
  const options = [...tree.byId.keys()]
    .map((id) => ({ id, label: folderPath(tree, id) }))
    .sort((a, b) => a.label.localeCompare(b.label));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const r = await stores.actions.moveDevices(ids!, target === UNASSIGNED ? null : target);
    setBusy(false);
    if (!r.ok) return setError(formatError(r.error));
    if (!r.value.failed.length) return close();
    setResult(r.value);
  }

  return (
    <Dialog title={t('devices.moveDialog')} onClose={close}>
      <form onSubmit={submit}>
        <div className="dialog-body">
          <p>{t('devices.dragLabel', { count: ids.length })}</p>
          <label className="field">
            <span>{t('devices.moveTo')}</span>
            <select value={target} onChange={(e) => setTarget(e.target.value)} data-autofocus>
              <option value={UNASSIGNED}>{t('folders.unassigned')}</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          {error && (
            <p role="alert" className="error-text">
              {error}
            </p>
          )}
          {result && (
            <div role="alert">
              <p>{t('devices.moveResult', { moved: result.moved.length, total: ids.length })}</p>
              <p>{t('devices.moveFailed', { count: result.failed.length })}</p>
              <ul className="failures">
                {result.failed.slice(0, 20).map((f) => (
                  <li key={f.id}>
                    {f.id}: <ErrorText error={f.error} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <div className="dialog-footer">
          <button type="button" onClick={close}>
            {result ? t('common.close') : t('common.cancel')}
          </button>
          {!result && (
            <button type="submit" className="primary" disabled={busy}>
              {t('devices.moveConfirm')}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
