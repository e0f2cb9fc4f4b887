// Connection and data age on one line, always visible: a status that is minutes old must say so. The line
// carries the connection, the OLDEST dataset's age (the weakest link) and, when refreshes fail, the failure
// once; the per-dataset detail sits in a popover ("Details") so the bar never wraps.

import type { DatasetName, SyncState } from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import { formatAge, formatError, t } from '../i18n/index.js';
import { useEffect, useRef } from 'react';
import { useShell, useStores } from '../state/context.js';
import { parseTimestamp } from '../domain/time-zone.js';
import { useNow } from './hooks.js';
import { BulkJobsIndicator } from './BulkJob.js';
import { OutboxIndicator } from './OutboxIndicator.js';

const DATASET_LABEL = {
  devices: 'dataset.devices',
  folders: 'dataset.folders',
  sessions: 'dataset.sessions',
  users: 'dataset.users',
} as const;

/**
 * A dataset is stale when its refresh is overdue by more than this: due at `nextRefreshAt` (or, without
 * one, at its fetch), so a slow-polled dataset (users every 5 min) is not stale just for being 4 min old.
 */
export const DATASET_STALE_AFTER_MS = 5 * 60_000;
/**
 * Below this, every dataset is simply "up to date" (ages of seconds are noise), and only while connected:
 * a copy shown signed out, or data while connecting, is as old as it says, however recent.
 */
const UP_TO_DATE_MS = 60_000;

export function datasetLine(sync: SyncState, dataset: DatasetName, now: number): string {
  const status = sync.datasets[dataset];
  const name = t(DATASET_LABEL[dataset]);
  if (status?.error) return t('dataset.failed', { dataset: name, error: formatError(status.error) });
  if (status?.refreshing) return t('dataset.refreshing', { dataset: name });
  const at = parseTimestamp(status?.fetchedAt ?? sync.cacheSavedAt);
  if (!at) return t('dataset.never', { dataset: name });
  return t('dataset.age', { dataset: name, age: formatAge(now - at.getTime()) });
}

export interface DataAge {
  /** The dataset whose data is oldest, and how old; null when nothing has been fetched yet. */
  oldest: { dataset: DatasetName; ageMs: number } | null;
  stale: boolean;
  /** Distinct failure sentences over all datasets (one "could not reach" for four datasets). */
  errors: string[];
  refreshing: boolean;
}

const UNREACHABLE_KINDS = new Set(['network', 'timeout', 'offline']);

export function dataAge(sync: SyncState, now: number): DataAge {
  let oldest: DataAge['oldest'] = null;
  let stale = false;
  const errors = new Set<string>();
  let refreshing = false;
  // Offline already says the service cannot be reached: the line does not say it twice, nor "up to date".
  const offline = sync.connection === 'offline';
  for (const d of DATASET_NAMES) {
    const status = sync.datasets[d];
    if (status?.error && !(offline && UNREACHABLE_KINDS.has(status.error.kind)))
      errors.add(formatError(status.error));
    if (status?.refreshing) refreshing = true;
    const at = parseTimestamp(status?.fetchedAt ?? sync.cacheSavedAt);
    if (!at) continue;
    const ageMs = now - at.getTime();
    if (!oldest || ageMs > oldest.ageMs) oldest = { dataset: d, ageMs };
    const due = parseTimestamp(status?.nextRefreshAt) ?? at;
    if (now - due.getTime() > DATASET_STALE_AFTER_MS) stale = true;
  }
  return { oldest, stale, errors: [...errors], refreshing };
}

export function StatusBar() {
  const sync = useShell((s) => s.sync);
  const refreshAsked = useShell((s) => s.refreshesPending > 0);
  // Nothing syncs while a sign-in is needed (the copy shown signed out): "Idle" would hide why.
  const signInNeeded = useShell((s) => s.auth?.status === 'reauth-required');
  const hostLink = useShell((s) => s.hostLink);
  const now = useNow(5_000);
  useAnnounceConnection(sync?.connection);
  if (!sync) return null;
  const age = dataAge(sync, now);
  return (
    <footer className="statusbar" aria-label={t('status.bar')}>
      {hostLink === 'up' ? (
        <span className={`connection connection-${sync.connection}`}>
          <span className="dot" aria-hidden="true" />
          {sync.connection === 'idle' && signInNeeded
            ? t('connection.notSyncing')
            : t(`connection.${sync.connection}`)}
        </span>
      ) : (
        // The host's last word about the service means nothing once the host itself is gone.
        <span className="connection connection-offline">
          <span className="dot" aria-hidden="true" />
          {t(hostLink === 'gone' ? 'connection.hostGone' : 'connection.hostReplaced')}
        </span>
      )}
      <span className={age.stale ? 'data-age stale' : 'data-age'}>
        {age.oldest && age.oldest.ageMs < UP_TO_DATE_MS && !age.stale && sync.connection === 'online'
          ? t('status.upToDate')
          : age.oldest
            ? t('status.oldest', {
                age: formatAge(age.oldest.ageMs),
                dataset: t(DATASET_LABEL[age.oldest.dataset]),
              })
            : t('status.noData')}
      </span>
      {(age.refreshing || refreshAsked) && <span>{t('status.refreshing')}</span>}
      {age.errors.length > 0 && <span className="failed">{age.errors.join(' ')}</span>}
      <OutboxIndicator />
      <BulkJobsIndicator />
      {sync.progress && (
        <span className="progress-inline">
          <progress max={sync.progress.total} value={sync.progress.done} aria-label={sync.progress.label} />
          {t('progress.label', sync.progress)}
        </span>
      )}
      <details className="status-details">
        <summary>{t('status.details')}</summary>
        <ul>
          {DATASET_NAMES.map((d) => (
            <li key={d} className={sync.datasets[d]?.error ? 'failed' : undefined}>
              {datasetLine(sync, d, now)}
            </li>
          ))}
        </ul>
      </details>
    </footer>
  );
}

/** A change of connection (offline, back online) is said in the polite live region. */
function useAnnounceConnection(connection: SyncState['connection'] | undefined) {
  const stores = useStores();
  const last = useRef(connection);
  useEffect(() => {
    const before = last.current;
    last.current = connection;
    if (!connection || !before || before === connection || connection === 'connecting') return;
    stores.uiActions.announce(t(`connection.${connection}`));
  }, [connection, stores]);
}
