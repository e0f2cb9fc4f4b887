// Every file of the store, through the class that owns it: today's shape on disk (what existing users
// have) loads; truncated, wrong-version and wrong-type content is kept aside as <name>.corrupt-<time>
// byte for byte, a notice is logged without the file's content, and the owner gets a fresh default.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountRecordStore } from '../../../../electron/core/account-record.js';
import type { Logger } from '../../../../electron/core/logger.js';
import { createLogger } from '../../../../electron/core/logger.js';
import { NotifiedStore } from '../../../../electron/core/notified-store.js';
import { OfflineCache, accountKey, readFirstScreen } from '../../../../electron/core/offline-cache.js';
import { SavedViewsStore } from '../../../../electron/core/saved-views-store.js';
import { emptyMemory } from '../../../../electron/core/session-scheduler.js';
import { DEFAULT_SETTINGS, SettingsStore } from '../../../../electron/core/settings-store.js';
import {
  AlertsStore,
  accountDirName,
  emptyAlertState,
} from '../../../../electron/core/status-alerts/alerts-store.js';
import { readCheckpoint } from '../../../../electron/core/status-history/checkpoint.js';
import { EndedOutages } from '../../../../electron/core/status-history/ended-outages.js';
import { StatusIndex } from '../../../../electron/core/status-history/status-index.js';
import { LastCheckStore } from '../../../../electron/core/updater.js';

let dir: string;
let lines: string[];
let log: Logger;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sc-store-'));
  lines = [];
  log = createLogger((_level, line) => lines.push(line));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const BASE = 'http://127.0.0.1:8080';
const STAMP = '0f8fad5b-d9cb-469f-a165-70867728950e';
/** A value that must never reach a notice or a log line. */
const CONSUMER_KEY = 'ck-9b1d-not-for-logs';

type Json = Record<string, unknown>;

interface FileCase {
  name: string;
  file: () => string;
  /** The file as the app before the store wrote it (version 1 shapes, with or without a version). */
  today: Json;
  load: () => Promise<unknown>;
  /** What today's file loads as. */
  loaded: unknown;
  /** What an unusable file reads as. */
  fresh: unknown;
  /** today with one field of the wrong type. */
  wrongType: (today: Json) => Json;
  /** Written before the file, when it is read only beside another (first-screen.json, devices.json). */
  before?: () => Promise<void>;
}

const watch = {
  id: 'w1',
  target: { kind: 'device', id: 'd1' },
  when: { offline: true, online: true, offlineLongerMinutes: null, busyLongerMinutes: 30 },
};
const outage = {
  folderId: 'f1',
  folderName: 'Berlin',
  start: 1_700_000_000_000,
  end: 1_700_000_600_000,
  devices: 4,
  folderSize: 6,
};
const datasets = {
  folders: { fetchedAt: '2026-11-20T10:00:00Z', records: [{ id: 'f1', name: 'Berlin', parentId: null }] },
  devices: { fetchedAt: '2026-11-20T10:00:00Z', records: [] },
  sessions: { fetchedAt: null, records: [] },
  users: { fetchedAt: '2026-11-20T10:00:00Z', records: [{ id: '7', name: 'Ann' }] },
};

/** The history index's checkpoint, either version: where it stands, and the two entries it holds. */
const indexHead = {
  segment: '2026-11-20.seg',
  offset: 120,
  lastRecordAt: 1_700_000_000_000,
  gaps: [{ start: 1, end: null, reason: 'closed' }],
};
const indexLoaded = {
  position: { segment: '2026-11-20.seg', offset: 120, lastRecordAt: 1_700_000_000_000 },
  entries: [
    ['d1', { status: 'online', since: 1, sinceExact: true, recent: [1, 2] }],
    ['d2', { status: 'offline', since: 5, sinceExact: false, recent: [] }],
  ],
  gaps: [{ start: 1, end: null, reason: 'closed' }],
};

/** The history's index as its checkpoint fills it, and the position it covers. */
async function readIndex() {
  const index = new StatusIndex();
  const position = await readCheckpoint(dir, index, log);
  return position && { position, entries: [...index.entries], gaps: index.gaps };
}

const cases: FileCase[] = [
  {
    name: 'account.json',
    file: () => path.join(dir, 'account.json'),
    today: { version: 1, baseUrl: BASE, consumerKey: CONSUMER_KEY, userId: '7', store: 'memory' },
    load: () => new AccountRecordStore(dir, log).load(),
    loaded: { baseUrl: BASE, consumerKey: CONSUMER_KEY, userId: '7', store: 'memory' },
    fresh: null,
    wrongType: (t) => ({ ...t, userId: 7 }),
  },
  {
    name: 'settings.json',
    file: () => path.join(dir, 'settings.json'),
    // Written without a version until now.
    today: {
      reminderLeadMinutes: 15,
      notificationsEnabled: false,
      notificationsPausedUntil: '2026-11-20T10:00:00.000Z',
      theme: 'dark',
      language: 'fr',
      displayZone: 'account',
    },
    load: () => new SettingsStore(dir, log).load(),
    loaded: {
      reminderLeadMinutes: 15,
      notificationsEnabled: false,
      notificationsPausedUntil: '2026-11-20T10:00:00.000Z',
      theme: 'dark',
      language: 'fr',
      displayZone: 'account',
      historyRetentionDays: 90,
    },
    fresh: DEFAULT_SETTINGS,
    wrongType: (t) => ({ ...t, theme: 5 }),
  },
  {
    name: 'notified-sessions.json',
    file: () => path.join(dir, 'notified-sessions.json'),
    today: {
      version: 1,
      account: 'acc',
      memory: { baseline: true, started: { s1: 1_700_000_000_000 }, reminder: { s2: 1_700_000_000_001 } },
    },
    load: () => new NotifiedStore(dir, log).load('acc'),
    loaded: { baseline: true, started: { s1: 1_700_000_000_000 }, reminder: { s2: 1_700_000_000_001 } },
    fresh: emptyMemory(),
    wrongType: (t) => ({ ...t, memory: { started: 'x', reminder: {} } }),
  },
  {
    name: 'status-alerts-<account>.json',
    file: () => path.join(dir, `status-alerts-${accountDirName('acc')}.json`),
    today: {
      version: 1,
      account: 'acc',
      state: {
        watches: [watch],
        quietHours: { fromMinute: 1320, toMinute: 420 },
        memory: {
          shown: { 'off:d1:1': 1 },
          lastAlertAt: { d1: 2 },
          outages: { f1: { folderId: 'f1', start: 3, devices: ['a', 'b', 'c'], down: ['a'], folderSize: 5 } },
        },
      },
    },
    load: () => new AlertsStore(dir, log).load('acc'),
    loaded: {
      watches: [watch],
      quietHours: { fromMinute: 1320, toMinute: 420 },
      memory: {
        shown: { 'off:d1:1': 1 },
        lastAlertAt: { d1: 2 },
        outages: { f1: { folderId: 'f1', start: 3, devices: ['a', 'b', 'c'], down: ['a'], folderSize: 5 } },
      },
    },
    fresh: emptyAlertState(),
    wrongType: (t) => ({ ...t, state: { ...(t.state as Json), watches: {} } }),
  },
  {
    name: 'status-history/<account>/outages.json',
    file: () => path.join(dir, 'outages.json'),
    today: { version: 1, ended: [outage] },
    load: async () => (await EndedOutages.open(dir, log)).list,
    loaded: [outage],
    fresh: [],
    wrongType: () => ({ version: 1, ended: [{ ...outage, end: 'soon' }] }),
  },
  {
    name: 'status-history/<account>/index.json',
    file: () => path.join(dir, 'index.json'),
    today: {
      version: 3,
      ...indexHead,
      ids: ['d1', 'd2'],
      status: ['online', 'offline'],
      since: [1, 5],
      exact: [1, 0],
      recent: [2, 0],
      times: [1, 2],
    },
    load: readIndex,
    loaded: indexLoaded,
    fresh: null,
    // Each column a list, but one entry's recent times missing: columns that do not line up.
    wrongType: (t) => ({ ...t, recent: [2, 1] }),
  },
  {
    // Version 2 (a row per device), as every console before the columns left it.
    name: 'status-history/<account>/index.json, version 2',
    file: () => path.join(dir, 'index.json'),
    today: {
      version: 2,
      ...indexHead,
      entries: [
        ['d1', 'online', 1, 1, [1, 2]],
        ['d2', 'offline', 5, 0, []],
      ],
    },
    load: readIndex,
    loaded: indexLoaded,
    fresh: null,
    wrongType: (t) => ({ ...t, entries: [[1, 2]] }),
  },
  {
    name: 'update-check.json',
    file: () => path.join(dir, 'update-check.json'),
    // Written without a version until now; its `version` is the app version the check found.
    today: { at: '2026-11-20T10:00:00.000Z', outcome: 'downloaded', version: '1.2.0' },
    load: () => new LastCheckStore(dir, log).load(),
    loaded: { at: '2026-11-20T10:00:00.000Z', outcome: 'downloaded', version: '1.2.0' },
    fresh: null,
    wrongType: (t) => ({ ...t, outcome: 'maybe' }),
  },
  {
    name: 'views/<account>.json',
    file: () => path.join(dir, 'views', `${accountKey(BASE, '7')}.json`),
    today: { version: 1, views: [{ id: 'v1', name: 'Berlin', conditions: { all: [{ field: 'ip' }] } }] },
    load: () => new SavedViewsStore(dir, log).load(BASE, '7'),
    // Version 2: every view of an earlier file was its own account's.
    loaded: {
      views: [{ id: 'v1', name: 'Berlin', conditions: { all: [{ field: 'ip' }] }, accounts: 'this' }],
    },
    fresh: { views: [] },
    wrongType: (t) => ({ ...t, views: 'Berlin' }),
  },
  {
    name: 'accounts/<account>/picture.json',
    file: () => new OfflineCache(dir, BASE, '7').file,
    today: {
      version: 2,
      savedAt: '2026-11-20T10:00:00.000Z',
      currentUser: { id: '7', name: 'Ann' },
      datasets,
    },
    load: async () => {
      const loaded = await new OfflineCache(dir, BASE, '7', log).load();
      return loaded.status === 'discarded' ? 'discarded' : loaded;
    },
    loaded: {
      status: 'loaded',
      picture: { savedAt: '2026-11-20T10:00:00.000Z', currentUser: { id: '7', name: 'Ann' }, datasets },
    },
    // The cache keeper shows this notice (the sync state's cacheNotice) and opens nothing.
    fresh: 'discarded',
    wrongType: (t) => ({ ...t, datasets: { ...datasets, users: { fetchedAt: null, records: [{ id: 7 }] } } }),
  },
  {
    name: 'accounts/<account>/first-screen.json',
    file: () => path.join(new OfflineCache(dir, BASE, '7').directory, 'first-screen.json'),
    before: () =>
      writeFile(
        new OfflineCache(dir, BASE, '7').devicesFile,
        JSON.stringify({ version: 1, stamp: STAMP, fetchedAt: null, records: [{ id: '1' }, { id: '2' }] }),
      ),
    today: { version: 1, stamp: STAMP, fetchedAt: null, total: 2, records: [{ id: '1', name: 'A' }] },
    load: () => readFirstScreen(new OfflineCache(dir, BASE, '7').devicesFile, log),
    loaded: { version: 1, stamp: STAMP, fetchedAt: null, total: 2, records: [{ id: '1', name: 'A' }] },
    fresh: null,
    wrongType: (t) => ({ ...t, total: 'two' }),
  },
];

async function put(c: FileCase, text: string): Promise<void> {
  const file = c.file();
  await mkdir(path.dirname(file), { recursive: true });
  await c.before?.();
  await writeFile(file, text);
}

async function keptAside(c: FileCase): Promise<string[]> {
  const names = await readdir(path.dirname(c.file()));
  return names.filter((n) => n.startsWith(`${path.basename(c.file())}.corrupt-`));
}

describe.each(cases)('$name', (c) => {
  it("loads today's shape", async () => {
    await put(c, JSON.stringify(c.today));
    expect(await c.load()).toEqual(c.loaded);
    expect(await keptAside(c)).toEqual([]);
    expect(lines).toEqual([]);
  });

  it.each([
    [
      'truncated',
      (t: Json) => JSON.stringify(t).slice(0, Math.floor(JSON.stringify(t).length / 2)),
      /not complete JSON/,
    ],
    ['of a wrong version', (t: Json) => JSON.stringify({ ...t, version: 99 }), /another version of the app/],
    ['of a wrong type', (t: Json) => JSON.stringify(c.wrongType(t)), /: (invalid|too small|not )/],
    ['not an object', () => '["a list"]', /not a JSON object/],
  ])('keeps a file %s aside, says so, and starts fresh', async (_label, spoil, reason) => {
    const text = spoil(c.today);
    await put(c, text);
    expect(await c.load()).toEqual(c.fresh);
    const aside = await keptAside(c);
    expect(aside).toHaveLength(1);
    expect(await readFile(path.join(path.dirname(c.file()), aside[0]!), 'utf8')).toBe(text);
    expect(lines.join('\n')).toMatch(reason);
    expect(lines.join('\n')).toContain(aside[0]);
    expect(lines.join('\n')).not.toContain(CONSUMER_KEY);
    // The next load finds no file: a fresh start, not the same notice again.
    lines = [];
    expect(await c.load()).toEqual(c.fresh === 'discarded' ? { status: 'none' } : c.fresh);
    expect(lines).toEqual([]);
  });
});
