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
    throw new CliExit(
      EXIT.usage,
      `Unknown column ${unknown.join(', ') || '(none given)'}; columns are: ${columnKeys().join(', ')}.`,
    );
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
    throw new CliExit(EXIT.usage, `Cannot sort by ${key}; columns are: ${columnKeys().join(', ')}.`);
  }
  if (direction !== 'asc' && direction !== 'desc') {
    throw new CliExit(EXIT.usage, `Sort direction must be asc or desc, not ${direction}.`);
  }
  const byId = new Map(matching.map((d) => [d.id, d]));
  return sortIdsByColumn(byId, columnByKey(key)!.key, direction, ctx).map((id) => byId.get(id)!);
}

/** The rows as the app's CSV export writes them (in the locale's delimiter, BOM first). */
export function devicesCsv(
  devices: readonly Device[],
  columns: readonly DeviceColumn[],
  ctx: ColumnContext,
  locale: string,
): Promise<string> {
  // No yields between chunks: nothing else runs in this process while it writes.
  return devicesToCsv(devices, columns, ctx, { locale, chunk: 5_000, yieldNow: async () => {} });
}

export function findDevice(devices: readonly Device[], id: string): Device {
  const device = devices.find((d) => d.id === id);
  if (!device) throw new CliExit(EXIT.notFound, `No device with id ${id}.`);
  return device;
}
