// One device's watch, from its panel: "goes offline or comes back", and "offline / busy for more than N"
// as Settings offers them for folders and the account. Every change is saved at once (watch:set); a
// refusal (the copy shown signed out is read-only) is said beside the controls and the watch reloaded.

import { useEffect, useRef, useState } from 'react';
import type { Id } from '../../shared/model.js';
import type { Watch } from '../../shared/status-history.js';
import { formatError, t } from '../i18n/index.js';
import { useStores } from '../state/context.js';
import { UNIT_MINUTES, type DurationUnit } from './HistoryFilterControl.js';
import { DurationField } from './WatchesSection.js';
import { useUiCommand } from './hooks.js';

interface Duration {
  on: boolean;
  amount: number;
  unit: DurationUnit;
}

/** N minutes in the largest unit that holds it whole ("2 hours", not "120 minutes"). */
function durationOf(minutes: number | null, fallback: Omit<Duration, 'on'>): Duration {
  if (minutes === null) return { on: false, ...fallback };
  for (const unit of ['days', 'hours'] as const) {
    if (minutes % UNIT_MINUTES[unit] === 0) return { on: true, amount: minutes / UNIT_MINUTES[unit], unit };
  }
  return { on: true, amount: minutes, unit: 'minutes' };
}

const minutesOf = (d: Duration) => (d.on ? d.amount * UNIT_MINUTES[d.unit] : null);

export function DeviceWatch({ deviceId }: { deviceId: Id }) {
  const { actions } = useStores();
  const [watches, setWatches] = useState<Watch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The controls as set, shown while the main process saves them (a control must follow the click). */
  const [draft, setDraft] = useState<Watch['when'] | null>(null);
  const [reload, setReload] = useState(0);
  // The palette's "Alerts for this device" brings the keyboard here, once the watch list has loaded.
  const first = useRef<HTMLInputElement>(null);
  const focusWanted = useRef(false);
  useUiCommand('watch-device', () => {
    focusWanted.current = true;
  });
  useEffect(() => {
    if (!focusWanted.current || !first.current) return;
    focusWanted.current = false;
    first.current.focus();
  });

  useEffect(() => {
    let live = true;
    void actions.call('watch:get', {}).then((r) => {
      if (!live) return;
      if (!r.ok) {
        setError(formatError(r.error));
        return;
      }
      setWatches(r.value.watches);
      setDraft(null);
    });
    return () => {
      live = false;
    };
  }, [actions, deviceId, reload]);

  if (!watches) return error ? <p className="hint">{error}</p> : null;
  const own = watches.find((w) => w.target.kind === 'device' && w.target.id === deviceId);
  const when: Watch['when'] = draft ??
    own?.when ?? { offline: false, online: false, offlineLongerMinutes: null, busyLongerMinutes: null };
  const offlineLonger = durationOf(when.offlineLongerMinutes, { amount: 1, unit: 'hours' });
  const busyLonger = durationOf(when.busyLongerMinutes, { amount: 2, unit: 'hours' });

  async function save(next: Watch['when']) {
    setDraft(next);
    const current = await actions.call('watch:get', {});
    if (!current.ok) {
      setError(formatError(current.error));
      setReload((n) => n + 1);
      return;
    }
    const others = current.value.watches.filter(
      (w) => !(w.target.kind === 'device' && w.target.id === deviceId),
    );
    const any =
      next.offline || next.online || next.offlineLongerMinutes !== null || next.busyLongerMinutes !== null;
    const list = any
      ? [
          ...others,
          { id: `device-${deviceId}`, target: { kind: 'device' as const, id: deviceId }, when: next },
        ]
      : others;
    const r = await actions.call('watch:set', { watches: list, quietHours: current.value.quietHours });
    setError(r.ok ? null : formatError(r.error));
    setReload((n) => n + 1);
  }

  return (
    <div className="device-watch" role="group" aria-label={t('watch.deviceGroup')}>
      <label className="watch-toggle">
        <input
          ref={first}
          type="checkbox"
          checked={when.offline || when.online}
          onChange={(e) => void save({ ...when, offline: e.target.checked, online: e.target.checked })}
        />{' '}
        {t('watch.device')}
      </label>
      <DurationField
        label={t('watch.offlineLonger')}
        on={offlineLonger.on}
        amount={offlineLonger.amount}
        unit={offlineLonger.unit}
        onChange={(on, amount, unit) =>
          void save({ ...when, offlineLongerMinutes: minutesOf({ on, amount, unit }) })
        }
      />
      <DurationField
        label={t('watch.busyLonger')}
        on={busyLonger.on}
        amount={busyLonger.amount}
        unit={busyLonger.unit}
        onChange={(on, amount, unit) =>
          void save({ ...when, busyLongerMinutes: minutesOf({ on, amount, unit }) })
        }
      />
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </div>
  );
}
