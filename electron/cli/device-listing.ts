// `devices list` and `devices show` over the account's devices, with the app's own pieces: the search
// language (renderer/domain/device-search.ts), the column table (device-columns.ts: headers, cell text,
// sort values) and the CSV export (device-export.ts: BOM, locale delimiter, formula escaping, time columns
// twice). Those modules are DOM-free; the command line imports them rather than keeping a second copy.

import type { Device, Folder, Id } from '../../shared/model.js';
import {
  DEFAULT_COLUMNS,
  DEVICE_COLUMNS,
  columnByKey,
  sortIdsByColumn,
  type ColumnContext,
  type DeviceColumn,
} from '../../renderer/domain/device-columns.js';
import { devicesToCsv } from '../../renderer/domain/device-export.js';
import { compileSearch, searchEntry } from '../../renderer/domain/device-search.js';
import type { DevicePredicate } from '../../renderer/domain/view-conditions.js';
import { CliExit, EXIT } from './exit-codes.js';

export interface ListQuery {
  where?: string;
  /** "name", "status:desc"… */
  sort?: string;
  /** "name,ip,folder" */
  columns?: string;
  /** A saved view's name or id: its search, conditions, sort and columns (--where, --sort, --columns narrow or override). */
  view?: string;
}

export function columnContext(
  folders: readonly Folder[],
  fetchedAt: string | null,
  now: number,
): ColumnContext {
  const names = new Map<Id, string>(folders.map((f) => [f.id, f.name]));
  return { folderName: (id) => names.get(id), fetchedAt, now };
}

export function chooseColumns(spec: string | undefined): DeviceColumn[] {
  if (!spec) return DEFAULT_COLUMNS.map((c) => columnByKey(c.key)!);
  const keys = spec
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = keys.filter((k) => !columnByKey(k));
  if (unknown.length || keys.length === 0) {
    const columns = columnKeys().join(', ');
    throw unknown.length
      ? new CliExit(EXIT.usage, 'cli.columns.unknown', { names: unknown.join(', '), columns })
      : new CliExit(EXIT.usage, 'cli.columns.none', { columns });
  }
  return keys.map((k) => columnByKey(k)!);
}

export function columnKeys(): string[] {
  return DEVICE_COLUMNS.map((c) => c.key);
}

/** The devices matching `where`, in the order `sort` asks for (default: by name). */
export function queryDevices(
  devices: readonly Device[],
  query: ListQuery,
  ctx: ColumnContext,
  view?: DevicePredicate,
): Device[] {
  let matching = devices;
  if (view) {
    matching = matching.filter((d) =>
      view(d, searchEntry(d, d.folderId === null ? null : ctx.folderName(d.folderId))),
    );
  }
  if (query.where !== undefined && query.where.trim() !== '') {
    const predicate = compileSearch(query.where);
    if (predicate) {
      matching = matching.filter((d) =>
        predicate(searchEntry(d, d.folderId === null ? null : ctx.folderName(d.folderId))),
      );
    }
  }
  const [key = 'name', direction = 'asc'] = (query.sort ?? 'name').split(':');
  if (!columnByKey(key)) {
    throw new CliExit(EXIT.usage, 'cli.sort.unknown', { column: key, columns: columnKeys().join(', ') });
  }
  if (direction !== 'asc' && direction !== 'desc') {
    throw new CliExit(EXIT.usage, 'cli.sort.direction', { value: direction });
  }
  const byId = new Map(matching.map((d) => [d.id, d]));
  return sortIdsByColumn(byId, columnByKey(key)!.key, direction, ctx).map((id) => byId.get(id)!);
}

/** Rows written at a time: each part is on its way to stdout before the next is made. */
const CSV_PART = 5_000;

/**
 * The rows as the app's CSV export writes them (in the locale's delimiter, BOM first), written part by
 * part: 100,000 rows held whole (the parts, their join, its UTF-8 copy) were ~75 MB of garbage to collect.
 * Each part is the app's own export of those rows; every part after the first drops the BOM and header
 * line the export starts with.
 */
export async function writeDevicesCsv(
  devices: readonly Device[],
  columns: readonly DeviceColumn[],
  ctx: ColumnContext,
  locale: string,
  write: (text: string) => void,
): Promise<void> {
  // No yields between chunks: nothing else runs in this process while it writes.
  const options = { locale, chunk: CSV_PART, yieldNow: async () => {} };
  const head = await devicesToCsv([], columns, ctx, options);
  write(head);
  for (let i = 0; i < devices.length; i += CSV_PART) {
    const part = await devicesToCsv(devices.slice(i, i + CSV_PART), columns, ctx, options);
    write(part.slice(head.length));
  }
}

export function findDevice(devices: readonly Device[], id: string): Device {
  const device = devices.find((d) => d.id === id);
  if (!device) throw new CliExit(EXIT.notFound, 'cli.device.notFound', { id });
  return device;
}
