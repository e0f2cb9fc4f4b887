// The manager's first look: the account's devices by status over the last 24 hours and 7 days (the
// chart: components/StatusChart.tsx), the folders with the most devices offline, outages, recent changes
// and today's sessions.

import { useEffect, useState } from 'react';
import type { HistoryOverview } from '../../shared/ipc/contract.js';
import { deviceLabel } from '../../shared/device-fields.js';
import type { Device } from '../../shared/model.js';
import { formatError, t } from '../i18n/index.js';
import { displayTime } from '../domain/time-zone.js';
import { historyStatusName } from '../domain/device-since.js';
import { useData, useStores } from '../state/context.js';
import { StatusChart } from '../components/StatusChart.js';
import { AccountsOverview } from '../components/AccountsOverview.js';
import { useAccounts } from '../components/AccountSwitcher.js';

const REFRESH_MS = 60_000;

function deviceName(d: Device | undefined, id: string): string {
  return deviceLabel(d) ?? id;
}

export function OverviewScreen() {
  const { client } = useStores();
  const [overview, setOverview] = useState<HistoryOverview | null>(null);
  /** Why the overview cannot be shown (in words), instead of "Loading…" for ever. */
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const sessions = useData((s) => s.sessions);
  const devices = useData((s) => s.devices);
  const sessionsVersion = useData((s) => s.versions.sessions);
  // Another account shown: its overview, asked for at once.
  const account = useAccounts((s) => s.active);

  useEffect(() => {
    let live = true;
    const load = () =>
      void client.status.historyOverview().then((r) => {
        if (!live) return;
        if (r.ok) {
          setOverview(r.value);
          setFailure(null);
        } else setFailure(formatError(r.error));
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [client, attempt, account]);

  void sessionsVersion;
  const today = new Date().toDateString();
  const todays = [...sessions.values()].filter((s) => {
    const at = s.initTime ?? s.plannedInitTime;
    return at !== null && new Date(at).toDateString() === today;
  });

  if (!overview && failure)
    return (
      <section className="overview" aria-labelledby="overview-title">
        <h1 id="overview-title">{t('overview.title')}</h1>
        <p role="alert">{t('overview.failed', { error: failure })}</p>
        <button type="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('overview.retry')}
        </button>
      </section>
    );
  if (!overview) return <p className="overview">{t('overview.loading')}</p>;
  return (
    // It scrolls: reachable by keyboard (tabIndex) and named by its heading (axe: scrollable-region-focusable).
    <section className="overview" aria-labelledby="overview-title" tabIndex={0}>
      <h1 id="overview-title">{t('overview.title')}</h1>
      <AccountsOverview />
      <p>{t('overview.now', overview.counts)}</p>
      <div className="overview-grid">
        <div className="overview-card">
          <StatusChart series={overview.day} title={t('overview.chartDay')} testId="overview-chart-day" />
        </div>
        <div className="overview-card">
          <StatusChart series={overview.week} title={t('overview.chartWeek')} testId="overview-chart-week" />
        </div>
        <div className="overview-card">
          <h2>{t('overview.outages')}</h2>
          {overview.outages.length === 0 ? (
            <p className="hint">{t('overview.noOutages')}</p>
          ) : (
            <ul data-testid="overview-outages">
              {overview.outages.map((o) => (
                <li key={`${o.folderId}-${o.start}`}>
                  {o.end === null
                    ? t('overview.outageOpen', {
                        name: o.folderName ?? t('statusNotice.unnamedFolder', { id: o.folderId }),
                        devices: o.devices,
                        size: o.folderSize,
                        time: displayTime(new Date(o.start), 'compact'),
                      })
                    : t('overview.outageEnded', {
                        name: o.folderName ?? t('statusNotice.unnamedFolder', { id: o.folderId }),
                        devices: o.devices,
                        size: o.folderSize,
                        from: displayTime(new Date(o.start), 'compact'),
                        to: displayTime(new Date(o.end), 'compact'),
                      })}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="overview-card">
          <h2>{t('overview.mostOffline')}</h2>
          <ul>
            {overview.mostOffline.map((f) => (
              <li key={f.folderId}>{t('overview.folderOffline', f)}</li>
            ))}
          </ul>
        </div>
        <div className="overview-card">
          <h2>{t('overview.recent')}</h2>
          {overview.recent.length === 0 ? (
            <p className="hint">{t('overview.noRecent')}</p>
          ) : (
            <ul>
              {overview.recent.slice(0, 20).map((r) => (
                <li key={`${r.deviceId}-${r.at}`}>
                  {displayTime(new Date(r.at), 'time')} · {deviceName(devices.get(r.deviceId), r.deviceId)}:{' '}
                  {historyStatusName(r.from)} → {historyStatusName(r.to)}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="overview-card">
          <h2>{t('overview.sessions')}</h2>
          {todays.length === 0 ? (
            <p className="hint">{t('overview.noSessions')}</p>
          ) : (
            <ul>
              {todays.slice(0, 20).map((s) => (
                <li key={s.id}>
                  {s.customer ?? s.id} {s.code ? `(${s.code})` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
