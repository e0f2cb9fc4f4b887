// Scripted status stories through the control API, on the service clock: a site outage, a flapping
// device and a long-offline device, untouched by the simulator's random churn while they play.
import type { Harness } from '../support/service-harness.js';
import { control, startTestService } from '../support/service-harness.js';

let h: Harness;
beforeEach(async () => {
  // Heavy churn: a story's devices must still follow the story.
  h = await startTestService({ simulatorChurn: 0.5 });
});
afterEach(async () => {
  await h.service.close();
});

const MIN = 60_000;
const status = (id: string) => h.service.store.getDevice(id).status;

it('site outage: every device of the folder goes offline, and all return after the given minutes', async () => {
  const played = await control(h, 'POST', 'scenarios/site-outage', { minutes: 20 });
  expect(played.status).toBe(200);
  const { devices, folderId } = played.json.scenario as { devices: string[]; folderId: string };
  expect(devices.length).toBeGreaterThanOrEqual(3);
  expect(
    h.service.store
      .getFolder(folderId)
      .devices?.map((d) => d.id)
      .sort(),
  ).toEqual([...devices].sort());
  expect(devices.map(status).every((s) => s === 'offline')).toBe(true);
  await control(h, 'POST', 'clock/advance', { ms: 19 * MIN });
  expect(devices.map(status).every((s) => s === 'offline')).toBe(true);
  await control(h, 'POST', 'clock/advance', { ms: 1 * MIN });
  expect(devices.map(status).every((s) => s === 'online')).toBe(true);
});

it('flapping: one device alternates every period, then stays online', async () => {
  const played = await control(h, 'POST', 'scenarios/flapping', { periodMinutes: 2, minutes: 10 });
  const [id] = (played.json.scenario as { devices: string[] }).devices as [string];
  const seen: string[] = [String(status(id))];
  for (let i = 0; i < 6; i++) {
    await control(h, 'POST', 'clock/advance', { ms: 2 * MIN });
    seen.push(String(status(id)));
  }
  expect(seen).toEqual(['offline', 'online', 'offline', 'online', 'offline', 'online', 'online']);
});

it('long offline: offline now, last heard of days ago', async () => {
  const played = await control(h, 'POST', 'scenarios/long-offline', { days: 3 });
  const [id] = (played.json.scenario as { devices: string[] }).devices as [string];
  const device = h.service.store.getDevice(id);
  expect(device.status).toBe('offline');
  const now = Date.parse((await control(h, 'GET', 'summary')).json.now as string);
  expect(now - Date.parse(device.lastRefresh ?? '')).toBeGreaterThanOrEqual(3 * 24 * 60 * MIN - 1000);
});

it('refuses an unknown scenario and bad parameters clearly', async () => {
  expect(await control(h, 'POST', 'scenarios/meteor', {})).toMatchObject({ status: 404 });
  const bad = await control(h, 'POST', 'scenarios/site-outage', { minutes: -1 });
  expect(bad.status).toBe(400);
  expect(bad.json.error).toContain('minutes');
});
