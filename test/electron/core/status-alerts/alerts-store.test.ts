// Outage detection and watches: which notices a sequence of polls raises, counted.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedTranslator } from '../../../../shared/i18n/catalogues/index.js';
import { statusNoticeText } from '../../../../shared/i18n/status-notice-text.js';
import type { Watch } from '../../../../shared/status-history.js';
import { AlertsStore } from '../../../../electron/core/status-alerts/alerts-store.js';
import { inQuietHours, isQuiet } from '../../../../electron/core/status-alerts/quiet-hours.js';
import { AlertsRig, watchAll } from '../../support/alerts-rig.js';
import { device } from '../../support/history-fixtures.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const MIN = 60_000;

let rig: AlertsRig;
beforeEach(() => {
  rig = new AlertsRig();
});
afterEach(async () => {
  await rig.stop();
});

const site = (folder: string, n: number, prefix = folder) =>
  Array.from({ length: n }, (_, i) => device(`${prefix}-${i}`, 'online', folder));

describe('watches', () => {
  it('a watched device going offline and coming back: one notice each; an unwatched one: none', async () => {
    await rig.start([device('a', 'online'), device('b', 'online')], T0);
    rig.watches = [{ id: 'w', target: { kind: 'device', id: 'a' }, when: watchAll().when }];
    expect(rig.poll(T0 + MIN, { a: 'offline', b: 'offline' })?.title).toBe('PC-a went offline');
    expect(rig.poll(T0 + 20 * MIN, { a: 'online', b: 'online' })?.title).toBe('PC-a came back');
    rig.poll(T0 + 21 * MIN);
    expect(rig.notices).toHaveLength(2);
    expect(rig.notices[0]?.open).toEqual({ kind: 'device', id: 'a' });
  });

  it('batches one poll into one notice', async () => {
    await rig.start(
      [device('a', 'offline'), device('b', 'offline'), device('c', 'offline'), device('d', 'online')],
      T0,
    );
    rig.watches = [watchAll()];
    const n = rig.poll(T0 + MIN, { a: 'online', b: 'online', c: 'online', d: 'offline' });
    expect(n?.title).toBe('4 device alerts');
    expect(n?.body).toBe('1 device went offline: PC-d\n3 devices came back: PC-a, PC-b, PC-c');
    expect(rig.notices).toHaveLength(1);
  });

  it("travels as items: whoever shows it words it in the technician's language", async () => {
    await rig.start([device('a', 'offline'), device('d', 'online')], T0);
    rig.watches = [watchAll()];
    const n = rig.poll(T0 + MIN, { a: 'online', d: 'offline' })!;
    const german = statusNoticeText(n.items, sharedTranslator('ge').t);
    expect(german.title).toBe('2 Gerätewarnungen');
    expect(german.body).toBe('1 Gerät ist offline gegangen: PC-d\n1 Gerät ist zurück: PC-a');
    const one = rig.poll(T0 + 2 * MIN, { a: 'offline' })!;
    expect(statusNoticeText(one.items, sharedTranslator('fr').t).title).toBe('PC-a est passé hors ligne');
  });

  it('a folder watch covers its sub-folders and nothing else', async () => {
    await rig.start([device('in', 'online', 'child'), device('out', 'online', 'other')], T0);
    rig.folderParent.set('child', 'parent');
    rig.watches = [{ id: 'w', target: { kind: 'folder', id: 'parent' }, when: watchAll().when }];
    rig.poll(T0 + MIN, { in: 'offline', out: 'offline' });
    expect(rig.notices.map((n) => n.title)).toEqual(['PC-in went offline']);
  });

  it('offline longer than N: once per episode, within one poll of the threshold', async () => {
    await rig.start([device('a', 'online')], T0);
    rig.watches = [watchAll({ offline: false, online: false, offlineLongerMinutes: 30 })];
    rig.poll(T0 + MIN, { a: 'offline' });
    for (let m = 2; m <= 31; m++) expect(rig.poll(T0 + m * MIN)).toBeNull();
    expect(rig.poll(T0 + 32 * MIN)?.title).toBe('PC-a offline too long');
    for (let m = 33; m <= 60; m++) rig.poll(T0 + m * MIN);
    rig.poll(T0 + 61 * MIN, { a: 'online' });
    rig.poll(T0 + 62 * MIN, { a: 'offline' });
    for (let m = 63; m <= 100; m++) rig.poll(T0 + m * MIN);
    expect(rig.notices).toHaveLength(2);
  });

  it('busy longer than N', async () => {
    await rig.start([device('a', 'online')], T0);
    rig.watches = [watchAll({ offline: false, online: false, busyLongerMinutes: 60 })];
    rig.poll(T0 + MIN, { a: 'busy' });
    rig.poll(T0 + 60 * MIN);
    expect(rig.notices).toHaveLength(0);
    expect(rig.poll(T0 + 62 * MIN)?.title).toBe('PC-a busy too long');
  });

  it('a flapping device: at most one notice per 15 minutes, marked', async () => {
    await rig.start([device('a', 'online')], T0);
    rig.watches = [watchAll()];
    // Drops and returns every 2 minutes for an hour: 30 transitions.
    for (let m = 1; m <= 60; m++) rig.poll(T0 + m * 2 * MIN, { a: m % 2 ? 'offline' : 'online' });
    // The first three changes are news; from the fourth within an hour it is flapping: ≤ 1 per 15 min.
    expect(rig.notices.slice(0, 3).map((n) => n.title)).toEqual([
      'PC-a went offline',
      'PC-a came back',
      'PC-a went offline',
    ]);
    const flapping = rig.notices.slice(3);
    expect(flapping.length).toBeGreaterThanOrEqual(4);
    expect(flapping.length).toBeLessThanOrEqual(8); // 120 minutes / 15
    expect(flapping.every((n) => n.title.includes('(flapping)'))).toBe(true);
  });

  it('quiet: nothing shown and nothing replayed when the quiet ends', async () => {
    await rig.start([device('a', 'online')], T0);
    rig.watches = [watchAll()];
    rig.quiet = true;
    rig.poll(T0 + MIN, { a: 'offline' });
    rig.quiet = false;
    rig.poll(T0 + 2 * MIN);
    expect(rig.notices).toHaveLength(0);
    expect(rig.poll(T0 + 30 * MIN, { a: 'online' })?.title).toBe('PC-a came back');
  });

  it('the first poll (baseline) raises nothing', async () => {
    rig.watches = [watchAll()];
    await rig.start([device('a', 'offline'), device('b', 'online')], T0);
    expect(rig.notices).toHaveLength(0);
  });

  it('each notice once across restarts: the memory persisted per account', async () => {
    await rig.start([device('a', 'online')], T0);
    const watches: Watch[] = [watchAll({ offlineLongerMinutes: 10 })];
    rig.watches = watches;
    rig.poll(T0 + MIN, { a: 'offline' });
    rig.poll(T0 + 30 * MIN);
    expect(rig.notices.map((n) => n.title)).toEqual(['PC-a went offline', 'PC-a offline too long']);
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'alerts-store-'));
    const store = new AlertsStore(dir);
    await store.save('acct-1', { watches, quietHours: null, memory: rig.memory });
    expect((await store.load('acct-2')).watches).toEqual([]); // watches are per account
    const loaded = await store.load('acct-1');
    expect(loaded.watches).toEqual(watches);
    rig.memory = loaded.memory;
    rig.poll(T0 + 50 * MIN); // after a restart: still offline too long, already said
    expect(rig.notices).toHaveLength(2);
    await fsp.rm(dir, { recursive: true, force: true });
  });
});

describe('outages', () => {
  it('half a folder (≥ 3) offline in one poll: one outage notice, and one when it ends', async () => {
    await rig.start([...site('berlin', 6), ...site('paris', 10)], T0);
    rig.watches = [watchAll()];
    const down = { 'berlin-0': 'offline', 'berlin-1': 'offline', 'berlin-2': 'offline' } as const;
    const n = rig.poll(T0 + MIN, down);
    expect(n?.title).toBe('Site outage');
    // The title says what happened, the body whom (not "Site outage: …" twice); the words and numbers
    // are the reader's: the notice carries the folder and counts as data.
    expect(n?.body).toBe('Folder berlin (3 of 6 devices)');
    expect(n?.items[0]).toMatchObject({ label: null, folderId: 'berlin', devices: 3, size: 6 });
    expect(statusNoticeText(n!.items, sharedTranslator('ge').t)).toEqual({
      title: 'Standortausfall',
      body: 'Ordner berlin (3 von 6 Geräten)',
    });
    expect(n?.open).toEqual({ kind: 'folder', id: 'berlin' });
    // One more of the site drops while it is out: part of the outage, no device notice.
    expect(rig.poll(T0 + 2 * MIN, { 'berlin-3': 'offline' })).toBeNull();
    // Two of four back: half still down, still out. A third back: over.
    expect(rig.poll(T0 + 10 * MIN, { 'berlin-0': 'online', 'berlin-1': 'online' })).toBeNull();
    expect(rig.poll(T0 + 11 * MIN, { 'berlin-2': 'online' })?.title).toBe('Site outage over');
    expect(rig.notices).toHaveLength(2);
    expect(rig.memory.outages).toEqual({});
  });

  it('below the threshold: devices alert one by one', async () => {
    await rig.start([...site('paris', 10), ...site('tiny', 2)], T0);
    rig.watches = [watchAll()];
    const n = rig.poll(T0 + MIN, {
      'paris-0': 'offline',
      'paris-1': 'offline',
      'paris-2': 'offline',
      'tiny-0': 'offline',
      'tiny-1': 'offline',
    });
    expect(n?.title).toBe('5 devices went offline');
    expect(rig.memory.outages).toEqual({});
  });

  it('an outage in an unwatched folder is tracked but not notified', async () => {
    await rig.start(site('berlin', 4), T0);
    rig.watches = [];
    rig.poll(T0 + MIN, { 'berlin-0': 'offline', 'berlin-1': 'offline', 'berlin-2': 'offline' });
    expect(rig.notices).toHaveLength(0);
    expect(Object.keys(rig.memory.outages)).toEqual(['berlin']);
  });
});

describe('quiet hours', () => {
  it('spans midnight and honours pause and the off switch', () => {
    const night = { fromMinute: 22 * 60, toMinute: 7 * 60 };
    expect([21 * 60 + 59, 22 * 60, 3 * 60, 6 * 60 + 59, 7 * 60].map((m) => inQuietHours(night, m))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(inQuietHours({ fromMinute: 12 * 60, toMinute: 13 * 60 }, 12 * 60 + 30)).toBe(true);
    const on = { notificationsEnabled: true, notificationsPausedUntil: null };
    const noon = () => 12 * 60;
    expect(isQuiet(on, night, T0, noon)).toBe(false);
    expect(isQuiet({ ...on, notificationsEnabled: false }, null, T0, noon)).toBe(true);
    expect(
      isQuiet({ ...on, notificationsPausedUntil: new Date(T0 + MIN).toISOString() }, null, T0, noon),
    ).toBe(true);
    expect(
      isQuiet({ ...on, notificationsPausedUntil: new Date(T0 - MIN).toISOString() }, null, T0, noon),
    ).toBe(false);
  });
});
