// The current view as CSV (and selected rows as TSV), from the column table: the columns shown, in their
// order, the rows in the grid's order. Quoting is papaparse's (separators, quotes and line breaks inside
// values; formula-looking values are escaped so a spreadsheet does not execute "=cmd|…" from an alias).
//
// - UTF-8 with a BOM: Excel otherwise reads "Büro" as "BÃ¼ro".
// - The delimiter is the UI locale's list separator: ";" where the decimal mark is a comma (de, fr, es…),
//   so Excel there opens the file in columns (MeshCentral's CSV came out blank in Spanish).
// - Time columns are written twice: ISO 8601 UTC (for machines) and as displayed, the header naming the
//   zone the cells are on, the display clock's (MeshCentral's export was UTC while the screen showed local
//   time). When that clock is UTC itself, once: two columns both headed "(UTC)" read as a mistake.
// - A cell holds one fact: the status is "Offline", its time a column of its own ("Status as of"), not the
//   screen's "Offline · 13 min ago", which is wrong by the time the file is read.
// - Built in chunks with a yield between them, so 100,000 rows keep the window responsive and can report
//   progress and be cancelled.

import Papa from 'papaparse';
import type { Device } from '../../shared/model.js';
import { isUtcClock } from '../../shared/time-offset.js';
import { t } from '../i18n/index.js';
import type { ColumnContext, DeviceColumn } from './device-columns.js';
import { computerZoneName } from './time-zone.js';

export const BOM = '\uFEFF';

export function csvDelimiter(locale: string): ',' | ';' {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
}

interface Field {
  header: string;
  value: (d: Device) => string;
}

function fields(columns: readonly DeviceColumn[], ctx: ColumnContext, zone: string): Field[] {
  const out: Field[] = [];
  const utcOnly = isUtcClock(zone);
  const time = (label: string, instant: (d: Device) => string | null, shown: (d: Device) => string) => {
    out.push({ header: t('export.utcSuffix', { column: label }), value: (d) => instant(d) ?? '' });
    if (!utcOnly) out.push({ header: t('export.shownSuffix', { column: label, zone }), value: shown });
  };
  for (const c of columns) {
    const label = t(c.label);
    if (c.instant) {
      const instant = c.instant;
      time(
        label,
        (d) => instant(d, ctx),
        (d) => c.text(d, ctx),
      );
    } else out.push({ header: label, value: (d) => (c.fileText ?? c.text)(d, ctx) });
    if (c.fileTime) {
      const { label: timeLabel, instant, text } = c.fileTime;
      time(
        t(timeLabel),
        (d) => instant(d, ctx),
        (d) => text(d, ctx),
      );
    }
  }
  return out;
}

/**
 * Rows in the first chunk. The chunks after it are sized from the time the last one took, aiming at
 * CHUNK_MS each: a fixed 500 rows took ~10 ms once the code was optimised but 57 ms in a page's first
 * export, run cold (300,000 devices, profiled), a long task the window felt.
 */
export const FIRST_CHUNK = 50;
/** What a chunk aims to take: one task, well under a 50 ms long task, on a slow machine too. */
export const CHUNK_MS = 8;
/** Rows per chunk at most, however fast they go: progress still moves. */
export const MAX_CHUNK = 2_000;

/** The next chunk's rows after `rows` took `ms`: towards CHUNK_MS, at most doubling, within its bounds. */
function nextChunk(rows: number, ms: number): number {
  const aimed = ms > 0 ? Math.round((rows * CHUNK_MS) / ms) : rows * 2;
  return Math.max(1, Math.min(rows * 2, MAX_CHUNK, aimed));
}

export interface CsvOptions {
  locale: string;
  /** Rows per chunk between yields; by default sized as they go (nextChunk). */
  chunk?: number;
  /** The clock chunks are timed by (tests); performance.now by default. */
  now?: () => number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** Yields to the event loop between chunks (tests may pass a no-op). */
  yieldNow?: () => Promise<void>;
  /** The zone the displayed times are on (the display clock's); this computer's by default. */
  zone?: string;
}

/**
 * The next task, without setTimeout's 4 ms clamp on nested calls (200 yields for 100,000 rows would add
 * most of a second): a message posted to ourselves runs as soon as input and paint have had their turn.
 */
function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The rows to export, read a chunk at a time: a list, or the view's ids looked up as each chunk is built
 * (looking up 300,000 ids at once was 35 ms of the click's own task).
 */
export type ExportRows = Pick<readonly Device[], 'length' | 'slice'>;

/**
 * The CSV in pieces, each handed to `emit` in the task that built it (BOM and header first, then one piece
 * per chunk of rows, each ending its last line). Resolves with the rows written: `devices` may hand over
 * fewer than its length (a device gone since the export began is left out). Throws an AbortError when
 * `signal` aborts.
 */
async function csvPieces(
  devices: ExportRows,
  columns: readonly DeviceColumn[],
  ctx: ColumnContext,
  options: CsvOptions,
  emit: (piece: string) => void,
): Promise<number> {
  const delimiter = csvDelimiter(options.locale);
  const f = fields(columns, ctx, options.zone ?? computerZoneName());
  // A long task of 5,000 rows (100 ms and more) made the window stutter: chunks are one short task each.
  const now = options.now ?? (() => performance.now());
  let chunk = options.chunk ?? FIRST_CHUNK;
  const yieldNow = options.yieldNow ?? nextTask;
  emit(
    BOM +
      Papa.unparse([f.map((x) => x.header)], { delimiter, newline: '\r\n', escapeFormulae: true }) +
      '\r\n',
  );
  let written = 0;
  for (let i = 0; i < devices.length;) {
    if (options.signal?.aborted) throw new DOMException('Export cancelled', 'AbortError');
    const began = now();
    const rows = devices.slice(i, i + chunk).map((d) => f.map((x) => x.value(d)));
    // A chunk whose devices are all gone writes nothing: not even an empty line.
    if (rows.length > 0)
      emit(Papa.unparse(rows, { delimiter, newline: '\r\n', escapeFormulae: true }) + '\r\n');
    written += rows.length;
    i = Math.min(devices.length, i + chunk);
    options.onProgress?.(i, devices.length);
    if (options.chunk === undefined) chunk = nextChunk(chunk, now() - began);
    await yieldNow();
  }
  return written;
}

/** The CSV text, BOM first. Throws an AbortError when `signal` aborts. */
export async function devicesToCsv(
  devices: ExportRows,
  columns: readonly DeviceColumn[],
  ctx: ColumnContext,
  options: CsvOptions,
): Promise<string> {
  const pieces: string[] = [];
  await csvPieces(devices, columns, ctx, options, (piece) => pieces.push(piece));
  return pieces.join('');
}

/**
 * The same CSV as a UTF-8 file for a download, each piece encoded into a blob of its own in the task that
 * built it, and the file a blob of those: encoding 100,000 rows (25 MB) at once in new Blob([text]) was one
 * long task of 100 ms and more, and so, at 300,000 rows, was a Blob made of their 600 encoded pieces in one
 * go (67 ms copying 75 MB, profiled); a blob of blobs copies nothing. With the rows written, which the
 * technician is told.
 */
export async function devicesToCsvFile(
  devices: ExportRows,
  columns: readonly DeviceColumn[],
  ctx: ColumnContext,
  options: CsvOptions,
): Promise<{ file: Blob; rows: number }> {
  const encoder = new TextEncoder();
  const pieces: Blob[] = [];
  const rows = await csvPieces(devices, columns, ctx, options, (piece) =>
    pieces.push(new Blob([encoder.encode(piece)])),
  );
  return { file: new Blob(pieces, { type: 'text/csv;charset=utf-8' }), rows };
}

/** Selected rows for pasting into a spreadsheet or a ticket: tab-separated, header first, as displayed. */
export function rowsToTsv(
  devices: readonly Device[],
  columns: readonly DeviceColumn[],
  ctx: ColumnContext,
): string {
  const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ');
  const lines = [columns.map((c) => clean(t(c.label))).join('\t')];
  for (const d of devices) lines.push(columns.map((c) => clean(c.text(d, ctx))).join('\t'));
  return lines.join('\n');
}
