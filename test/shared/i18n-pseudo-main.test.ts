// The main process's words in the pseudo-locale (renderer/i18n/pseudo.ts): the tray's menu and tooltip, a
// status notice and the status-history CSV, built with every shared message pseudo-localised. Any label
// holding a plain ASCII letter that is not the data passed in escaped the catalogues (the e2e walk,
// test/e2e/pseudo-locale.spec.ts, cannot see these: no tray in a browser, and main speaks no pseudo-locale).

import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { pseudoCatalogue } from '../../renderer/i18n/pseudo.js';
import type * as SharedCatalogues from '../../shared/i18n/catalogues/index.js';
import { createTranslator } from '../../shared/i18n/translator.js';

vi.mock('../../shared/i18n/catalogues/index.js', async (original) => {
  const real = await original<typeof SharedCatalogues>();
  const english: Record<string, string> = {};
  const source = real.sharedTranslator('en');
  // Every key the English translator knows, pseudo-localised.
  for (const [key, message] of Object.entries(source.intl.messages)) english[key] = message as string;
  const pseudo = createTranslator('en', pseudoCatalogue(english));
  return { ...real, sharedTranslator: () => pseudo };
});

const { buildTrayMenu, trayTooltip } = await import('../../electron/glue/tray-menu.js');
const { statusNoticeText } = await import('../../shared/i18n/status-notice-text.js');
const { historyCsv } = await import('../../electron/core/status-history/history-csv.js');
const { restartQuestion } = await import('../../electron/core/update-question.js');
const { sharedTranslator } = await import('../../shared/i18n/catalogues/index.js');

/** The data the test passes in: the only plain letters allowed. */
const DATA = ['Ada Lovelace', 'Helpdesk', 'Kiosk 7', 'Europe/Rome', 'UTC'];

function escaped(labels: readonly string[]): string[] {
  return labels.filter((label) => {
    let rest = label;
    for (const d of DATA) rest = rest.split(d).join('');
    return /[A-Za-z]/.test(rest);
  });
}

const NOW = new Date('2026-11-21T09:30:00Z');
const session = (customer: string | null, code: string | null) => ({
  id: '1',
  code,
  customer,
  plannedInitTime: '2026-11-21T10:00:00Z',
  initTime: null,
});

describe('main-side words in the pseudo-locale', () => {
  it('the tray menu and tooltip, in every section, come from the catalogue', () => {
    const actions = {
      openWindow: () => {},
      openTarget: () => {},
      copyCode: () => {},
      refresh: () => {},
      pauseNotifications: () => {},
      quit: () => {},
    };
    const states = [
      {
        status: 'signed-out' as const,
        ongoing: [],
        upcoming: [],
        notificationsPausedUntil: null,
        language: 'en' as const,
      },
      {
        status: 'online' as const,
        ongoing: [session('Ada Lovelace', '123456789'), session(null, null)],
        upcoming: Array.from({ length: 10 }, () => session('Ada Lovelace', null)),
        notificationsPausedUntil: '2026-11-21T10:30:00Z',
        language: 'en' as const,
        devices: {
          online: 1200,
          offline: 3,
          busy: 1,
          outages: [{ folderId: '21', name: 'Helpdesk', devices: 173, size: 173 }],
          watchedDown: [
            { id: '11', label: 'Kiosk 7' },
            { id: '12', label: null },
          ],
          watchedDownTotal: 5,
        },
      },
      {
        status: 'offline' as const,
        ongoing: [],
        upcoming: [],
        notificationsPausedUntil: null,
        language: 'en' as const,
      },
    ];
    const labels: string[] = [];
    for (const state of states) {
      for (const item of buildTrayMenu(state, actions, NOW)) if (item.label) labels.push(item.label);
      labels.push(trayTooltip(state, NOW));
    }
    expect(labels.length).toBeGreaterThan(20);
    expect(escaped(labels)).toEqual([]);
  });

  it('a status notice of every kind comes from the catalogue', () => {
    const kinds = ['outage', 'outage-end', 'offline', 'online', 'offline-long', 'busy-long'] as const;
    const items = kinds.flatMap((kind) => [
      {
        kind,
        deviceId: kind.startsWith('outage') ? null : '11',
        folderId: '21',
        label: 'Kiosk 7',
        devices: 3,
        size: 4,
        flapping: false,
      },
      {
        kind,
        deviceId: kind.startsWith('outage') ? null : '12',
        folderId: '22',
        label: null,
        devices: 1,
        size: 2,
        flapping: true,
      },
    ]);
    const texts = kinds.map((kind) =>
      statusNoticeText(
        items.filter((i) => i.kind === kind),
        sharedTranslator('en').t,
      ),
    );
    texts.push(statusNoticeText(items, sharedTranslator('en').t));
    expect(escaped(texts.flatMap((x) => [x.title, x.body]))).toEqual([]);
  });

  it('the status-history CSV: headers, statuses and the console’s blind stretches', () => {
    const csv = historyCsv(
      [
        { at: NOW.getTime(), deviceId: '7', device: 'Kiosk 7', from: 'online', to: 'busy' },
        { at: NOW.getTime() + 1, deviceId: '7', device: 'Kiosk 7', from: 'busy', to: null },
        { at: NOW.getTime() + 2, gap: 'asleep', end: null },
        { at: NOW.getTime() + 3, gap: 'no-poll', end: NOW.getTime() + 60_000 },
      ],
      'Europe/Rome',
      sharedTranslator('en').t,
    );
    const cells = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data.flatMap((row) =>
      // Times and ids are data: the ISO instants keep their T and Z.
      row.filter((cell) => !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(cell)),
    );
    expect(escaped(cells.map((c) => c.replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '')))).toEqual([]);
  });

  it('the question once an update has downloaded: its message, detail and both buttons', () => {
    const q = restartQuestion('ge', 'Helpdesk', '2.4.1');
    const labels = [q.message, q.detail, ...q.buttons];
    expect(labels.every((l) => l.startsWith('['))).toBe(true);
    expect(escaped(labels)).toEqual([]);
  });
});
