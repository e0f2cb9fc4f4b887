// The service writes a user's time zone as a fixed GMT offset in parentheses ("(GMT+01:00)"); Intl (Node
// 20's included) knows only IANA names. Both sides read such offsets: the renderer shows times in them,
// the main side writes them into a history export.

export interface UtcOffset {
  /** Minutes east of UTC: "(GMT+01:00)" → 60, "(GMT-03:30)" → -210. */
  minutes: number;
  /** "GMT+01:00", "GMT" for zero. */
  label: string;
}

const OFFSET = /^\s*\(?\s*(?:GMT|UTC)\s*(?:([+-])\s*(\d{1,2})(?::?(\d{2}))?)?\s*\)?/i;

/** Parses "(GMT+01:00)", "(GMT-3:30)", "(GMT)"; null when the text is not an offset. */
export function parseGmtOffset(text: string | null | undefined): UtcOffset | null {
  if (!text) return null;
  const m = OFFSET.exec(text);
  if (!m) return null;
  const hours = m[2] === undefined ? 0 : Number(m[2]);
  const mins = m[3] === undefined ? 0 : Number(m[3]);
  if (hours > 14 || mins > 59) return null;
  const minutes = (m[1] === '-' ? -1 : 1) * (hours * 60 + mins);
  return { minutes, label: offsetLabel(minutes) };
}

export function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'GMT';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `GMT${sign}${hh}:${mm}`;
}

/** Names Intl and the service use for UTC itself (Chromium and Node canonicalise differently). */
const UTC_NAMES = new Set(
  ['UTC', 'Etc/UTC', 'Etc/UCT', 'UCT', 'GMT', 'Etc/GMT', 'Etc/GMT0', 'Etc/GMT+0', 'Etc/GMT-0', 'GMT0']
    .concat([
      'GMT+0',
      'GMT-0',
      'Etc/Universal',
      'Universal',
      'Etc/Zulu',
      'Zulu',
      'Etc/Greenwich',
      'Greenwich',
    ])
    .map((z) => z.toLowerCase()),
);

/**
 * Whether a zone's clock is UTC's all year: "UTC", "Etc/UTC", "GMT+00:00". An export then writes one time
 * column, not two both headed "(UTC)". Europe/London is not: it keeps summer time.
 */
export function isUtcClock(zone: string): boolean {
  if (UTC_NAMES.has(zone.trim().toLowerCase())) return true;
  if (/^\s*\(?\s*(?:GMT|UTC)\b/i.test(zone)) return parseGmtOffset(zone)?.minutes === 0;
  return false;
}
