// Timestamps as the service writes them (spec §2): ISO 8601 in UTC, whole seconds, "…Z".

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export function toIso(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** The date part only: nested sub-folders are dated without a time (spec §2). */
export function toIsoDate(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * Reads a client's timestamp: an ISO 8601 date-time with a zone (Z or an offset). Anything else, including
 * a date without a time or an impossible date ("2026-02-30T…"), is refused with null.
 */
export function parseTimestamp(text: string): number | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const daysInMonth = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  const ms = Date.parse(text.trim());
  return Number.isFinite(ms) ? ms : null;
}
