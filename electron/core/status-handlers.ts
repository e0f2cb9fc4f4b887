// The renderer's questions about status history, outages and watches (the `history:*` and `watch:*`
// channels), answered from the signed-in account's StatusMonitor.

import type { DeviceHistory, HistoryOverview } from '../../shared/ipc/contract.js';
import type { ServiceHandlers } from '../../shared/ipc/services.js';
import { deviceWatchOf, withDeviceWatch } from '../../shared/device-watch.js';
import { fail } from '../../shared/errors.js';
import { sharedTranslator } from '../../shared/i18n/catalogues/index.js';
import type { UiLanguage } from '../../shared/i18n/translator.js';
import type { Id } from '../../shared/model.js';
import type { MonitorData, StatusMonitor } from './status-monitor.js';
import { statusSeries } from './status-history/series.js';
import { buildTimeline } from './status-history/timeline.js';
import { historyCsv, type HistoryCsvRow } from './status-history/history-csv.js';
import type { Cancellations } from './cancellations.js';
import { stopIfCancelled } from './cancellations.js';

/** The signed-out copy's watches are shown, not changed. */
function refuseWatchChange(): never {
  return fail({
    kind: 'not-allowed',
    message: 'Sign in to change alerts.',
    key: 'error.app.signInToChangeWatches',
  });
}

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const TRANSITIONS_SHOWN = 200;

export function statusHandlers(
  monitor: () => StatusMonitor | null,
  data: () => MonitorData,
  now: () => number,
  account: {
    /** The history shown is the signed-out copy's: its watches are shown, not changed. */
    readOnly(): boolean;
    /** Some account's data is shown (signed in, or its copy signed out). */
    shown(): boolean;
    /** The language the console speaks (an export's headers and words are in it). */
    language?(): UiLanguage;
    /** Resolves once the history is open (one opened at its first use: status-keeper.ts onDemand). */
    ready?(): Promise<void>;
  } = { readOnly: () => false, shown: () => false },
  /** Where a long call (the export) registers so app:cancel can stop it; absent: it cannot be stopped. */
  cancellations?: Cancellations,
): ServiceHandlers<'status'> {
  const stoppable = <T>(callId: string | undefined, work: (signal: AbortSignal) => Promise<T>) =>
    cancellations ? cancellations.run(callId, work) : work(new AbortController().signal);
  const need = async (): Promise<StatusMonitor> => {
    await account.ready?.();
    const m = monitor();
    if (m) return m;
    // An account shown without its history: its files could not be opened (the log says why).
    if (account.shown())
      fail({
        kind: 'storage',
        key: 'error.app.historyNotOpened',
        message:
          'The status history saved on this computer could not be opened; the device list is not affected.',
      });
    fail({
      kind: 'not-signed-in',
      key: 'error.app.signInForHistory',
      message: 'Sign in to see the status history.',
    });
  };
  return {
    'history:device': async ({ deviceId, days }) => {
      const m = await need();
      const to = now();
      const from = to - days * DAY;
      const entry = m.history.index.get(deviceId);
      const transitions = await m.history.transitions(from, to, new Set([deviceId]));
      // Nothing is known before a "since at least" (the first sight, or an offline device's last contact:
      // it has held its status from then on), nor, with transitions, before the history began.
      const firstRecord = (await m.history.firstRecordAt()) ?? to;
      const seenFrom =
        entry && !entry.sinceExact ? entry.since : Math.min(firstRecord, transitions[0]?.at ?? to);
      const knownFrom = Math.max(from, seenFrom);
      const tl = buildTimeline(
        from,
        to,
        entry?.status ?? null,
        transitions,
        m.history.gaps(from, to),
        knownFrom,
      );
      const result: DeviceHistory = {
        deviceId,
        status: entry?.status ?? null,
        since: entry?.since ?? null,
        sinceExact: entry?.sinceExact ?? false,
        flapping: entry ? m.history.index.isFlapping(entry, to) : false,
        from,
        to,
        bars: tl.bars,
        uptimePercent: tl.uptimePercent,
        transitions: tl.transitions
          .slice(-TRANSITIONS_SHOWN)
          .reverse()
          .map((t) => ({ deviceId: t.deviceId, from: t.from, to: t.to, at: t.at })),
      };
      return result;
    },

    'history:overview': async () => {
      const m = await need();
      const to = now();
      const week = await m.history.transitions(to - 7 * DAY, to);
      const counts = m.trayInfo().counts;
      const known = await m.history.firstRecordAt();
      const dayTransitions = week.filter((t) => t.at >= to - DAY);
      const perFolder = new Map<Id, { offline: number; total: number }>();
      const d = data();
      const devices = d.devices();
      for (const [folderId, total] of devices.folderSizes()) perFolder.set(folderId, { offline: 0, total });
      // The offline devices are the history's; their folders are the facts' (a device gone is in none).
      m.history.index.entries.forEach((id, status) => {
        if (status !== 'offline') return;
        const folderId = devices.folderOf(id);
        const f = folderId == null ? undefined : perFolder.get(folderId);
        if (f) f.offline++;
      });
      const mostOffline = [...perFolder]
        .filter(([, f]) => f.offline > 0)
        .sort((a, b) => b[1].offline - a[1].offline)
        .slice(0, 5)
        .map(([folderId, f]) => ({ folderId, name: d.folderName(folderId) ?? folderId, ...f }));
      const overview: HistoryOverview = {
        now: to,
        counts,
        day: statusSeries(counts, dayTransitions, to - DAY, to, 97, known, m.history.gaps(to - DAY, to)),
        week: statusSeries(counts, week, to - 7 * DAY, to, 169, known, m.history.gaps(to - 7 * DAY, to)),
        mostOffline,
        outages: m.recentOutages(),
        recent: dayTransitions
          .filter((t) => t.from !== null && t.to !== null)
          .slice(-50)
          .reverse()
          .map((t) => ({ deviceId: t.deviceId, from: t.from, to: t.to, at: t.at })),
      };
      return overview;
    },

    'history:query': async (q) => {
      const m = await need();
      const at = now();
      const ids = m.history.index.query({
        now: at,
        ...(q.status !== undefined ? { status: q.status } : {}),
        ...(q.longerThanMinutes !== undefined ? { longerThanMs: q.longerThanMinutes * MIN } : {}),
        ...(q.changedWithinMinutes !== undefined ? { changedWithinMs: q.changedWithinMinutes * MIN } : {}),
        ...(q.flapping !== undefined ? { flapping: q.flapping } : {}),
      });
      const since: Record<Id, number> = {};
      for (const id of ids) since[id] = m.history.index.get(id)?.since ?? 0;
      return { ids, since };
    },

    'history:export': ({ target, days, zone, callId }) =>
      stoppable(callId, async (signal) => {
        const m = await need();
        const d = data();
        const to = now();
        const from = to - days * DAY;
        let ids: Set<Id>;
        if (target.kind === 'device') ids = new Set([target.id]);
        else {
          // The folder and every folder under it (a parent chain is followed at most 64 steps, as a
          // broken tree from the service must not loop), then the devices held in them.
          const under = new Set<Id>([target.id]);
          for (const folder of d.folderIds()) {
            for (
              let f: Id | null = folder, hops = 0;
              f !== null && hops < 64;
              f = d.folderParent(f), hops++
            ) {
              if (f === target.id) {
                under.add(folder);
                break;
              }
            }
          }
          ids = new Set(d.devices().idsInFolders(under));
        }
        const rows: HistoryCsvRow[] = [];
        const transitions = await m.history.transitions(from, to, ids, signal);
        stopIfCancelled(signal);
        // The labels as they are once the transitions are read: one reader for every row.
        const devices = d.devices();
        for (const t of transitions) {
          rows.push({
            at: t.at,
            deviceId: t.deviceId,
            device: devices.labelOf(t.deviceId) ?? '',
            from: t.from,
            to: t.to,
          });
        }
        // The console's own blind stretches apply to every device: one row each, marked as such.
        for (const g of m.history.gaps(from, to)) rows.push({ at: g.start, gap: g.reason, end: g.end });
        const words = sharedTranslator(account.language?.() ?? 'en');
        const csv = historyCsv(rows, zone, words.t);
        // Named in the console's language, as the device export is; the id keeps only file-name-safe letters.
        const id = target.id.replace(/[^\w.-]/g, '_');
        const filename = words.t(
          target.kind === 'device' ? 'history.exportFileDevice' : 'history.exportFileFolder',
          { id },
        );
        return { filename, csv };
      }),

    'history:usage': async () => {
      await account.ready?.();
      const h = monitor()?.history;
      // After the writes under way, and the deletions a new retention queued behind them.
      await h?.flush();
      return h ? { bytes: h.sizeOnDisk, days: h.daysOnDisk, retentionDays: h.retentionDays } : null;
    },

    'watch:get': async () => {
      const m = await need();
      return { watches: [...m.watches], quietHours: m.quietHours };
    },

    'watch:set': async ({ watches, quietHours }) => {
      const m = await need();
      if (account.readOnly()) refuseWatchChange();
      await m.setWatches(watches, quietHours);
      return { watches: [...m.watches], quietHours: m.quietHours };
    },

    'watch:device': async ({ deviceId, change }) => {
      const m = await need();
      if (!change) return deviceWatchOf(m.watches, deviceId);
      if (account.readOnly()) refuseWatchChange();
      // Read and replaced in one step (setWatches takes the list before it awaits the save): a second
      // change arriving meanwhile applies to this one's result.
      const next = withDeviceWatch(m.watches, deviceId, change);
      await m.setWatches(next.watches, m.quietHours);
      return next.when;
    },
  };
}
