// Since rows travel column by column (shared/status-history.ts); tests read and write them as
// rows by id, [since, exact, flapUntil], which is easier to state and compare.
import type { SinceRow, SinceRows } from '../../shared/status-history.js';

type Columns = Pick<SinceRows, 'ids' | 'since' | 'exact' | 'flapUntil'>;

/** A delta's rows by id. */
export function sinceRowsOf(delta: Columns): Record<string, SinceRow> {
  const rows: Record<string, SinceRow> = {};
  delta.ids.forEach((id, i) => (rows[id] = [delta.since[i]!, delta.exact[i]!, delta.flapUntil[i]!]));
  return rows;
}

/** A delta's columns from rows by id. */
export function sinceColumns(rows: Record<string, SinceRow>): Columns {
  const ids = Object.keys(rows);
  return {
    ids,
    since: ids.map((id) => rows[id]![0]),
    exact: ids.map((id) => rows[id]![1]),
    flapUntil: ids.map((id) => rows[id]![2]),
  };
}
