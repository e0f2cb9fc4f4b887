// How long the status history is kept, with what it costs on this computer beside it: the size on disk
// now, what a day takes, and what the chosen time would take at that rate. Asked again whenever the
// retention changes (a shorter one frees space at once).
import { useEffect, useState } from 'react';
import type { HistoryUsage } from '../../shared/ipc/contract.js';
import { formatBytes, t } from '../i18n/index.js';
import { useShell, useStores } from '../state/context.js';

/** The choices offered; a value set some other way is offered too. */
export const RETENTION_CHOICES = [7, 30, 90, 180, 365, 730];

export function RetentionSetting() {
  const { actions, client } = useStores();
  const days = useShell((s) => s.settings?.historyRetentionDays ?? null);
  /** undefined: being asked; null: no history open (signed out). */
  const [usage, setUsage] = useState<HistoryUsage | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void client.status.historyUsage().then((result) => {
      if (live) setUsage(result.ok ? (result.value ?? null) : null);
    });
    return () => {
      live = false;
    };
  }, [client, days]);
  if (days === null) return null;
  const choices = RETENTION_CHOICES.includes(days)
    ? RETENTION_CHOICES
    : [...RETENTION_CHOICES, days].sort((a, b) => a - b);
  return (
    <>
      <label className="field">
        <span>{t('settings.retention')}</span>
        <select
          id="settings-retention"
          value={days}
          aria-describedby="settings-retention-usage"
          onChange={(e) => void actions.updateSettings({ historyRetentionDays: Number(e.target.value) })}
        >
          {choices.map((d) => (
            <option key={d} value={d}>
              {t('settings.retention.days', { count: d })}
            </option>
          ))}
        </select>
      </label>
      <p id="settings-retention-usage" className="hint field-hint" aria-live="polite">
        {usageText(usage, days)}
      </p>
    </>
  );
}

function usageText(usage: HistoryUsage | null | undefined, retention: number): string {
  if (usage === undefined) return '';
  if (usage === null) return t('settings.retention.signedOut');
  if (usage.days === 0 || usage.bytes === 0) return t('settings.retention.empty');
  const perDay = usage.bytes / usage.days;
  return t('settings.retention.usage', {
    size: formatBytes(usage.bytes),
    days: usage.days,
    perDay: formatBytes(perDay),
    retention,
    estimate: formatBytes(perDay * retention),
  });
}
