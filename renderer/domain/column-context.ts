// What a column's text, sort value and detail row read besides the device: folder names and paths, when
// the list was fetched, each device's status history row and one instant for the whole render.

import type { Id } from '../../shared/model.js';
import type { SinceLookup } from './device-since.js';
import { sinceReader, type SinceRows } from './since-table.js';

export interface ColumnContext {
  folderName(id: Id): string | undefined;
  /** The folder's whole path ("Customers / Berlin"), for the detail panel; else its name is shown. */
  folderPath?(id: Id): string | undefined;
  /** When the device list was fetched (a status without its own time is as old as that). */
  fetchedAt: string | null;
  now: number;
  /** Each device's status history row (DataChange.since); absent: the Since column says "unknown". */
  since?: SinceLookup;
}

/** What a ColumnContext is made of: the data store's folders, fetch time and since rows, and a clock. */
export interface ColumnSources {
  folderName(id: Id): string | undefined;
  folderPath?(id: Id): string | undefined;
  fetchedAt: string | null;
  since: SinceRows | null;
  /** The app's clock (stores.now), read once by the caller: every cell of one render shares one instant. */
  now: number;
}

/**
 * The one way a ColumnContext is made: the grid, the detail panel, the rows copied, the export, the Since
 * sort and the index's sort keys all read folder names, the fetch time, the since rows and the time
 * through it.
 */
export function columnContext(sources: ColumnSources): ColumnContext {
  const { since, folderPath } = sources;
  return {
    folderName: (id) => sources.folderName(id),
    ...(folderPath ? { folderPath: (id: Id) => folderPath(id) } : {}),
    fetchedAt: sources.fetchedAt,
    now: sources.now,
    // A column's text, sort key or condition reads its row at once: one row reused (since-table.ts).
    ...(since ? { since: sinceReader(since) } : {}),
  };
}
