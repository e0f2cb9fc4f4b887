// The device grid's columns, described once: header, default width, the text a cell shows (also what a
// copy or an export "as displayed" writes), the value it sorts by, and the instant behind a time column
// (exported as ISO UTC). The grid's cells, its sort, its CSS grid template, the column chooser, TSV copy
// and CSV export all read this table. A device field without a column of its own here gets a plain one
// from its kind (PLAIN_COLUMNS, labelled `columns.<field>`), so a new field is shown, sorted and exported
// without an edit here; the compiler asks for its label in the catalogues.

import type { DeviceFieldKind, DeviceKey } from '../../shared/device-fields.js';
import { DEVICE_FIELDS, DEVICE_KEYS } from '../../shared/device-fields.js';
import type { Device, Id } from '../../shared/model.js';
import type { SinceRow } from '../../shared/status-history.js';
import { enumValue } from '../../shared/model.js';
import type { MessageKey } from '../i18n/index.js';
import { formatBytes, formatNumber, t } from '../i18n/index.js';
import { statusAge, statusAt, statusKind } from './device-status.js';
import { statusName } from './labels.js';
import { displayTime, parseTimestamp, timestampMs } from './time-zone.js';
import type { SinceLookup } from './device-since.js';
import { sinceCellText, sinceSortValue } from './device-since.js';
import { compareSortValues, ipKey, type SortValue } from './sort-values.js';

export interface ColumnContext {
  folderName(id: Id): string | undefined;
  /** When the device list was fetched (a status without its own time is as old as that). */
  fetchedAt: string | null;
  now: number;
  /** Each device's status history row (history:since); absent: the Since column says "unknown". */
  since?: SinceLookup;
}

/** What a ColumnContext is made of: the data store's folders, fetch time and since rows, and a clock. */
export interface ColumnSources {
  folderName(id: Id): string | undefined;
  fetchedAt: string | null;
  since: ReadonlyMap<Id, SinceRow> | null;
  /** The app's clock (stores.now), read once by the caller: every cell of one render shares one instant. */
  now: number;
}

/**
 * The one way a ColumnContext is made: the grid, the rows copied, the export, the Since sort and the
 * index's sort keys all read folder names, the fetch time, the since rows and the time through it.
 */
export function columnContext(sources: ColumnSources): ColumnContext {
  const { since } = sources;
  return {
    folderName: (id) => sources.folderName(id),
    fetchedAt: sources.fetchedAt,
    now: sources.now,
    ...(since ? { since: (id: Id) => since.get(id) } : {}),
  };
}

export { compareSortValues, type SortValue } from './sort-values.js';

export interface DeviceColumn {
  key: ColumnKey;
  label: MessageKey;
  /** Default width in px. */
  width: number;
  minWidth: number;
  mono?: boolean;
  /** The cell's text as shown. */
  text(d: Device, ctx: ColumnContext): string;
  /**
   * What the column sorts by. The DeviceIndex keeps this per device, recomputed only when the device (or
   * its folder's name) changes, so it may read the device and `ctx.folderName`, nothing else.
   */
  sortValue(d: Device, ctx: ColumnContext): SortValue;
  /**
   * The sort value reads something besides the device and its folder's name (the clock, the history):
   * such a column is sorted in full each time it is asked for (sortIdsByColumn), never kept.
   */
  volatile?: boolean;
  /** Time columns: the instant as sent (ISO UTC), which the export writes beside the displayed text. */
  instant?(d: Device, ctx?: ColumnContext): string | null;
  /** What a file holds when the cell says more than one thing ("Offline", not "Offline · 13 min ago"). */
  fileText?(d: Device, ctx: ColumnContext): string;
  /** A time a file writes in columns of its own after this one (the status's "as of"), UTC and shown. */
  fileTime?: {
    label: MessageKey;
    instant(d: Device, ctx: ColumnContext): string | null;
    text(d: Device, ctx: ColumnContext): string;
  };
}

const STATUS_RANK = { online: 0, busy: 1, offline: 2, unknown: 3 } as const;

function lower(s: string | null): string | null {
  return s ? s.toLowerCase() : null;
}

function timeKey(ts: string | null): number | null {
  return timestampMs(ts);
}

/** Wide enough for a date and time with the year ("Nov 23, 2026, 10:27 PM"): at 160 px the time was cut. */
const TIME_WIDTH = 190;

function timeText(ts: string | null): string {
  const at = parseTimestamp(ts);
  return at ? displayTime(at, 'date-time') : '';
}

function folderText(d: Device, ctx: ColumnContext): string {
  if (d.folderId === null) return t('folders.unassigned');
  return ctx.folderName(d.folderId) ?? d.folderId;
}

/** "42% of 500 GB" sorts by its percentage. */
function percentKey(s: string | null): number | null {
  const m = s ? /(\d+(?:[.,]\d+)?)\s*%/.exec(s) : null;
  return m ? Number(m[1]!.replace(',', '.')) : null;
}

const NAMED_COLUMNS = [
  {
    key: 'name',
    label: 'devices.col.name',
    width: 180,
    minWidth: 80,
    text: (d) => d.name ?? '',
    sortValue: (d) => lower(d.name),
  },
  {
    key: 'alias',
    label: 'devices.col.alias',
    width: 140,
    minWidth: 60,
    text: (d) => d.alias ?? '',
    sortValue: (d) => lower(d.alias),
  },
  {
    key: 'status',
    label: 'devices.col.status',
    width: 200,
    minWidth: 100,
    text: (d, ctx) => statusAge(d, ctx.fetchedAt, ctx.now).text,
    sortValue: (d) => STATUS_RANK[statusKind(d)],
    fileText: (d) => statusName(d.status),
    fileTime: {
      label: 'export.statusAsOf',
      instant: (d, ctx) =>
        statusAt(d, ctx.fetchedAt)
          ?.toISOString()
          .replace(/\.000Z$/, 'Z') ?? null,
      text: (d, ctx) => {
        const at = statusAt(d, ctx.fetchedAt);
        return at ? displayTime(at, 'date-time') : '';
      },
    },
  },
  {
    // When the current status began, from the status history: "Offline since 14:32 (3 h 12 min)".
    key: 'since',
    label: 'history.column.since',
    width: 230,
    minWidth: 100,
    text: (d, ctx) => sinceCellText(d, ctx.since?.(d.id), ctx.now),
    sortValue: (d, ctx) => sinceSortValue(ctx.since?.(d.id)),
    // From the status history, not the device: sorted in full when asked (views.ts), never kept.
    volatile: true,
    instant: (d, ctx) => {
      const row = ctx?.since?.(d.id);
      return row ? new Date(row[0]).toISOString() : null;
    },
  },
  {
    key: 'os',
    label: 'devices.col.os',
    width: 130,
    minWidth: 60,
    text: (d) => (d.os ? enumValue(d.os) : ''),
    sortValue: (d) => (d.os ? enumValue(d.os).toLowerCase() : null),
  },
  {
    key: 'ip',
    label: 'devices.col.ip',
    width: 124,
    minWidth: 60,
    mono: true,
    text: (d) => d.ip ?? '',
    sortValue: (d) => ipKey(d.ip),
  },
  {
    key: 'mac',
    label: 'columns.mac',
    width: 150,
    minWidth: 60,
    mono: true,
    text: (d) => d.mac ?? '',
    sortValue: (d) => lower(d.mac),
  },
  {
    key: 'lastRefresh',
    label: 'devices.col.lastRefresh',
    width: TIME_WIDTH,
    minWidth: 80,
    text: (d) => timeText(d.lastRefresh),
    sortValue: (d) => timeKey(d.lastRefresh),
    instant: (d) => d.lastRefresh,
  },
  {
    key: 'folder',
    label: 'devices.col.folder',
    width: 150,
    minWidth: 60,
    text: folderText,
    sortValue: (d, ctx) => (d.folderId !== null ? lower(ctx.folderName(d.folderId) ?? null) : null),
  },
  {
    key: 'cpu',
    label: 'columns.cpu',
    width: 220,
    minWidth: 60,
    text: (d) => d.cpu ?? '',
    sortValue: (d) => lower(d.cpu),
  },
  {
    key: 'ram',
    label: 'columns.ram',
    width: 90,
    minWidth: 50,
    text: (d) => (d.ram === null ? '' : formatBytes(d.ram * 1024 ** 2)),
    sortValue: (d) => d.ram,
  },
  {
    key: 'freeSpace',
    label: 'columns.freeSpace',
    width: 140,
    minWidth: 60,
    text: (d) => d.freeSpace ?? '',
    sortValue: (d) => percentKey(d.freeSpace),
  },
  {
    key: 'dateInstalled',
    label: 'columns.dateInstalled',
    width: TIME_WIDTH,
    minWidth: 80,
    text: (d) => timeText(d.dateInstalled),
    sortValue: (d) => timeKey(d.dateInstalled),
    instant: (d) => d.dateInstalled,
  },
  {
    key: 'id',
    label: 'columns.id',
    width: 90,
    minWidth: 40,
    mono: true,
    text: (d) => d.id,
    sortValue: (d) => d.id,
  },
] as const satisfies ReadonlyArray<Omit<DeviceColumn, 'key'> & { key: string }>;

type NamedColumnKey = (typeof NAMED_COLUMNS)[number]['key'];
/** Fields shown under another column's name: the folder column shows the folder's name, not its id. */
const SHOWN_AS = { folderId: 'folder' } as const satisfies Partial<Record<DeviceKey, NamedColumnKey>>;
/** Device fields with no column above: each gets a plain one from its kind. */
type PlainFieldKey = Exclude<DeviceKey, NamedColumnKey | keyof typeof SHOWN_AS>;
export type ColumnKey = NamedColumnKey | PlainFieldKey;

/** How a field of each kind is shown and sorted when no column above says better. */
interface PlainColumn {
  width: number;
  minWidth: number;
  text(value: unknown): string;
  sortValue(value: unknown): SortValue;
  /** A time: exported as the instant too. */
  instant?: true;
}

const enumPlain: PlainColumn = {
  width: 120,
  minWidth: 60,
  text: (v) => (v ? enumValue(v as string) : ''),
  sortValue: (v) => (v ? enumValue(v as string).toLowerCase() : null),
};

const PLAIN_BY_KIND: Record<DeviceFieldKind, PlainColumn> = {
  id: { width: 90, minWidth: 40, text: (v) => String(v ?? ''), sortValue: (v) => String(v ?? '') },
  text: {
    width: 160,
    minWidth: 60,
    text: (v) => String(v ?? ''),
    sortValue: (v) => lower(v as string | null),
  },
  status: enumPlain,
  os: enumPlain,
  timestamp: {
    width: TIME_WIDTH,
    minWidth: 80,
    text: (v) => timeText(v as string | null),
    sortValue: (v) => timeKey(v as string | null),
    instant: true,
  },
  decimal: {
    width: 100,
    minWidth: 50,
    text: (v) => (v === null ? '' : formatNumber(v as number)),
    sortValue: (v) => v as number | null,
  },
};

// `columns.<field>` must be a catalogue key: a new field's label is asked for by the compiler.
const plainLabel = (key: PlainFieldKey): MessageKey => `columns.${key}`;

function isPlainField(key: DeviceKey): key is PlainFieldKey {
  return !NAMED_COLUMNS.some((c) => c.key === key) && !(key in SHOWN_AS);
}

export function plainColumn(key: DeviceKey, label: MessageKey): DeviceColumn {
  const plain = PLAIN_BY_KIND[DEVICE_FIELDS[key].kind];
  return {
    key: key as ColumnKey,
    label,
    width: plain.width,
    minWidth: plain.minWidth,
    text: (d) => plain.text(d[key]),
    sortValue: (d) => plain.sortValue(d[key]),
    ...(plain.instant ? { instant: (d: Device) => d[key] as string | null } : {}),
  };
}

const PLAIN_COLUMNS = DEVICE_KEYS.filter(isPlainField).map((key) => plainColumn(key, plainLabel(key)));

export const DEVICE_COLUMNS: readonly DeviceColumn[] = [
  ...(NAMED_COLUMNS as readonly DeviceColumn[]),
  ...PLAIN_COLUMNS,
];

const BY_KEY = new Map<string, DeviceColumn>(DEVICE_COLUMNS.map((c) => [c.key, c]));

export function columnByKey(key: string): DeviceColumn | undefined {
  return BY_KEY.get(key);
}

export function isColumnKey(key: string): key is ColumnKey {
  return BY_KEY.has(key);
}

export interface ColumnState {
  key: ColumnKey;
  width: number;
}

/** The columns shown before anyone chooses: the grid as it always was. */
export const DEFAULT_COLUMNS: readonly ColumnState[] = (
  ['name', 'alias', 'status', 'os', 'ip', 'lastRefresh', 'folder'] as const
).map((key) => ({ key, width: BY_KEY.get(key)!.width }));

/** Drops unknown keys (a view shared by a newer build) and duplicates; clamps widths; never empty. */
export function normaliseColumns(columns: ReadonlyArray<{ key: string; width: number }>): ColumnState[] {
  const seen = new Set<string>();
  const out: ColumnState[] = [];
  for (const c of columns) {
    const def = BY_KEY.get(c.key);
    if (!def || seen.has(c.key)) continue;
    seen.add(c.key);
    out.push({ key: def.key, width: Math.max(def.minWidth, Math.min(1200, Math.round(c.width))) });
  }
  return out.length ? out : [...DEFAULT_COLUMNS];
}

export function gridMinWidth(columns: readonly ColumnState[]): number {
  return columns.reduce((sum, c) => sum + c.width, 0);
}

/**
 * Sorts ids by a column (for columns the device query does not sort by itself). Ties fall back to the
 * name, then the id; empty values last in both directions, as device-query.ts does.
 */
export function sortIdsByColumn(
  devices: ReadonlyMap<Id, Device>,
  key: ColumnKey,
  direction: 'asc' | 'desc',
  ctx: ColumnContext,
): Id[] {
  const column = BY_KEY.get(key)!;
  const entries: Array<{ id: Id; v: SortValue; n: string }> = [];
  for (const [id, d] of devices)
    entries.push({ id, v: column.sortValue(d, ctx), n: d.name?.toLowerCase() ?? '' });
  const dir = direction === 'asc' ? 1 : -1;
  entries.sort((a, b) => {
    if (a.v !== b.v) {
      if (a.v === null) return 1;
      if (b.v === null) return -1;
      return compareSortValues(a.v, b.v) * dir;
    }
    if (a.n !== b.n) return (a.n < b.n ? -1 : 1) * dir;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return entries.map((e) => e.id);
}
