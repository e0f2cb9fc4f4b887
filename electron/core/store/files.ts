// Every small JSON file the core keeps, with its schema, its version and the way up from each earlier
// version (stored-file.ts reads and writes them). Version 1 is what the app wrote before this module,
// whether or not that file carried a version then: those files must keep loading.
//
// Not here: the devices of the offline copy (accounts/<key>/devices.json, up to ~30 MB at 100,000
// devices) are streamed in parts by the poll worker and read there (devices-poll-work.ts), off the main
// thread; a schema pass over 100,000 devices would be the very stall the worker exists to avoid. The
// history's segments are CRC-framed append-only logs (status-history/frame.ts), not JSON files, and the
// outbox journal is a line log with its own torn-tail rule (outbox/journal.ts).

import * as z from 'zod';
import type { DatasetName, DatasetRecordMap, Settings } from '../../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../../shared/ipc/contract.js';
import { quietHoursSchema, watchSchema } from '../../../shared/ipc/schemas.js';
import type { Device, User } from '../../../shared/model.js';
import { LANGUAGES } from '../../../shared/model.js';
import { FIRST_SCREEN_VERSION } from '../first-screen.js';
import type { StoredFileKind } from './stored-file.js';
import { storedFile } from './stored-file.js';

const finiteTime = z.number().finite();
const isoTime = z.string().refine((v) => Number.isFinite(Date.parse(v)), 'a time');
const idMap = z.record(z.string(), finiteTime);

// ---- account.json: whom to resume (never a secret) ----

export const accountFile = storedFile({
  what: 'the saved account',
  version: 1,
  schema: z.object({
    baseUrl: z.string().min(1),
    consumerKey: z.string().min(1),
    userId: z.string().min(1),
    // Records written before the field existed were keychain sign-ins only.
    store: z.enum(['keychain', 'memory']).default('keychain'),
  }),
  migrations: {},
  fresh: () => null,
});

// ---- settings.json ----

export const RETENTION_DAY_CHOICES = [7, 30, 90, 180, 365, 730] as const;
export const DEFAULT_RETENTION_DAYS = 90;

export const DEFAULT_SETTINGS: Settings = {
  reminderLeadMinutes: 10,
  notificationsEnabled: true,
  notificationsPausedUntil: null,
  theme: 'system',
  language: 'account',
  displayZone: 'computer',
  historyRetentionDays: DEFAULT_RETENTION_DAYS,
};

export const settingsFile: StoredFileKind<Settings> = storedFile({
  what: 'the settings',
  // 2: the history's retention became a setting; the file got its version.
  version: 2,
  schema: z.object({
    reminderLeadMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    notificationsEnabled: z.boolean(),
    notificationsPausedUntil: isoTime.nullable(),
    theme: z.enum(['system', 'light', 'dark']),
    language: z.enum(['account', ...LANGUAGES]),
    displayZone: z.enum(['computer', 'account']),
    historyRetentionDays: z.number().int().min(1).max(3650),
  }),
  migrations: {
    // Version 1 grew a field at a time without a version: a field an older app did not write is its default.
    1: (body) => {
      const { historyRetentionDays: _none, ...defaults } = DEFAULT_SETTINGS;
      return { ...defaults, ...body, historyRetentionDays: DEFAULT_RETENTION_DAYS };
    },
  },
  fresh: () => ({ ...DEFAULT_SETTINGS }),
});

// ---- notified-sessions.json: the session notifier's memory ----

export const notifiedFile = storedFile({
  what: 'the memory of session notices',
  version: 1,
  schema: z.object({
    account: z.string(),
    memory: z.object({ baseline: z.boolean().default(false), started: idMap, reminder: idMap }),
  }),
  migrations: {},
  fresh: () => null,
});

// ---- status-alerts-<account>.json: watches, quiet hours, the alert memory and the open outages ----

const openOutage = z.object({
  folderId: z.string(),
  start: finiteTime,
  devices: z.array(z.string()),
  down: z.array(z.string()),
  folderSize: z.number().int().min(0),
});

export const alertsFile = storedFile({
  what: 'the watches and alert memory',
  version: 1,
  schema: z.object({
    account: z.string(),
    state: z.object({
      watches: z.array(watchSchema),
      quietHours: quietHoursSchema.nullable().default(null),
      memory: z.object({
        shown: z.record(z.string(), finiteTime),
        lastAlertAt: idMap,
        outages: z.record(z.string(), openOutage),
      }),
    }),
  }),
  migrations: {},
  fresh: () => null,
});

// ---- status-history/<account>/outages.json: outages that ended (the Overview's "recent outages") ----

export const ENDED_OUTAGES_KEPT = 20;

export const endedOutagesFile = storedFile({
  what: 'the list of recent outages',
  version: 1,
  schema: z.object({
    ended: z
      .array(
        z.object({
          folderId: z.string(),
          folderName: z.string(),
          start: finiteTime,
          end: finiteTime,
          devices: z.number().int().min(0),
          folderSize: z.number().int().min(0),
        }),
      )
      .max(1_000),
  }),
  migrations: {},
  fresh: () => ({ ended: [] }),
});

// ---- status-history/<account>/index.json: the history's index checkpoint ----

/** Version 2's row per device: [id, status, since, sinceExact 0/1, recent transition times]. */
type CheckpointRow = [string, string, number, number, number[]];

function isCheckpointRow(row: unknown): row is CheckpointRow {
  return (
    Array.isArray(row) &&
    row.length === 5 &&
    typeof row[0] === 'string' &&
    typeof row[1] === 'string' &&
    Number.isFinite(row[2]) &&
    (row[3] === 0 || row[3] === 1) &&
    Array.isArray(row[4]) &&
    (row[4] as unknown[]).every(Number.isFinite)
  );
}

/**
 * The index by column, one entry per position of `ids`; `recent` counts each entry's recent transition
 * times, which follow one another in `times`. Columns, not a row per device: at 100,000 devices the rows'
 * 200,000 small arrays made JSON.parse take 40–60 ms and their check and collection most of a 100 ms
 * stall of the main thread while a reopened console drew its first rows; columns parse in about 22 ms.
 */
export interface CheckpointColumns {
  ids: string[];
  status: string[];
  since: number[];
  exact: number[];
  recent: number[];
  times: number[];
}

const every = (v: unknown, ok: (x: unknown) => boolean): v is unknown[] => Array.isArray(v) && v.every(ok);
const isString = (x: unknown) => typeof x === 'string';
const isCount = (x: unknown) => Number.isInteger(x) && (x as number) >= 0;

/** What each column's values must be, in the order the columns are written. */
export const CHECKPOINT_COLUMNS: ReadonlyArray<[keyof CheckpointColumns, (x: unknown) => boolean]> = [
  ['ids', isString],
  ['status', isString],
  ['since', Number.isFinite],
  ['exact', (x) => x === 0 || x === 1],
  ['recent', isCount],
  ['times', Number.isFinite],
];

/** Columns of the right values, of equal length, whose recent counts add up to the times. */
function isCheckpointColumns(v: Record<string, unknown>): boolean {
  const n = Array.isArray(v.ids) ? v.ids.length : -1;
  for (const [name, ok] of CHECKPOINT_COLUMNS) {
    const column = v[name];
    if (!every(column, ok) || (name !== 'times' && column.length !== n)) return false;
  }
  let total = 0;
  for (const count of v.recent as number[]) total += count;
  return total === (v.times as unknown[]).length;
}

const column = <T>(what: string) => z.custom<T[]>((v) => Array.isArray(v), what);
const gapReason = z.enum(['offline', 'signed-out', 'asleep', 'closed', 'no-poll']);

/**
 * Version 4, written since the index was read in one piece at every start (a 70 ms stall of the main
 * thread at 100,000 devices, 240 ms at 300,000: one JSON.parse of the whole file): a head line, then each
 * column in CHECKPOINT_COLUMNS order as lines of at most a few thousand values, which checkpoint.ts reads
 * one per turn of the event loop. The head says how many values each column has.
 */
export const CHECKPOINT_LINES_VERSION = 4;
export const checkpointHead = z.object({
  version: z.literal(CHECKPOINT_LINES_VERSION),
  segment: z.string().min(1),
  offset: z.number().int().min(0),
  lastRecordAt: finiteTime.nullable(),
  gaps: z.array(z.object({ start: finiteTime, end: finiteTime.nullable(), reason: gapReason })),
  /** Values in each column but `times`. */
  entries: z.number().int().min(0),
  times: z.number().int().min(0),
});

/** Versions 2 and 3: the whole index as one JSON object (read as any stored file; see version 4 above). */
export const checkpointFile = storedFile({
  what: 'the status history index',
  // Version 1 never reached a disk: the first checkpoint written was version 2, so there is nothing to
  // migrate from (a file that says 1 is refused, and the index is rebuilt from the segments).
  version: 3,
  schema: z
    .object({
      segment: z.string().min(1),
      offset: z.number().int().min(0),
      lastRecordAt: finiteTime.nullable().default(null),
      gaps: z.array(z.object({ start: finiteTime, end: finiteTime.nullable(), reason: gapReason })),
      // Checked by hand below (a zod schema per element took ~0.6 s at 100,000 devices).
      ids: column<string>('a list of ids'),
      status: column<string>('a list of statuses'),
      since: column<number>('a list of times'),
      exact: column<number>('a list of 0 and 1'),
      recent: column<number>('a list of counts'),
      times: column<number>('a list of times'),
    })
    .refine(
      isCheckpointColumns,
      'columns of equal length: ids, status, since, exact 0/1, recent counts, times',
    ),
  migrations: {
    2: (body) => {
      const { entries, ...rest } = body as { entries?: unknown };
      if (!every(entries, isCheckpointRow)) return body; // refused by the schema: rebuilt from the segments
      const rows = entries as CheckpointRow[];
      return {
        ...rest,
        ids: rows.map((r) => r[0]),
        status: rows.map((r) => r[1]),
        since: rows.map((r) => r[2]),
        exact: rows.map((r) => r[3]),
        recent: rows.map((r) => r[4].length),
        times: rows.flatMap((r) => r[4]),
      } satisfies Partial<CheckpointColumns>;
    },
  },
  fresh: () => null,
});

// ---- update-check.json: the last update check, for Settings after a restart ----

export const updateCheckFile = storedFile({
  what: 'the last update check',
  // 2: the file got its version, and the check moved under `check` (its own `version` is the app's).
  version: 2,
  schema: z.object({
    check: z.discriminatedUnion('outcome', [
      z.object({
        at: isoTime,
        outcome: z.literal('up-to-date'),
        version: z.string().nullable().default(null),
      }),
      z.object({ at: isoTime, outcome: z.enum(['downloading', 'downloaded']), version: z.string() }),
      // `stage` came later within version 2: a failure recorded before it was a check's.
      z.object({
        at: isoTime,
        outcome: z.literal('failed'),
        stage: z.enum(['check', 'update']).default('check'),
        message: z.string(),
      }),
    ]),
  }),
  migrations: { 1: (body) => ({ check: body }) },
  fresh: () => null,
});

// ---- views/<account key>.json: saved views (their conditions are the renderer's to validate) ----

export const savedViewsFile = storedFile({
  what: 'the saved views',
  // 2: a view may span accounts (`accounts`: 'this' or 'all'); every view of an earlier file was its own
  // account's.
  version: 2,
  schema: z.object({
    views: z.array(
      z.looseObject({
        id: z.string().min(1),
        name: z.string(),
        // Absent: 'this' (the renderer writes it only when it was chosen).
        accounts: z.enum(['this', 'all']).optional(),
      }),
    ),
  }),
  migrations: {
    // Anything but a list of objects is left as it was, for the schema to refuse (kept aside, not lost).
    1: (body) =>
      Array.isArray(body.views)
        ? {
            ...body,
            views: (body.views as unknown[]).map((v) =>
              v && typeof v === 'object' ? { ...v, accounts: 'this' } : v,
            ),
          }
        : body,
  },
  fresh: () => ({ views: [] }),
});

// ---- accounts/<key>/picture.json: the offline copy without its devices ----

const record = z.looseObject({ id: z.string() });
/** The records are the service's, checked when they arrived; here only their ids. */
type CachedDatasets = {
  [D in DatasetName]: { fetchedAt: string | null; records: DatasetRecordMap[D][] };
};
const dataset = z.object({ fetchedAt: z.string().nullable(), records: z.array(record) });

export const pictureFile = storedFile({
  what: 'the saved offline copy',
  // 2: the devices moved to devices.json (written by the poll worker).
  version: 2,
  schema: z.object({
    savedAt: z.string(),
    currentUser: record.nullable().transform((u) => u as unknown as User | null),
    datasets: z
      .object(
        Object.fromEntries(DATASET_NAMES.map((d) => [d, dataset])) as Record<DatasetName, typeof dataset>,
      )
      .transform((d) => d as unknown as CachedDatasets),
  }),
  migrations: {
    // The devices of a version-1 copy were inline: they cannot reach the worker's devices.json from here,
    // so they are dropped and come with the next poll; folders, sessions and users stay.
    1: (body) => {
      const datasets = (body.datasets ?? {}) as Record<string, unknown>;
      return { ...body, datasets: { ...datasets, devices: { fetchedAt: null, records: [] } } };
    },
  },
  fresh: () => null,
});

// ---- accounts/<key>/first-screen.json: the first rows of devices.json, for a fast start ----

export const firstScreenFile = storedFile({
  what: 'the first screen of the offline copy',
  // Written by the poll worker (devices-poll-work.ts), which stamps this version.
  version: FIRST_SCREEN_VERSION,
  schema: z.object({
    stamp: z.string(),
    fetchedAt: z.string().nullable(),
    total: z.number().int().min(0),
    records: z.array(record).transform((r) => r as unknown as Device[]),
  }),
  migrations: {},
  fresh: () => null,
});

/** Every kind, for the tests that hold each to the rules (a migration for every earlier version, …). */
export const STORED_FILES = {
  accountFile,
  settingsFile,
  notifiedFile,
  alertsFile,
  endedOutagesFile,
  checkpointFile,
  updateCheckFile,
  savedViewsFile,
  pictureFile,
  firstScreenFile,
} as const;
