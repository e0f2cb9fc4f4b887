// The detail panel: the full hardware description of the device in focus, inline alias edit (Enter saves,
// Escape cancels) and the move/unassign actions for the whole selection.

import { useState } from 'react';
import type { AppError } from '../../shared/errors.js';
import type { Device, Id } from '../../shared/model.js';
import { DETAIL_COLUMNS, detailText, type ColumnContext } from '../domain/device-columns.js';
import { MAX_NAME } from '../../shared/ipc/limits.js';
import { formatError, t } from '../i18n/index.js';
import { useData, useFolderTree, useStores, useUi, useWriteBlocked } from '../state/context.js';
import { useNow } from './hooks.js';
import { deviceDisplayName } from './DeviceCells.js';
import { DeviceHistory } from './DeviceHistory.js';

export function DeviceDetail({
  editingAlias,
  setEditingAlias,
}: {
  editingAlias: Id | null;
  setEditingAlias: (id: Id | null) => void;
}) {
  const stores = useStores();
  const selected = useUi((s) => s.selectedDeviceIds);
  const activeId = useUi((s) => s.activeDeviceId);
  const devices = useData((s) => s.devices);
  // The Map is updated in place: its version is what re-renders the panel when the device changed.
  useData((s) => s.versions.devices);
  // Subscribed for what the fields read through the column context: folder paths, the device's since row.
  useFolderTree();
  const blocked = useWriteBlocked();
  const now = useNow(15_000, stores.now);

  const focusId =
    activeId && selected.has(activeId) ? activeId : selected.size === 1 ? [...selected][0]! : null;
  const device = focusId ? devices.get(focusId) : undefined;
  // A row is made per read (since-table.ts): its text is what says it changed.
  useData((s) => (focusId ? s.since.get(focusId)?.join(' ') : undefined));

  return (
    // The close button sits in a head of its own above the scrolling body: drawn over the body, it
    // covered the fields scrolled under it.
    <aside className="detail-pane with-head" aria-label={t('devices.detail')}>
      <div className="pane-head">
        <button
          type="button"
          className="icon-button pane-close"
          aria-label={t('devices.closeDetail')}
          title={t('devices.closeDetail')}
          onClick={() => stores.uiActions.clearSelection()}
        >
          ×
        </button>
      </div>
      <div className="pane-body">
        {selected.size > 0 && (
          <div className="detail-actions">
            <p>{t('devices.selected', { count: selected.size })}</p>
            <button
              type="button"
              disabled={!!blocked}
              title={blocked ?? 'M'}
              onClick={() => stores.uiActions.openMoveDialog([...selected])}
            >
              {t('devices.move')}
            </button>
            <button
              type="button"
              disabled={!!blocked}
              title={blocked ?? undefined}
              onClick={() => void stores.actions.moveDevices([...selected], null)}
            >
              {t('devices.unassign')}
            </button>
            {blocked && <p className="hint reason">{blocked}</p>}
          </div>
        )}
        {!device ? (
          <p className="empty">
            {selected.size > 1 ? t('devices.detailMany', { count: selected.size }) : t('devices.detailEmpty')}
          </p>
        ) : (
          <DeviceFields
            device={device}
            ctx={stores.views.columnContext(now)}
            editing={editingAlias === device.id}
            setEditing={(on) => setEditingAlias(on ? device.id : null)}
            blocked={blocked}
          />
        )}
        {device && <DeviceHistory deviceId={device.id} />}
      </div>
    </aside>
  );
}

function DeviceFields(props: {
  device: Device;
  ctx: ColumnContext;
  editing: boolean;
  setEditing: (on: boolean) => void;
  blocked: string | null;
}) {
  const d = props.device;
  // Each field's row as the display registry words it, in its order (the alias has its editor above).
  const rows = DETAIL_COLUMNS.map((c) => [t(c.label), detailText(c, d, props.ctx) || t('common.none')]);
  return (
    <section aria-labelledby="device-detail-title">
      <h2 id="device-detail-title">{deviceDisplayName(d)}</h2>
      <div className="alias-row">
        <span className="label">{t('columns.alias')}</span>
        {props.editing ? (
          <AliasEditor key={d.id} device={d} onDone={() => props.setEditing(false)} />
        ) : (
          <>
            <span>{d.alias || t('common.none')}</span>
            <button
              type="button"
              className="link-button"
              disabled={!!props.blocked}
              title={props.blocked ?? 'F2'}
              onClick={() => props.setEditing(true)}
            >
              {t('devices.editAlias')}
            </button>
          </>
        )}
      </div>
      <dl className="fields">
        {rows.map(([label, value]) => (
          <div key={label} className="field-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AliasEditor({ device, onDone }: { device: Device; onDone: () => void }) {
  const { client } = useStores();
  const [value, setValue] = useState(device.alias ?? '');
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (value.trim() === (device.alias ?? '')) return onDone();
    setBusy(true);
    const result = await client.devices.setAlias({ id: device.id, alias: value.trim() });
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.error);
  }
  return (
    <span className="alias-editor">
      <input
        aria-label={t('devices.aliasInput')}
        value={value}
        autoFocus
        maxLength={MAX_NAME}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'alias-error' : 'alias-hint'}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onDone();
          }
        }}
      />
      <small id="alias-hint" className="hint">
        {t('devices.aliasHint')}
      </small>
      {error && (
        <span id="alias-error" role="alert" className="error-text">
          {formatError(error)}
        </span>
      )}
    </span>
  );
}
