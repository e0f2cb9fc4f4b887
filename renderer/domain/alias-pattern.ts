// Alias patterns for bulk renaming: "{folder}-{n:3}" → "Sales-001", "Sales-002", …
//
//   {name}  the device's name        {folder}  its folder's name ("" when unassigned)
//   {ip}    its IP                   {alias}   its current alias
//   {n}     a counter from 1         {n:3}     the counter zero-padded to 3 digits
//   {{ and }}  a literal brace
//
// A missing value becomes "" (a device without an IP still gets the rest); the result is trimmed. An unknown
// placeholder or a stray brace is an error with its position, shown before anything is sent.

import type { Device } from '../../shared/model.js';
import { t } from '../i18n/index.js';

export type AliasPart =
  | { kind: 'text'; text: string }
  | { kind: 'field'; field: 'name' | 'folder' | 'ip' | 'alias' }
  | { kind: 'counter'; width: number };

export interface AliasPatternError {
  message: string;
  /** 0-based index in the pattern. */
  at: number;
}

export type ParsedAliasPattern = { ok: true; parts: AliasPart[] } | { ok: false; error: AliasPatternError };

const FIELDS = new Set(['name', 'folder', 'ip', 'alias']);
/** The service keeps aliases short; wider counters are surely a typo. */
const MAX_COUNTER_WIDTH = 9;

export function parseAliasPattern(pattern: string): ParsedAliasPattern {
  const parts: AliasPart[] = [];
  let text = '';
  const flush = () => {
    if (text) parts.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '{' && pattern[i + 1] === '{') {
      text += '{';
      i++;
    } else if (c === '}' && pattern[i + 1] === '}') {
      text += '}';
      i++;
    } else if (c === '}') {
      return { ok: false, error: { message: t('bulk.pattern.strayClose'), at: i } };
    } else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end === -1) return { ok: false, error: { message: t('bulk.pattern.unclosed'), at: i } };
      const inner = pattern.slice(i + 1, end).trim();
      const counter = /^n(?::(\d+))?$/.exec(inner);
      flush();
      if (counter) {
        const width = counter[1] ? Number(counter[1]) : 1;
        if (width < 1 || width > MAX_COUNTER_WIDTH)
          return {
            ok: false,
            error: { message: t('bulk.pattern.counterWidth', { max: MAX_COUNTER_WIDTH }), at: i },
          };
        parts.push({ kind: 'counter', width });
      } else if (FIELDS.has(inner)) {
        parts.push({ kind: 'field', field: inner as 'name' | 'folder' | 'ip' | 'alias' });
      } else {
        return {
          ok: false,
          error: {
            message: t('bulk.pattern.unknown', { placeholder: `{${inner}}` }),
            at: i,
          },
        };
      }
      i = end;
    } else {
      text += c;
    }
  }
  flush();
  return { ok: true, parts };
}

/** The alias for the `index`-th device (0-based) of the run; the counter starts at `start` (default 1). */
export function renderAlias(
  parts: readonly AliasPart[],
  device: Device,
  folderName: string | null | undefined,
  index: number,
  start = 1,
): string {
  let out = '';
  for (const p of parts) {
    if (p.kind === 'text') out += p.text;
    else if (p.kind === 'counter') out += String(start + index).padStart(p.width, '0');
    else if (p.field === 'folder') out += folderName ?? '';
    else out += device[p.field] ?? '';
  }
  return out.trim();
}

/** Does the pattern give each device its own alias? Without a counter, two devices may get the same one. */
export function hasCounter(parts: readonly AliasPart[]): boolean {
  return parts.some((p) => p.kind === 'counter');
}
