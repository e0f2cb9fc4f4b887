// How answers are written: tables sized to the terminal when stdout is one, plain tab-separated lines
// (no truncation) when piped, and JSON that scripts can rely on (two-space indent, keys as the app's
// model names them). Text from the service never reaches a terminal raw: control characters (an alias
// holding an escape sequence) are shown as "?".

import { CliExit, EXIT } from './exit-codes.js';

export type Format = 'table' | 'csv' | 'json';

export interface Out {
  write(text: string): void;
  /** Columns of the terminal, or null when stdout is not one (piped, redirected). */
  columns: number | null;
}

export function stdoutOut(): Out {
  return {
    write: (text) => process.stdout.write(text),
    columns: process.stdout.isTTY ? process.stdout.columns || 80 : null,
  };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export function cell(text: string): string {
  return text.replace(CONTROL, '?');
}

/** A column narrower than this is not shrunk further: the table wraps instead. */
const MIN_WIDTH = 6;

export function renderTable(
  headers: readonly string[],
  rows: readonly string[][],
  columns: number | null,
): string {
  const clean = rows.map((r) => r.map(cell));
  const head = headers.map(cell);
  if (columns === null) return [head, ...clean].map((r) => r.join('\t')).join('\n') + '\n';
  const widths = head.map((h) => h.length);
  for (const r of clean) r.forEach((c, i) => (widths[i] = Math.max(widths[i]!, c.length)));
  const gap = 2;
  let total = widths.reduce((s, w) => s + w, 0) + gap * (widths.length - 1);
  // Take from the widest column until the table fits the terminal.
  while (total > columns) {
    let widest = 0;
    for (let i = 1; i < widths.length; i++) if (widths[i]! > widths[widest]!) widest = i;
    if (widths[widest]! <= MIN_WIDTH) break;
    widths[widest]!--;
    total--;
  }
  const fit = (text: string, width: number) =>
    text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text.padEnd(width);
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => fit(c, widths[i]!))
      .join(' '.repeat(gap))
      .trimEnd();
  return [line(head), ...clean.map(line)].join('\n') + '\n';
}

export function renderJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

export function requireFormat(value: string, allowed: readonly Format[]): Format {
  if ((allowed as readonly string[]).includes(value)) return value as Format;
  throw new CliExit(EXIT.usage, 'cli.option.oneOf', {
    option: '--format',
    allowed: allowed.join(', '),
    value,
  });
}
