// Settings → Alerts: what the account watches (a device, a folder with its sub-folders, or the whole
// account) and for what (goes offline, comes back, offline or busy for longer than N), and the quiet
// hours (this account's, or with several accounts the same in all of them). The main process keeps them
// per account and decides the notices (status-alerts/); pause is the notifications' own (SettingsScreen).

import { useEffect, useState } from 'react';
import { deviceLabel } from '../../shared/device-fields.js';
import type { Id } from '../../shared/model.js';
import type { QuietHours, Watch, WatchTarget } from '../../shared/status-history.js';
import { formatDuration } from '../domain/device-since.js';
import { folderPath } from '../domain/folder-tree.js';
import { formatError, t } from '../i18n/index.js';
import { useData, useFolderTree, useStores } from '../state/context.js';
import { UNIT_MINUTES, type DurationUnit } from './HistoryFilterControl.js';
import { useAccounts } from './AccountSwitcher.js';

interface Draft {
  target: string; // 'account' or a folder id
  offline: boolean;
  online: boolean;
  offlineLonger: boolean;
  offlineAmount: number;
  offlineUnit: DurationUnit;
  busyLonger: boolean;
  busyAmount: number;
  busyUnit: DurationUnit;
}

const EMPTY_DRAFT: Draft = {
  target: 'account',
  offline: true,
  online: true,
  offlineLonger: false,
  offlineAmount: 1,
  offlineUnit: 'days',
  busyLonger: false,
  busyAmount: 2,
  busyUnit: 'hours',
};

function minuteText(m: number): string {
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function parseMinute(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const v = Number(m[1]) * 60 + Number(m[2]);
  return v < 24 * 60 ? v : null;
}

/** The watch's conditions as words: "goes offline, comes back, offline for more than 1 d 0 h". */
export function watchConditionsText(w: Watch['when']): string {
  const parts: string[] = [];
  if (w.offline) parts.push(t('watch.when.offline'));
  if (w.online) parts.push(t('watch.when.online'));
  if (w.offlineLongerMinutes !== null)
    parts.push(t('watch.when.offlineLonger', { duration: formatDuration(w.offlineLongerMinutes * 60_000) }));
  if (w.busyLongerMinutes !== null)
    parts.push(t('watch.when.busyLonger', { duration: formatDuration(w.busyLongerMinutes * 60_000) }));
  return parts.join(', ');
}

/** One account's watches: a switch to another account reads that account's afresh (its own, not these). */
export function WatchesSection() {
  const active = useAccounts((s) => s.active);
  return <AccountWatches key={active} />;
}

function AccountWatches() {
  const { client } = useStores();
  const tree = useFolderTree();
  const devices = useData((s) => s.devices);
  const [watches, setWatches] = useState<Watch[] | null>(null);
  const [quiet, setQuiet] = useState<QuietHours | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [quietDraft, setQuietDraft] = useState({ on: false, from: '22:00', to: '07:00' });
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const several = useAccounts((s) => s.accounts.length > 1);
  const [forAll, setForAll] = useState(false);
  const quietForAll = several && forAll;

  useEffect(() => {
    let live = true;
    void client.status.watchGet().then((r) => {
      if (!live) return;
      if (!r.ok) {
        setError(formatError(r.error));
        return;
      }
      setWatches(r.value.watches);
      setQuiet(r.value.quietHours);
      if (r.value.quietHours)
        setQuietDraft({
          on: true,
          from: minuteText(r.value.quietHours.fromMinute),
          to: minuteText(r.value.quietHours.toMinute),
        });
    });
    return () => {
      live = false;
    };
  }, [client]);

  async function save(nextWatches: Watch[], nextQuiet: QuietHours | null): Promise<boolean> {
    const r = await client.status.watchSet({ watches: nextWatches, quietHours: nextQuiet });
    if (!r.ok) {
      setError(formatError(r.error));
      return false;
    }
    setError(null);
    setWatches(r.value.watches);
    setQuiet(r.value.quietHours);
    setSaved(true);
    return true;
  }

  function targetText(target: WatchTarget): string {
    if (target.kind === 'account') return t('watch.target.account');
    if (target.kind === 'folder')
      return t('watch.target.folder', {
        name: tree.byId.has(target.id) ? folderPath(tree, target.id) : target.id,
      });
    const d = devices.get(target.id);
    return t('watch.target.device', { name: deviceLabel(d) ?? target.id });
  }

  async function add() {
    if (!watches) return;
    const when: Watch['when'] = {
      offline: draft.offline,
      online: draft.online,
      offlineLongerMinutes: draft.offlineLonger
        ? draft.offlineAmount * UNIT_MINUTES[draft.offlineUnit]
        : null,
      busyLongerMinutes: draft.busyLonger ? draft.busyAmount * UNIT_MINUTES[draft.busyUnit] : null,
    };
    if (
      !when.offline &&
      !when.online &&
      when.offlineLongerMinutes === null &&
      when.busyLongerMinutes === null
    ) {
      setError(t('watch.chooseCondition'));
      return;
    }
    const target: WatchTarget =
      draft.target === 'account' ? { kind: 'account' } : { kind: 'folder', id: draft.target };
    const id = `${target.kind}-${target.kind === 'folder' ? target.id : 'all'}-${Date.now().toString(36)}`;
    if (await save([...watches, { id, target, when }], quiet)) setDraft(EMPTY_DRAFT);
  }

  async function saveQuiet() {
    if (!watches) return;
    let next: QuietHours | null = null;
    if (quietDraft.on) {
      const from = parseMinute(quietDraft.from);
      const to = parseMinute(quietDraft.to);
      if (from === null || to === null) {
        setError(t('watch.quietInvalid'));
        return;
      }
      next = { fromMinute: from, toMinute: to };
    }
    if (!quietForAll) {
      await save(watches, next);
      return;
    }
    // Every account's quiet hours at once; each keeps its own watches (the main side reads them first).
    const r = await client.accounts.quietHours({ quietHours: next });
    if (!r.ok) {
      setError(formatError(r.error));
      return;
    }
    setError(null);
    setQuiet(next);
    setSaved(true);
  }

  const folders = [...tree.byId.keys()]
    .map((id: Id) => ({ id, path: folderPath(tree, id) }))
    .sort((a, b) => a.path.localeCompare(b.path));

  return (
    <section aria-labelledby="watches-title" className="watches">
      <h2 id="watches-title">{t('watch.title')}</h2>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {saved && !error && (
        <p role="status" className="hint">
          {t('watch.saved')}
        </p>
      )}
      {watches && (
        <>
          {watches.length === 0 ? (
            <p className="hint">{t('watch.none')}</p>
          ) : (
            <ul className="watch-list" aria-label={t('watch.title')}>
              {watches.map((w) => (
                <li key={w.id}>
                  <strong>{targetText(w.target)}</strong>: {watchConditionsText(w.when)}{' '}
                  <button
                    type="button"
                    className="ghost"
                    aria-label={t('watch.removeNamed', { name: targetText(w.target) })}
                    onClick={() =>
                      void save(
                        watches.filter((x) => x.id !== w.id),
                        quiet,
                      )
                    }
                  >
                    {t('common.delete')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <fieldset className="watch-add">
            <legend>{t('watch.add')}</legend>
            <label className="field">
              <span>{t('watch.target')}</span>
              <select
                id="watch-target"
                value={draft.target}
                onChange={(e) => setDraft({ ...draft, target: e.target.value })}
              >
                <option value="account">{t('watch.target.account')}</option>
                {folders.map((f) => (
                  <option key={f.id} value={f.id}>
                    {t('watch.target.folder', { name: f.path })}
                  </option>
                ))}
              </select>
            </label>
            <label className="inline-field checkbox">
              <input
                type="checkbox"
                checked={draft.offline}
                onChange={(e) => setDraft({ ...draft, offline: e.target.checked })}
              />
              <span>{t('watch.when.offline')}</span>
            </label>
            <label className="inline-field checkbox">
              <input
                type="checkbox"
                checked={draft.online}
                onChange={(e) => setDraft({ ...draft, online: e.target.checked })}
              />
              <span>{t('watch.when.online')}</span>
            </label>
            <DurationField
              label={t('watch.offlineLonger')}
              on={draft.offlineLonger}
              amount={draft.offlineAmount}
              unit={draft.offlineUnit}
              onChange={(on, amount, unit) =>
                setDraft({ ...draft, offlineLonger: on, offlineAmount: amount, offlineUnit: unit })
              }
            />
            <DurationField
              label={t('watch.busyLonger')}
              on={draft.busyLonger}
              amount={draft.busyAmount}
              unit={draft.busyUnit}
              onChange={(on, amount, unit) =>
                setDraft({ ...draft, busyLonger: on, busyAmount: amount, busyUnit: unit })
              }
            />
            <div className="actions">
              <button type="button" onClick={() => void add()}>
                {t('watch.addButton')}
              </button>
            </div>
          </fieldset>
          <fieldset className="quiet-hours">
            <legend>{t('watch.quietHours')}</legend>
            <label className="inline-field checkbox">
              <input
                type="checkbox"
                checked={quietDraft.on}
                onChange={(e) => setQuietDraft({ ...quietDraft, on: e.target.checked })}
              />
              <span>{t('watch.quietOn')}</span>
            </label>
            <label className="inline-field">
              <span>{t('watch.quietFrom')}</span>
              <input
                type="time"
                value={quietDraft.from}
                disabled={!quietDraft.on}
                onChange={(e) => setQuietDraft({ ...quietDraft, from: e.target.value })}
              />
            </label>
            <label className="inline-field">
              <span>{t('watch.quietTo')}</span>
              <input
                type="time"
                value={quietDraft.to}
                disabled={!quietDraft.on}
                onChange={(e) => setQuietDraft({ ...quietDraft, to: e.target.value })}
              />
            </label>
            {several && (
              <label className="inline-field checkbox">
                <input type="checkbox" checked={forAll} onChange={(e) => setForAll(e.target.checked)} />
                <span>{t('watch.quietForAll')}</span>
              </label>
            )}
            <div className="actions">
              <button type="button" onClick={() => void saveQuiet()}>
                {t('common.save')}
              </button>
            </div>
          </fieldset>
        </>
      )}
    </section>
  );
}

export function DurationField(props: {
  label: string;
  on: boolean;
  amount: number;
  unit: DurationUnit;
  onChange(on: boolean, amount: number, unit: DurationUnit): void;
}) {
  const { label, on, amount, unit, onChange } = props;
  return (
    <div className="inline-field" role="group" aria-label={label}>
      <label className="checkbox">
        <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked, amount, unit)} />
        <span>{label}</span>
      </label>
      <label>
        <span className="visually-hidden">{t('history.filter.amount')}</span>
        <input
          type="number"
          min={1}
          max={10_000}
          value={amount}
          disabled={!on}
          style={{ width: '5em' }}
          onChange={(e) => onChange(on, Math.max(1, Math.round(Number(e.target.value) || 1)), unit)}
        />
      </label>
      <label>
        <span className="visually-hidden">{t('history.filter.unit')}</span>
        <select
          value={unit}
          disabled={!on}
          onChange={(e) => onChange(on, amount, e.target.value as DurationUnit)}
        >
          <option value="minutes">{t('unit.minutes')}</option>
          <option value="hours">{t('unit.hours')}</option>
          <option value="days">{t('unit.days')}</option>
        </select>
      </label>
    </div>
  );
}
