// One device's watch, from its panel: "goes offline or comes back", and "offline / busy for more than N"
// as Settings offers them for folders and the account. Every change is sent at once as what the control
// changed (watch:device): the main side applies it to the watch list it holds, so the watch id, the
// default and the rest of the list stay there. A refusal (the copy shown signed out is read-only) is said
// beside the controls and the watch reloaded.

import { useEffect, useRef, useState } from 'react';
import type { Id } from '../../shared/model.js';
import type { WatchConditions } from '../../shared/status-history.js';
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
  const { client } = useStores();
  /** The device's own conditions as the main side answers them (for the device they were asked for). */
  const [answer, setAnswer] = useState<{ deviceId: Id; when: WatchConditions } | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The controls as set, shown while the main process saves them (a control must follow the click). */
  const [draft, setDraft] = useState<WatchConditions | null>(null);
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
    void client.status.watchDevice({ deviceId }).then((r) => {
      if (!live) return;
      if (r.ok) setAnswer({ deviceId, when: r.value });
      else setError(formatError(r.error));
    });
    return () => {
      live = false;
    };
  }, [client, deviceId]);

  const saved = answer?.deviceId === deviceId ? answer.when : null;
  if (!saved) return error ? <p className="hint">{error}</p> : null;
  const when = draft ?? saved;
  const offlineLonger = durationOf(when.offlineLongerMinutes, { amount: 1, unit: 'hours' });
  const busyLonger = durationOf(when.busyLongerMinutes, { amount: 2, unit: 'hours' });

  /** Sends only what this control changed: the main side applies it to the watch as it stands. */
  async function save(change: Partial<WatchConditions>) {
    setDraft({ ...when, ...change });
    const r = await client.status.watchDevice({ deviceId, change });
    if (r.ok) setAnswer({ deviceId, when: r.value });
    else {
      // Refused (the copy shown signed out is read-only): the controls show the watch as it is.
      const current = await client.status.watchDevice({ deviceId });
      if (current.ok) setAnswer({ deviceId, when: current.value });
    }
    setError(r.ok ? null : formatError(r.error));
    setDraft(null);
  }

  return (
    <div className="device-watch" role="group" aria-label={t('watch.deviceGroup')}>
      <label className="watch-toggle">
        <input
          ref={first}
          type="checkbox"
          checked={when.offline || when.online}
          onChange={(e) => void save({ offline: e.target.checked, online: e.target.checked })}
        />{' '}
        {t('watch.device')}
      </label>
      <DurationField
        label={t('watch.offlineLonger')}
        on={offlineLonger.on}
        amount={offlineLonger.amount}
        unit={offlineLonger.unit}
        onChange={(on, amount, unit) => void save({ offlineLongerMinutes: minutesOf({ on, amount, unit }) })}
      />
      <DurationField
        label={t('watch.busyLonger')}
        on={busyLonger.on}
        amount={busyLonger.amount}
        unit={busyLonger.unit}
        onChange={(on, amount, unit) => void save({ busyLongerMinutes: minutesOf({ on, amount, unit }) })}
      />
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </div>
  );
}
