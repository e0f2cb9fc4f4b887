// Numbers in messages are formatted for the language: an argument that carries a count, a size or a
// share is typed in the message ({n, number}, a plural, a percent), never printed raw ("100000").
import { describe, expect, it } from 'vitest';
import { catalogueOf } from '../../renderer/i18n/catalogues.js';
import { setLanguage, t } from '../../renderer/i18n/index.js';
import { icuArguments } from '../support/icu-arguments.js';

/** Argument names that always carry a number in this product's messages. */
const NUMERIC = new Set([
  'count',
  'n',
  'done',
  'total',
  'failed',
  'online',
  'offline',
  'busy',
  'size',
  'devices',
  'minutes',
  'hours',
  'days',
  'seconds',
  'percent',
  'max',
  'levels',
  'format',
]);

/**
 * Messages whose numeric-named arguments are whole phrases already made: `devices`/`folders` ("3 devices"),
 * and sizes with their unit made by formatBytes through Intl ("1.2 MB").
 */
const PHRASES = new Set([
  'settings.retention.usage',
  'folders.deleteBlocked',
  'folders.deleteBlockedDevices',
  'folders.deleteBlockedFolders',
]);

describe('numbers in messages', () => {
  it('no numeric argument is a plain {x} in English (the others follow it: the parity test)', () => {
    const plain: string[] = [];
    for (const [key, message] of Object.entries(catalogueOf('en')))
      for (const arg of icuArguments(message)) {
        const [name, kind] = arg.split(':');
        if (kind === 'plain' && NUMERIC.has(name!) && !PHRASES.has(key)) plain.push(`${key}: ${name}`);
      }
    expect(plain).toEqual([]);
  });

  it('prints counts and shares the German way', () => {
    setLanguage('ge');
    try {
      expect(t('export.progress', { done: 100000, total: 250000 })).toBe(
        '100.000 von 250.000 Zeilen werden exportiert…',
      );
      expect(t('history.uptime', { percent: 0.995 })).toMatch(/^Verfügbarkeit 99,5\s%$/);
      expect(t('overview.now', { online: 1200, offline: 3, busy: 0 })).toContain('1.200');
    } finally {
      setLanguage('en');
    }
  });
});
