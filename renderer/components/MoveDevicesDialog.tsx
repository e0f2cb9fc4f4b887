// The keyboard (and menu) way to move devices: pick a destination folder or "Unassigned".

import { useId, useState, type FormEvent } from 'react';
import type { BulkMoveResult } from '../../shared/ipc/contract.js';
import type { Id } from '../../shared/model.js';
import { formatError, t } from '../i18n/index.js';
import { useData, useStores, useUi } from '../state/context.js';
import { deviceDisplayName } from './DeviceCells.js';
import { Dialog } from './Dialog.js';
import { ErrorText } from './ErrorText.js';
import { DialogFooter, FolderPicker, NO_FOLDER } from './FormKit.js';

export function MoveDevicesDialog() {
  const stores = useStores();
  const ids = useUi((s) => s.moveDialogIds);
  const [target, setTarget] = useState<Id | typeof NO_FOLDER>(NO_FOLDER);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkMoveResult | null>(null);
  const failedId = useId();
  const devices = useData((s) => s.devices);
  if (!ids) return null;
  const close = () => {
    setResult(null);
    setError(null);
    stores.uiActions.closeMoveDialog();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const r = await stores.actions.moveDevices(ids!, target === NO_FOLDER ? null : target);
    setBusy(false);
    if (!r.ok) return setError(formatError(r.error));
    if (!r.value.failed.length) return close();
    setResult(r.value);
  }

  return (
    <Dialog title={t('devices.moveDialog')} onClose={close} headerClose={!result}>
      <form onSubmit={submit}>
        <div className="dialog-body">
          <p>{t('devices.dragLabel', { count: ids.length })}</p>
          <FolderPicker
            label={t('devices.moveTo')}
            value={target}
            onChange={setTarget}
            none={t('folders.unassigned')}
            autoFocus
          />
          {error && (
            <p role="alert" className="error-text">
              {error}
            </p>
          )}
          {result && (
            <div role="alert">
              <p>{t('devices.moveResult', { moved: result.moved.length, total: ids.length })}</p>
              <p id={failedId}>{t('devices.moveFailed', { count: result.failed.length })}</p>
              {/* It scrolls past a few lines: it takes focus (named by the line above) so keys scroll it. */}
              <ul className="failures" tabIndex={0} aria-labelledby={failedId}>
                {result.failed.slice(0, 20).map((f) => (
                  <li key={f.id}>
                    {/* By the name the technician sees in the grid; the id only for a device no longer listed. */}
                    {devices.has(f.id) ? deviceDisplayName(devices.get(f.id)!) : f.id}:{' '}
                    <ErrorText error={f.error} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <DialogFooter
          onCancel={close}
          cancel={result ? t('common.close') : undefined}
          submit={result ? null : t('devices.moveConfirm')}
          disabled={busy}
        />
      </form>
    </Dialog>
  );
}
