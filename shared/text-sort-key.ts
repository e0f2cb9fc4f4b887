// How text sorts wherever the console orders names and words: the device table's columns (the renderer's
// sort values), its default order and the offline copy's first screen picked in it (device-order.ts).

/** An ASCII digit's code unit: what textSortKey reads as part of a number. */
export const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/**
 * Text as it sorts: case-folded, and each run of digits read as the number it writes, so "Desk 9" comes
 * before "Desk 10" and "PC-2" before "PC-12", as Explorer and the folder tree order them (a technician
 * reads the numbers in names, not their characters). The key's code-unit order is that order: a run
 * becomes its length, as one character within the digits' range (so against any other character it sorts
 * where a digit would), then its digits without leading zeros; runs of nine digits or more take a second
 * length character. "PC-07" and "PC-7" get one key: the name, then the id, part them.
 */
export function textSortKey(text: string): string {
  const s = text.toLowerCase();
  const n = s.length;
  let i = 0;
  while (i < n && !isDigit(s.charCodeAt(i))) i++;
  if (i === n) return s; // most names hold no digit: no second string
  let key = s.slice(0, i);
  while (i < n) {
    let start = i;
    if (!isDigit(s.charCodeAt(i))) {
      while (i < n && !isDigit(s.charCodeAt(i))) i++;
      key += s.slice(start, i);
      continue;
    }
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    while (start < i - 1 && s.charCodeAt(start) === 48) start++;
    const length = i - start;
    key += length < 9 ? String.fromCharCode(48 + length) : '9' + String.fromCharCode(48 + length);
    key += s.slice(start, i);
  }
  return key;
}
