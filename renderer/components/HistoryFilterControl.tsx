// The device table's status-history filter: changed lately, in a status for longer than a preset or a
// chosen N minutes/hours/days, or flapping. It ANDs with search, status, OS and folder (views.ts).

import { useState } from 'react';
import type { HistoryFilter } from '../domain/device-since.js';
import { NO_HISTORY_FILTER } from '../domain/device-since.js';
import { t } from '../i18n/index.js';
import { useStores, useUi } from '../state/context.js';

const MIN = 1;
const HOUR = 60;
const DAY = 24 * HOUR;

type Choice =
  | 'none'
  | 'changedHour'
  | 'changedDay'
  | 'offlineDay'
  | 'offline2Days'
  | 'onlineWeek'
  | 'offlineLonger'
  | 'onlineLonger'
  | 'flapping';

export type DurationUnit = 'minutes' | 'hours' | 'days';
export const UNIT_MINUTES: Record<DurationUnit, number> = { minutes: MIN, hours: HOUR, days: DAY };

const PRESETS: Record<Exclude<Choice, 'offlineLonger' | 'onlineLonger'>, HistoryFilter> = {
  none: NO_HISTORY_FILTER,
  changedHour: { kind: 'changed', withinMinutes: HOUR },
  changedDay: { kind: 'changed', withinMinutes: DAY },
  offlineDay: { kind: 'longer', status: 'offline', minutes: DAY },
  offline2Days: { kind: 'longer', status: 'offline', minutes: 2 * DAY },
  onlineWeek: { kind: 'longer', status: 'online', minutes: 7 * DAY },
  flapping: { kind: 'flapping' },
};

const LABELS: Record<Choice, Parameters<typeof t>[0]> = {
  none: 'history.filter.any',
  changedHour: 'history.filter.changedHour',
  changedDay: 'history.filter.changedDay',
  offlineDay: 'history.filter.offlineDay',
  offline2Days: 'history.filter.offline2Days',
  onlineWeek: 'history.filter.onlineWeek',
  offlineLonger: 'history.filter.offlineLonger',
  onlineLonger: 'history.filter.onlineLonger',
  flapping: 'history.filter.flapping',
};

function choiceOf(f: HistoryFilter): Choice {
  for (const [choice, preset] of Object.entries(PRESETS))
    if (JSON.stringify(preset) === JSON.stringify(f)) return choice as Choice;
  if (f.kind === 'longer' && f.status !== 'busy')
    return f.status === 'offline' ? 'offlineLonger' : 'onlineLonger';
  return 'none';
}

export function HistoryFilterControl() {
  const stores = useStores();
  const filter = useUi((s) => s.historyFilter);
  const [choice, setChoice] = useState<Choice>(() => choiceOf(filter));
  const [amount, setAmount] = useState(3);
  const [unit, setUnit] = useState<DurationUnit>('hours');
  // A "clear filters" elsewhere resets the filter: the control follows.
  const shown: Choice = filter.kind === 'none' ? 'none' : choice;

  function apply(next: Choice, n = amount, u = unit) {
    setChoice(next);
    if (next === 'offlineLonger' || next === 'onlineLonger') {
      if (!(n > 0)) return;
      stores.uiActions.setHistoryFilter({
        kind: 'longer',
        status: next === 'offlineLonger' ? 'offline' : 'online',
        minutes: n * UNIT_MINUTES[u],
      });
    } else stores.uiActions.setHistoryFilter(PRESETS[next]);
  }

  const custom = shown === 'offlineLonger' || shown === 'onlineLonger';
  return (
    <>
      <label className="inline-field">
        <span>{t('history.filter.label')}</span>
        <select id="history-filter" value={shown} onChange={(e) => apply(e.target.value as Choice)}>
          {(Object.keys(LABELS) as Choice[]).map((c) => (
            <option key={c} value={c}>
              {t(LABELS[c])}
            </option>
          ))}
        </select>
      </label>
      {custom && (
        <span className="inline-field" role="group" aria-label={t(LABELS[shown])}>
          <label>
            <span className="visually-hidden">{t('history.filter.amount')}</span>
            <input
              id="history-filter-amount"
              type="number"
              min={1}
              max={10_000}
              value={amount}
              style={{ width: '5em' }}
              onChange={(e) => {
                const n = Number(e.target.value);
                setAmount(n);
                apply(shown, n, unit);
              }}
            />
          </label>
          <label>
            <span className="visually-hidden">{t('history.filter.unit')}</span>
            <select
              id="history-filter-unit"
              value={unit}
              onChange={(e) => {
                const u = e.target.value as DurationUnit;
                setUnit(u);
                apply(shown, amount, u);
              }}
            >
              <option value="minutes">{t('unit.minutes')}</option>
              <option value="hours">{t('unit.hours')}</option>
              <option value="days">{t('unit.days')}</option>
            </select>
          </label>
        </span>
      )}
    </>
  );
}
