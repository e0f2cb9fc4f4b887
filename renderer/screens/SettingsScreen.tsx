import { useEffect, useState } from 'react';
import type { Settings, UpdateStatus } from '../../shared/ipc/contract.js';
import { languageName } from '../domain/labels.js';
import { displayTime, computerZoneName, parseGmtOffset, parseTimestamp } from '../domain/time-zone.js';
import { shownAccount } from '../state/shell-store.js';
import { t } from '../i18n/index.js';
import { useShell, useStores } from '../state/context.js';
import { useNow } from '../components/hooks.js';
import { LanguageSelect } from '../components/LanguageSelect.js';
import { WatchesSection } from '../components/WatchesSection.js';
import { RetentionSetting } from '../components/RetentionSetting.js';

export function SettingsScreen() {
  const { actions } = useStores();
  const settings = useShell((s) => s.settings);
  const host = useShell((s) => s.host);
  const version = useShell((s) => s.appVersion);
  const now = useNow(30_000);
  const account = useShell(shownAccount);
  const ownLanguage = account?.account.user.language ?? null;
  const accountZone = parseGmtOffset(account?.account.user.timeZone);
  if (!settings) return null;
  const pausedUntil = parseTimestamp(settings.notificationsPausedUntil);
  const paused = pausedUntil !== null && pausedUntil.getTime() > now;
  return (
    <section className="settings-screen" aria-labelledby="settings-title">
      <div className="toolbar">
        <h1 id="settings-title">{t('settings.title')}</h1>
      </div>
      <div className="form narrow">
        <label className="field">
          <span>{t('settings.theme')}</span>
          <select
            value={settings.theme}
            onChange={(e) =>
              void actions.updateSettings({ theme: e.target.value as 'system' | 'light' | 'dark' })
            }
          >
            <option value="system">{t('settings.theme.system')}</option>
            <option value="light">{t('settings.theme.light')}</option>
            <option value="dark">{t('settings.theme.dark')}</option>
          </select>
        </label>
        <LanguageSelect
          id="settings-language"
          automatic={t('settings.language.account', { language: languageName(ownLanguage) })}
        />
        <label className="field">
          <span>{t('settings.zone')}</span>
          <select
            id="settings-zone"
            value={settings.displayZone}
            aria-describedby="settings-zone-hint"
            onChange={(e) =>
              void actions.updateSettings({ displayZone: e.target.value as Settings['displayZone'] })
            }
          >
            <option value="computer">{t('settings.zone.computer', { zone: computerZoneName() })}</option>
            <option value="account" disabled={!accountZone}>
              {t('settings.zone.account', { zone: accountZone?.label ?? t('common.none') })}
            </option>
          </select>
        </label>
        <p id="settings-zone-hint" className="hint field-hint">
          {t('settings.zone.hint')}
        </p>
        <label className="inline-field checkbox">
          <input
            type="checkbox"
            checked={settings.notificationsEnabled}
            onChange={(e) => {
              const on = e.target.checked;
              // The browser host shows notices through the Notifications API, which asks once, on a click.
              if (
                on &&
                host === 'browser' &&
                typeof Notification !== 'undefined' &&
                Notification.permission === 'default'
              )
                void Notification.requestPermission();
              void actions.updateSettings({ notificationsEnabled: on });
            }}
          />
          <span>{t('settings.notifications')}</span>
        </label>
        <label className="field">
          <span>{t('settings.reminder')}</span>
          <input
            type="number"
            min={0}
            max={1440}
            defaultValue={settings.reminderLeadMinutes}
            key={settings.reminderLeadMinutes}
            onBlur={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 0 && n <= 1440 && n !== settings.reminderLeadMinutes)
                void actions.updateSettings({ reminderLeadMinutes: n });
            }}
          />
        </label>
        {paused && pausedUntil && (
          <p>{t('settings.pausedUntil', { time: displayTime(pausedUntil, 'time') })}</p>
        )}
        <div className="actions">
          {paused ? (
            <button type="button" onClick={() => void actions.pauseNotifications(0)}>
              {t('settings.resume')}
            </button>
          ) : (
            <button type="button" onClick={() => void actions.pauseNotifications(60)}>
              {t('settings.pause')}
            </button>
          )}
        </div>
        <RetentionSetting />
        {account && <WatchesSection />}
        <h2>{t('shortcuts.title')}</h2>
        <ul className="shortcuts">
          <li>{t('shortcuts.search')}</li>
          <li>{t('shortcuts.palette')}</li>
          <li>{t('shortcuts.refresh')}</li>
          <li>{t('shortcuts.selectAll')}</li>
          <li>{t('shortcuts.move')}</li>
          <li>{t('shortcuts.editAlias')}</li>
          <li>{t('shortcuts.sort')}</li>
          <li>{t('shortcuts.sections')}</li>
          <li>{t('shortcuts.sidePanes')}</li>
        </ul>
        <UpdatesSection />
        <p className="hint">{t('settings.version', { version })}</p>
      </div>
    </section>
  );
}

/** Where updates come from and how the last check went; asked once per visit to Settings. */
function UpdatesSection() {
  const { client } = useStores();
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  useEffect(() => {
    let live = true;
    void client.app.updatesStatus().then((result) => {
      if (live && result.ok) setStatus(result.value);
    });
    return () => {
      live = false;
    };
  }, [client]);
  if (!status) return null;
  const last = status.lastCheck;
  const at = last ? parseTimestamp(last.at) : null;
  return (
    <section aria-labelledby="updates-title">
      <h2 id="updates-title">{t('settings.updates')}</h2>
      {status.off && <p>{t(`settings.updates.off.${status.off}`)}</p>}
      <dl className="fields">
        <dt>{t('settings.updates.feed')}</dt>
        <dd>{status.feedUrl ?? t('settings.updates.noFeed')}</dd>
        <dt>{t('settings.updates.lastCheck')}</dt>
        <dd>
          {!last || !at
            ? t('settings.updates.never')
            : t('settings.updates.checkedAt', {
                time: displayTime(at),
                outcome:
                  last.outcome === 'failed'
                    ? t('settings.updates.failed', { stage: last.stage, detail: last.message })
                    : last.outcome === 'up-to-date'
                      ? t('settings.updates.upToDate')
                      : t(`settings.updates.${last.outcome}`, { version: last.version }),
              })}
        </dd>
      </dl>
    </section>
  );
}
