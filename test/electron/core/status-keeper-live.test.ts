// Status history, outages and alerts in the core, against the running stand-in service: status stories
// are played through the control API (devices/{id}/status and the site-outage scenario) and polled by the
// core; the recorded timeline is compared with the played one and the status notices are counted.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { PART_SIZE } from '../../../electron/core/devices-owner.js';
import type { DataChange } from '../../../shared/ipc/contract.js';
import type { SinceRows, StatusNotice, Watch } from '../../../shared/status-history.js';
import type { Harness as ServiceHarness } from '../../service/support/service-harness.js';
import { control, startTestService } from '../../service/support/service-harness.js';
import { liveCores, type LiveRun } from '../support/live-core.js';

let svc: ServiceHarness;
const cores = liveCores(() => svc);
beforeAll(async () => {
  svc = await startTestService({ devices: 30 });
});
afterAll(async () => {
  await svc?.service.close();
  cores.removeDirs();
});
afterEach(async () => {
  await cores.disposeAll();
  await control(svc, 'DELETE', 'faults');
});

const POLL_MS = 30_000;
const ACCOUNT_WATCH: Watch = {
  id: 'all',
  target: { kind: 'account' },
  when: { offline: true, online: true, offlineLongerMinutes: null, busyLongerMinutes: null },
};

/** One devices poll, `POLL_MS` after the previous one on the core's clock. */
async function poll(run: LiveRun): Promise<number> {
  await run.clock.advance(POLL_MS);
  await run.invoke('sync:refresh', { datasets: ['devices'] });
  return run.clock.now();
}

function statusNotices(run: LiveRun): StatusNotice[] {
  const notices: StatusNotice[] = [];
  run.core.subscribe((event, payload) => {
    if (event === 'notify:status') notices.push(payload as StatusNotice);
  });
  return notices;
}

it('records the played statuses, one notice per change of a watched device, one per site outage', async () => {
  const run = await cores.launch();
  const notices = statusNotices(run);
  await cores.signIn(run);
  expect((await run.invoke('watch:set', { watches: [ACCOUNT_WATCH], quietHours: null })).ok).toBe(true);
  await poll(run);

  const devices = svc.service.store.listDevices();
  const sizes = new Map<string, number>();
  for (const d of devices) if (d.folderId) sizes.set(d.folderId, (sizes.get(d.folderId) ?? 0) + 1);
  const site = [...sizes].sort((a, b) => b[1] - a[1])[0]![0];
  const lone = devices.find((d) => d.folderId !== site && d.status !== 'offline')!;
  const siteSize = devices.filter((d) => d.folderId === site).length;
  // Everything else stays as it is: online, so only the story changes.
  for (const d of devices) await control(svc, 'POST', `devices/${d.id}/status`, { status: 'online' });
  const setupAt = await poll(run);
  const before = notices.length;

  // The played story of one device: offline, then back.
  await control(svc, 'POST', `devices/${lone.id}/status`, { status: 'offline' });
  const wentAt = await poll(run);
  await poll(run);
  await control(svc, 'POST', `devices/${lone.id}/status`, { status: 'online' });
  const backAt = await poll(run);

  const h = await run.invoke('history:device', { deviceId: lone.id, days: 1 });
  if (!h.ok) throw new Error(h.error.message);
  const played = [
    ['offline', wentAt],
    ['online', backAt],
  ];
  const recorded = h.value.transitions
    .filter((t) => t.at > setupAt)
    .reverse()
    .map((t) => [t.to, t.at]);
  expect(recorded.map(([s]) => s)).toEqual(played.map(([s]) => s));
  for (let i = 0; i < played.length; i++) {
    expect(Math.abs((recorded[i]![1] as number) - (played[i]![1] as number))).toBeLessThanOrEqual(POLL_MS);
  }
  expect(h.value.bars.some((b) => b.status === 'offline' && b.end - b.start === backAt - wentAt)).toBe(true);
  const mine = notices.slice(before);
  expect(mine.map((n) => n.title)).toEqual([
    expect.stringMatching(/went offline$/),
    expect.stringMatching(/came back$/),
  ]);

  // The device's history as CSV: BOM, UTC and the displayed zone, quoted by papaparse.
  const csv = await run.invoke('history:export', {
    target: { kind: 'device', id: lone.id },
    days: 1,
    zone: 'Europe/Rome',
  });
  if (!csv.ok) throw new Error(csv.error.message);
  const lines = csv.value.csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('\uFEFF"Time (UTC, ISO 8601)",Time (Europe/Rome),Device ID,Device,From,To');
  expect(csv.value.filename).toBe(`status-history-device-${lone.id}.csv`);
  const offlineRow = lines.find((l) => l.endsWith(',Online,Offline'))!;
  expect(offlineRow.startsWith(new Date(wentAt).toISOString())).toBe(true);
  expect(offlineRow).toContain(`,${lone.id},`);

  // On the account's clock, a fixed offset as the service writes it (Intl has no name for it).
  const inOffset = await run.invoke('history:export', {
    target: { kind: 'device', id: lone.id },
    days: 1,
    zone: 'GMT+05:30',
  });
  if (!inOffset.ok) throw new Error(inOffset.error.message);
  const offsetLines = inOffset.value.csv.trimEnd().split('\r\n');
  expect(offsetLines[0]).toBe('\uFEFF"Time (UTC, ISO 8601)",Time (GMT+05:30),Device ID,Device,From,To');
  const shifted = new Date(wentAt + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  expect(offsetLines.find((l) => l.endsWith(',Online,Offline'))!.split(',')[1]).toBe(shifted);
  // In the language the console speaks: German chosen in Settings, German headers and statuses.
  await run.invoke('settings:update', { language: 'ge' });
  const inGerman = await run.invoke('history:export', {
    target: { kind: 'device', id: lone.id },
    days: 1,
    zone: 'UTC',
  });
  await run.invoke('settings:update', { language: 'en' });
  if (!inGerman.ok) throw new Error(inGerman.error.message);
  const germanLines = inGerman.value.csv.trimEnd().split('\r\n');
  expect(germanLines[0]).toBe('\uFEFF"Zeit (UTC, ISO 8601)",Geräte-ID,Gerät,Vorher,Nachher');
  expect(inGerman.value.filename).toBe(`statusverlauf-geraet-${lone.id}.csv`);
  expect(germanLines.some((l) => l.endsWith(',Online,Offline'))).toBe(true);
  const bad = await run.invoke('history:export', {
    target: { kind: 'device', id: lone.id },
    days: 1,
    zone: 'Mars/Base',
  });
  expect(bad.ok ? null : bad.error.kind).toBe('validation');

  // A site outage: its devices' alerts fold into one notice, and one when it ends.
  const outage = await control(svc, 'POST', 'scenarios/site-outage', { folderId: site, minutes: 10 });
  expect(outage.status).toBe(200);
  await poll(run);
  await control(svc, 'POST', 'clock/advance', { ms: 10 * 60_000 });
  await poll(run);
  expect(siteSize).toBeGreaterThanOrEqual(3);
  expect(notices.slice(before + 2).map((n) => n.title)).toEqual(['Site outage', 'Site outage over']);
  expect(run.core.trayState().devices?.outages).toEqual([]);
  expect(notices.length - before).toBe(4); // and no others
});

it('losing the service records unknown, not offline, and the tray shows the counts', async () => {
  const run = await cores.launch();
  await cores.signIn(run);
  await poll(run);
  const online = run.core.trayState().devices?.online ?? 0;
  expect(online).toBeGreaterThan(0);
  const lost = run.clock.now();
  await control(svc, 'POST', 'faults', { kind: 'reset', count: 1000, method: 'GET' });
  for (let i = 0; i < 4 && run.core.state().sync.connection !== 'offline'; i++) await poll(run);
  expect(run.core.state().sync.connection).toBe('offline');
  await run.clock.advance(10 * 60_000);
  await control(svc, 'DELETE', 'faults');
  await vi.waitFor(
    async () => {
      await poll(run);
      expect(run.core.state().sync.connection).toBe('online');
    },
    { timeout: 10_000 },
  );
  const device = svc.service.store.listDevices()[0]!;
  const h = await run.invoke('history:device', { deviceId: device.id, days: 1 });
  if (!h.ok) throw new Error(h.error.message);
  const unknown = h.value.bars.filter((b) => b.status === 'unknown' && b.start >= lost);
  expect(unknown).toHaveLength(1);
  expect(unknown[0]!.end - unknown[0]!.start).toBeGreaterThanOrEqual(10 * 60_000);
  expect(h.value.transitions.filter((t) => t.at >= lost)).toEqual([]); // nobody went "offline"
  expect(run.core.trayState().devices?.online).toBe(
    svc.service.store.listDevices().filter((d) => d.status === 'online').length,
  );
});

it('sends since rows behind the devices’ changes only when a poll moved some device’s since', async () => {
  const run = await cores.launch();
  const sent: SinceRows[] = [];
  run.core.subscribe((event, payload) => {
    const since = event === 'data:change' ? (payload as DataChange).since : undefined;
    if (since) sent.push(since);
  });
  await cores.signIn(run);
  // A window opens: from its snapshot on, the rows go out (none are made before: nobody holds them).
  await run.core.rendererSnapshot();
  await poll(run);
  // The first comparison's rows: every device, in parts of one size, the last saying there is no more.
  const all = svc.service.store.listDevices().map((d) => d.id);
  await vi.waitFor(
    () => {
      expect(new Set(sent.flatMap((r) => r.ids))).toEqual(new Set(all));
      expect(sent.at(-1)!.more).toBe(false);
    },
    { timeout: 5_000 },
  ); // the whole map follows a snapshot after SNAPSHOT_SINCE_DELAY_MS
  expect(Math.max(...sent.map((r) => r.ids.length))).toBeLessThanOrEqual(PART_SIZE);

  // Idle polls: nothing changed on the service, so nothing is sent.
  const before = sent.length;
  await poll(run);
  await poll(run);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent.length).toBe(before);

  const device = svc.service.store.listDevices().find((d) => d.status !== 'offline')!;
  await control(svc, 'POST', `devices/${device.id}/status`, { status: 'offline' });
  await poll(run);
  await vi.waitFor(() => expect(sent.length).toBe(before + 1));
  const moved = sent.at(-1)!;
  expect(moved).toMatchObject({ full: false, ids: [device.id], exact: [1], more: false });
  expect(moved.since[0]).toBe(run.core.sinceOf(device.id)![0]);

  // Signing out: the renderers drop the account's rows (an empty whole map is the last sent), even though
  // leaving the account drops whatever was still on its way to them.
  await run.invoke('auth:sign-out', {});
  await vi.waitFor(() => expect(sent.at(-1)).toMatchObject({ full: true, ids: [], more: false }));
});
