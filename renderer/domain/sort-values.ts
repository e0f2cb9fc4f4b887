// The values the device grid sorts by (each column's `sortValue`, device-columns.ts), their one order, and
// the keys that need more than a lower-cased copy of the text.

export type SortValue = string | number | null;

export { textSortKey } from '../../shared/text-sort-key.js';

/**
 * The one order of sort values, ascending: numbers before text (a column such as IP holds both), text by
 * UTF-16 code units of its key (textSortKey for names and words), empty (null) last. The DeviceIndex and
 * sortIdsByColumn both sort by it.
 */
export function compareSortValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A dotted quad sorts as the number it stands for (each part up to 999, as typed); anything else (IPv6, a
 * host name) after every dotted quad, by its lower-case text. A number, not padded text: 100,000 keys are
 * built and compared on a first click.
 */
export function ipKey(ip: string | null): number | string | null {
  if (!ip) return null;
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c >= 48 && c <= 57 && digits < 3) {
      part = part * 10 + (c - 48);
      digits++;
    } else if (c === 46 && digits > 0 && dots < 3) {
      value = value * 1000 + part;
      part = 0;
      digits = 0;
      dots++;
    } else return ip.toLowerCase();
  }
  if (dots !== 3 || digits === 0) return ip.toLowerCase();
  return value * 1000 + part;
}
