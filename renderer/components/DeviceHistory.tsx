// The device's status history in the detail panel: "Offline since 14:32 (3 h 12 min)", a timeline of the
// last 24 hours or 30 days (bars by status; unknown where the console could not see the service), uptime,
// the changes, a flapping mark, the watch toggle and the CSV export.

import { useEffect, useRef, useState } from 'react';
import type { DeviceHistory as History, HistoryBar } from '../../shared/ipc/contract.js';
import type { Id } from '../../shared/model.js';
import { formatError, t } from '../i18n/index.js';
import { displayTime, displayZoneName } from '../domain/time-zone.js';
import { formatDuration, historyStatusName, sinceText } from '../domain/device-since.js';
import { useData, useStores } from '../state/context.js';
import { DeviceWatch } from './DeviceWatch.js';

/** Downloads text as a file (the renderer holds no file system). */
export function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const MIN = 60_000;

type Stores = Pick<ReturnType<typeof useStores>, 'client' | 'actions'>;

/**
 * The last 30 days of a device's or a folder's (with its sub-folders') history as a CSV download, times in
 * UTC and on the display clock (this computer's zone, or the account's offset when Settings says so, as
 * the screen shows them); a refusal is shown as a toast, a cancel (the signal) is not: it was asked for.
 */
export async function exportHistory(
  { client, actions }: Stores,
  target: { kind: 'device' | 'folder'; id: Id },
  signal?: AbortSignal,
) {
  const zone = displayZoneName();
  const r = await client.status.historyExport({ target, days: 30, zone }, signal ? { signal } : {});
  if (r.ok) download(r.value.filename, r.value.csv);
  else if (r.error.kind !== 'cancelled') actions.reportFailure(r);
}

export function DeviceHistory({ deviceId }: { deviceId: Id }) {
  const stores = useStores();
  const { now, client } = stores;
  // Asked again when THIS device's record or status-history row changed, not when any of 100,000 did:
  // a changed device arrives as a new record object, a moved history as a new since row.
  const device = useData((s) => s.devices.get(deviceId));
  const sinceRow = useData((s) => s.since.get(deviceId)?.join(' ') ?? '');
  const [days, setDays] = useState<1 | 30>(1);
  const [history, setHistory] = useState<History | null>(null);
  /** Why the history cannot be shown (in words), instead of "Loading…" for ever. */
  const [failure, setFailure] = useState<{ deviceId: Id; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    void client.status.historyDevice({ deviceId, days }).then((r) => {
      if (!live) return;
      if (!r.ok) {
        setFailure({ deviceId, text: formatError(r.error) });
        return;
      }
      setFailure(null);
      setHistory(r.value);
    });
    return () => {
      live = false;
    };
  }, [client, deviceId, days, device, sinceRow]);

  // An export under way can be cancelled, and is when the panel closes: the main side stops reading.
  const [exporting, setExporting] = useState(false);
  const exportRun = useRef<AbortController | null>(null);
  useEffect(() => () => exportRun.current?.abort(), []);

  async function exportCsv() {
    const run = new AbortController();
    exportRun.current = run;
    setExporting(true);
    try {
      await exportHistory(stores, { kind: 'device', id: deviceId }, run.signal);
    } finally {
      if (exportRun.current === run) {
        exportRun.current = null;
        setExporting(false);
      }
    }
  }

  if (failure?.deviceId === deviceId && (!history || history.deviceId !== deviceId))
    return <p className="hint">{t('history.failed', { error: failure.text })}</p>;
  if (!history || history.deviceId !== deviceId) return <p className="hint">{t('history.loading')}</p>;
  const at = now();
  const since = sinceText(history, at);
  const range = days === 1 ? t('history.range.day') : t('history.range.month');
  // What the console saw of the window: the bars that are not "unknown". Uptime is a share of this.
  const seen = history.bars.reduce((sum, b) => (b.status === 'unknown' ? sum : sum + b.end - b.start), 0);
  // A minute of one status is not a history yet (a device just signed in for): no bar, no "Uptime 100 %".
  const noHistory =
    history.uptimePercent === null ||
    (seen < MIN && history.transitions.every((change) => change.from === null));
  return (
    <section className="device-history" aria-labelledby="device-history-title">
      <h3 id="device-history-title">{t('history.title')}</h3>
      <p className="history-since" data-testid="history-since">
        {since ?? t('history.notRecorded')}
        {history.flapping && (
          <>
            {/* What "Flapping" means is said in text, not only in a tooltip. */}
            <span className="flapping-mark"> {t('history.flapping')}</span>
            <span className="hint block">{t('history.flappingHint')}</span>
          </>
        )}
      </p>
      <DeviceWatch deviceId={deviceId} />
      <div className="history-range" role="group" aria-label={t('history.title')}>
        {([1, 30] as const).map((d) => (
          <button
            key={d}
            type="button"
            className="ghost"
            aria-pressed={days === d}
            onClick={() => setDays(d)}
          >
            {d === 1 ? t('history.range.day') : t('history.range.month')}
          </button>
        ))}
      </div>
      {noHistory ? (
        <p className="hint">{t('history.noHistoryYet')}</p>
      ) : (
        <>
          <Timeline
            bars={history.bars}
            from={history.from}
            to={history.to}
            label={t('history.timeline', { range })}
          />
          <TimelineLegend />
          <TimelinePeriods bars={history.bars} />
          <p>
            {history.uptimePercent === null
              ? t('history.uptimeNone')
              : seen < history.to - history.from
                ? t('history.uptimeOfSeen', {
                    percent: history.uptimePercent / 100,
                    seen: formatDuration(seen),
                  })
                : t('history.uptime', { percent: history.uptimePercent / 100 })}
          </p>
        </>
      )}
      <h4>{t('history.transitions')}</h4>
      {history.transitions.length === 0 ? (
        <p className="hint">{t('history.noTransitions')}</p>
      ) : (
        <ol
          className="history-transitions"
          data-testid="history-transitions"
          // It scrolls: focusable, so a keyboard can read to its end.
          tabIndex={0}
          aria-label={t('history.transitions')}
        >
          {history.transitions.slice(0, 50).map((tr) => (
            <li key={`${tr.at}-${tr.to}`}>
              {t('history.transition', {
                time: displayTime(new Date(tr.at), 'date-time'),
                from: historyStatusName(tr.from),
                to: tr.to === null ? t('history.removed') : historyStatusName(tr.to),
              })}
            </li>
          ))}
        </ol>
      )}
      {exporting ? (
        <button type="button" className="link-button" onClick={() => exportRun.current?.abort()}>
          {t('export.cancel')}
        </button>
      ) : (
        <button type="button" className="link-button" onClick={() => void exportCsv()}>
          {t('history.export')}
        </button>
      )}
    </section>
  );
}

/** What the timeline's colours mean; the stripes are time the console did not see. */
function TimelineLegend() {
  const items = [
    ['online', historyStatusName('online')],
    ['offline', historyStatusName('offline')],
    ['busy', historyStatusName('busy')],
    ['unknown', t('history.legendUnknown')],
  ] as const;
  return (
    <ul className="timeline-legend" aria-label={t('history.legend')}>
      {items.map(([status, name]) => (
        <li key={status}>
          <span className={`timeline-swatch tl-${status}`} aria-hidden="true" />
          {name}
        </li>
      ))}
    </ul>
  );
}

/** What the bar's tooltips say, as text a keyboard and a screen reader reach (a tooltip is the mouse's). */
function barText(b: HistoryBar): string {
  return t('history.bar', {
    status: b.status === 'unknown' ? t('history.unknown') : historyStatusName(b.status),
    from: displayTime(new Date(b.start), 'compact'),
    to: displayTime(new Date(b.end), 'compact'),
  });
}

function TimelinePeriods({ bars }: { bars: HistoryBar[] }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="history-periods" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('history.periods', { count: bars.length })}</summary>
      {open && (
        // Scrolls when long: focusable, so arrows and Page Down reach its end.
        <ol tabIndex={0} aria-label={t('history.periods', { count: bars.length })}>
          {bars.map((b) => (
            <li key={b.start}>{barText(b)}</li>
          ))}
        </ol>
      )}
    </details>
  );
}

function Timeline({
  bars,
  from,
  to,
  label,
}: {
  bars: HistoryBar[];
  from: number;
  to: number;
  label: string;
}) {
  const span = Math.max(1, to - from);
  return (
    <div className="timeline" role="img" aria-label={label} data-testid="history-timeline">
      {bars.map((b) => (
        <span
          key={b.start}
          className={`timeline-bar tl-${['online', 'offline', 'busy', 'unknown'].includes(b.status) ? b.status : 'other'}`}
          style={{
            left: `${((b.start - from) / span) * 100}%`,
            width: `${((b.end - b.start) / span) * 100}%`,
          }}
          title={barText(b)}
        />
      ))}
    </div>
  );
}
