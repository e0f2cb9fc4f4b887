// Connection and per-dataset age, always visible: a status that is minutes old must say so.

import type { DatasetName, SyncState } from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import { formatAge, formatError, t } from '../i18n/index.js';
import { useShell } from '../state/context.js';
import { parseTimestamp } from '../domain/time-zone.js';
import { useNow } from './hooks.js';

const DATASET_LABEL = {
  devices: 'dataset.devices',
  folders: 'dataset.folders',
  sessions: 'dataset.sessions',
  users: 'dataset.users',
} as const;

export function datasetLine(sync: SyncState, dataset: DatasetName, now: number): string {
  const status = sync.datasets[dataset];
  const name = t(DATASET_LABEL[dataset]);
  if (status?.error) return t('dataset.failed', { dataset: name, error: formatError(status.error) });
  if (status?.refreshing) return t('dataset.refreshing', { dataset: name });
  const at = parseTimestamp(status?.fetchedAt ?? sync.cacheSavedAt);
  if (!at) return t('dataset.never', { dataset: name });
  return t('dataset.age', { dataset: name, age: formatAge(now - at.getTime()) });
}

export function StatusBar() {
  const sync = useShell((s) => s.sync);
  const now = useNow(5_000);
  if (!sync) return null;
  return (
    <footer className="statusbar" aria-label={t('status.bar')}>
      <span className={`connection connection-${sync.connection}`}>
        <span className="dot" aria-hidden="true" />
        {t(`connection.${sync.connection}`)}
      </span>
      {DATASET_NAMES.map((d) => (
        <span key={d} className={sync.datasets[d]?.error ? 'dataset failed' : 'dataset'}>
          {datasetLine(sync, d, now)}
        </span>
      ))}
      {sync.progress && (
        <span className="progress-inline">
          <progress max={sync.progress.total} value={sync.progress.done} aria-label={sync.progress.label} />
          {t('progress.label', sync.progress)}
        </span>
      )}
    </footer>
  );
}
