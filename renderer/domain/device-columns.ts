// The display registry: each device field and computed column described once. Its label (the one
// `columns.*` key family), default width, cell kind (DeviceCells.tsx draws each kind), the text a cell
// shows (also what a copy or an export "as displayed" writes and a screen reader reads), the value it
// sorts by, the instant behind a time, its row in the detail panel, its words in the search, the saved-view
// condition kinds that test it and whether the palette lists it. The grid, its sort, the column chooser,
// the detail panel, TSV copy, CSV export, the search, the palette and the condition editor all read it. A
// device field without an entry of its own gets a plain one from its kind (cell-kinds.ts, labelled
// `columns.<field>`), so a new field is shown, sorted, exported, searched and offered to a condition
// without an edit here; the compiler asks for its label in the catalogues.

import type { DeviceKey } from '../../shared/device-fields.js';
import { DEVICE_FIELDS, DEVICE_KEYS } from '../../shared/device-fields.js';
import type { Device, Id } from '../../shared/model.js';
import { enumValue } from '../../shared/model.js';
import type { MessageKey } from '../i18n/index.js';
import { formatBytes, t } from '../i18n/index.js';
import { STATUS_RANK, statusAge, statusAt, statusKind } from './device-status.js';
import { statusName } from './labels.js';
import { displayTime, timestampMs } from './time-zone.js';
import type { ColumnContext } from './column-context.js';
import { sinceCellText, sinceSortValue } from './device-since.js';
import { compareSortValues, ipKey, type SortValue } from './sort-values.js';
import { defaultOrderName } from '../../shared/device-order.js';
import {
  freeSpacePercent,
  lower,
  textKey,
  textKeyFew,
  PLAIN_BY_KIND,
  TIME_WIDTH,
  timeDetail,
  timeText,
  type CellKind,
} from './cell-kinds.js';

export { columnContext, type ColumnContext, type ColumnSources } from './column-context.js';
export { compareSortValues, type SortValue } from './sort-values.js';
export type { CellKind } from './cell-kinds.js';

export interface DeviceColumn {
  key: ColumnKey;
  label: MessageKey;
  /** Default width in px. */
  width: number;
  minWidth: number;
  mono?: boolean;
  /** How the grid draws the cell (DeviceCells.tsx has one renderer per kind). */
  cell: CellKind;
  /** The cell's text as shown, and as a screen reader reads it. */
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
  /** Its row in the detail panel: false for none, a function when it says more than the cell; else `text`. */
  detail?: false | ((d: Device, ctx: ColumnContext) => string);
  /**
   * The words the search finds the device by, bare or after `<key>:` (device-search.ts); the IP and the
   * MAC have matchers of their own there. Absent: the field is not searched.
   */
  searchWords?(d: Device, folderName: string | null | undefined): string | null;
  /**
   * The saved-view condition kinds that test this field (view-conditions.ts, history-conditions.ts). A kind
   * listed by this column alone is named by its label in the condition editor (condition-fields.ts).
   */
  conditions?: readonly string[];
  /** Shown after a device's name in the command palette, and found by it. */
  palette?: true;
}

const folderText = (d: Device, ctx: ColumnContext): string =>
  d.folderId === null ? t('folders.unassigned') : (ctx.folderName(d.folderId) ?? d.folderId);

const NAMED_COLUMNS = [
  {
    key: 'name',
    label: 'columns.name',
    width: 180,
    minWidth: 80,
    cell: 'name',
    text: (d) => d.name ?? '',
    sortValue: (d) => textKey(d.name),
    searchWords: (d) => d.name,
    conditions: ['text'],
  },
  {
    key: 'alias',
    label: 'columns.alias',
    width: 140,
    minWidth: 60,
    cell: 'text',
    text: (d) => d.alias ?? '',
    // textKeyFew, not textKey: aliases repeat (a desk, a room, a role), and grouping 90,000 equal keys that
    // were each their own string cost 190 ms of a 300,000-device first click (hashing each one); one
    // string per alias, 55 ms. Distinct aliases cost what they did: each is hashed once either way.
    sortValue: (d) => textKeyFew(d.alias),
    // Its row in the detail panel is the alias editor's (DeviceDetail.tsx).
    detail: false,
    searchWords: (d) => d.alias,
    conditions: ['alias', 'text'],
    palette: true,
  },
  {
    key: 'status',
    label: 'columns.status',
    width: 200,
    minWidth: 100,
    cell: 'status',
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
    // Since when, from the status history: the same words as the history and the Since column (the last
    // report's age has its own row, "Last refresh").
    detail: (d, ctx) => {
      const row = ctx.since?.(d.id);
      return row ? sinceCellText(d, row, ctx.now) : statusName(d.status);
    },
    conditions: ['status', 'statusLongerThan', 'changedWithin', 'flapping'],
  },
  {
    // When the current status began, from the status history: "Offline since 14:32 (3 h 12 min)".
    key: 'since',
    label: 'columns.since',
    width: 230,
    minWidth: 100,
    cell: 'text',
    text: (d, ctx) => sinceCellText(d, ctx.since?.(d.id), ctx.now),
    sortValue: (d, ctx) => sinceSortValue(ctx.since?.(d.id)),
    // From the status history, not the device: sorted in full when asked (views.ts), never kept.
    volatile: true,
    instant: (d, ctx) => {
      const row = ctx?.since?.(d.id);
      return row ? new Date(row[0]).toISOString() : null;
    },
    // The detail panel's status row says it.
    detail: false,
    conditions: ['statusLongerThan', 'changedWithin'],
  },
  {
    key: 'os',
    label: 'columns.os',
    width: 130,
    minWidth: 60,
    cell: 'text',
    text: (d) => (d.os ? enumValue(d.os) : ''),
    sortValue: (d) => (d.os ? textKeyFew(enumValue(d.os)) : null),
    searchWords: (d) => (d.os === null ? null : enumValue(d.os)),
    conditions: ['os', 'text'],
  },
  {
    key: 'ip',
    label: 'columns.ip',
    width: 124,
    minWidth: 60,
    mono: true,
    cell: 'text',
    text: (d) => d.ip ?? '',
    sortValue: (d) => ipKey(d.ip),
    conditions: ['ip', 'text'],
    palette: true,
  },
  {
    key: 'mac',
    label: 'columns.mac',
    width: 150,
    minWidth: 60,
    mono: true,
    cell: 'text',
    text: (d) => d.mac ?? '',
    sortValue: (d) => lower(d.mac),
    conditions: ['text'],
    palette: true,
  },
  {
    key: 'lastRefresh',
    label: 'columns.lastRefresh',
    width: TIME_WIDTH,
    minWidth: 80,
    cell: 'time',
    text: (d) => timeText(d.lastRefresh),
    sortValue: (d) => timestampMs(d.lastRefresh),
    instant: (d) => d.lastRefresh,
    detail: (d) => timeDetail(d.lastRefresh),
    conditions: ['statusOlderThan'],
  },
  {
    key: 'folder',
    label: 'columns.folder',
    width: 150,
    minWidth: 60,
    cell: 'text',
    text: folderText,
    sortValue: (d, ctx) => (d.folderId !== null ? textKeyFew(ctx.folderName(d.folderId) ?? null) : null),
    detail: (d, ctx) =>
      d.folderId === null ? folderText(d, ctx) : (ctx.folderPath?.(d.folderId) ?? folderText(d, ctx)),
    searchWords: (_d, folderName) => folderName ?? null,
    conditions: ['folder', 'text'],
  },
  {
    key: 'cpu',
    label: 'columns.cpu',
    width: 220,
    minWidth: 60,
    cell: 'text',
    text: (d) => d.cpu ?? '',
    sortValue: (d) => textKeyFew(d.cpu),
  },
  {
    key: 'ram',
    label: 'columns.ram',
    width: 90,
    minWidth: 50,
    cell: 'number',
    text: (d) => (d.ram === null ? '' : formatBytes(d.ram * 1024 ** 2)),
    sortValue: (d) => d.ram,
    conditions: ['ramBelow'],
  },
  {
    key: 'freeSpace',
    label: 'columns.freeSpace',
    width: 140,
    minWidth: 60,
    cell: 'text',
    text: (d) => d.freeSpace ?? '',
    sortValue: (d) => freeSpacePercent(d.freeSpace),
    conditions: ['freeSpaceBelow'],
  },
  {
    key: 'dateInstalled',
    label: 'columns.dateInstalled',
    width: TIME_WIDTH,
    minWidth: 80,
    cell: 'time',
    text: (d) => timeText(d.dateInstalled),
    sortValue: (d) => timestampMs(d.dateInstalled),
    instant: (d) => d.dateInstalled,
    detail: (d) => timeDetail(d.dateInstalled),
  },
  {
    key: 'id',
    label: 'columns.id',
    width: 90,
    minWidth: 40,
    mono: true,
    cell: 'text',
    text: (d) => d.id,
    sortValue: (d) => d.id,
    detail: false,
  },
] as const satisfies ReadonlyArray<Omit<DeviceColumn, 'key'> & { key: string }>;

type NamedColumnKey = (typeof NAMED_COLUMNS)[number]['key'];
/** Fields shown under another column's name: the folder column shows the folder's name, not its id. */
const SHOWN_AS = { folderId: 'folder' } as const satisfies Partial<Record<DeviceKey, NamedColumnKey>>;
/** Device fields with no column above: each gets a plain one from its kind. */
type PlainFieldKey = Exclude<DeviceKey, NamedColumnKey | keyof typeof SHOWN_AS>;
export type ColumnKey = NamedColumnKey | PlainFieldKey;

// `columns.<field>` must be a catalogue key: a new field's label is asked for by the compiler.
const plainLabel = (key: PlainFieldKey): MessageKey => `columns.${key}`;

function isPlainField(key: DeviceKey): key is PlainFieldKey {
  return !NAMED_COLUMNS.some((c) => c.key === key) && !(key in SHOWN_AS);
}

/** A field's entry from its kind alone: shown, sorted, exported, in the detail panel; text is searched. */
export function plainColumn(key: DeviceKey, label: MessageKey): DeviceColumn {
  const plain = PLAIN_BY_KIND[DEVICE_FIELDS[key].kind];
  const words = DEVICE_FIELDS[key].kind === 'text';
  return {
    key: key as ColumnKey,
    label,
    width: plain.width,
    minWidth: plain.minWidth,
    cell: plain.cell,
    text: (d) => plain.text(d[key]),
    sortValue: (d) => plain.sortValue(d[key]),
    ...(plain.instant ? { instant: (d: Device) => d[key] as string | null } : {}),
    // A text field is found by its words, bare or after `<key>:`; a condition searches it so.
    ...(words ? { searchWords: (d: Device) => d[key] as string | null, conditions: ['text'] } : {}),
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

/** The detail panel's rows, in the registry's order. */
export const DETAIL_COLUMNS: readonly DeviceColumn[] = DEVICE_COLUMNS.filter((c) => c.detail !== false);

/** A column's text in the detail panel ('' when the device has none). */
export function detailText(column: DeviceColumn, d: Device, ctx: ColumnContext): string {
  return (column.detail || column.text)(d, ctx);
}

/** The columns a saved-view condition kind tests (the condition editor's lookup), in the registry's order. */
export function columnsForCondition(kind: string): DeviceColumn[] {
  return DEVICE_COLUMNS.filter((c) => c.conditions?.includes(kind));
}

/** The columns the command palette shows after a device's name, and searches. */
export const PALETTE_COLUMNS: readonly DeviceColumn[] = DEVICE_COLUMNS.filter((c) => c.palette);

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
    entries.push({ id, v: column.sortValue(d, ctx), n: defaultOrderName(d.name) });
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
