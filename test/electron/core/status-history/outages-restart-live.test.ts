// The Overview's recent outages survive a restart: a site outage played on the stand-in service, seen by
// one core, and the Overview of a new core on the same data directory (issue 22).
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Watch } from '../../../../shared/status-history.js';
import type { Harness as ServiceHarness } from '../../../service/support/service-harness.js';
import { control, startTestService } from '../../../service/support/service-harness.js';
import { liveCores, type LiveRun } from '../../support/live-core.js';

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
});

const POLL_MS = 30_000;
const ACCOUNT_WATCH: Watch = {
  id: 'all',
  target: { kind: 'account' },
  when: { offline: true, online: true, offlineLongerMinutes: null, busyLongerMinutes: null },
};

async function poll(run: LiveRun): Promise<void> {
  await run.clock.advance(POLL_MS);
  await run.invoke('sync:refresh', { datasets: ['devices'] });
}

async function outagesOf(run: LiveRun) {
  const overview = await run.invoke('history:overview');
  if (!overview.ok) throw new Error(overview.error.message);
  return overview.value.outages;
}

it('an outage that ended is in the Overview of the next run', async () => {
  const run = await cores.launch();
  await cores.signIn(run);
  expect((await run.invoke('watch:set', { watches: [ACCOUNT_WATCH], quietHours: null })).ok).toBe(true);
  const devices = svc.service.store.listDevices();
  for (const d of devices) await control(svc, 'POST', `devices/${d.id}/status`, { status: 'online' });
  await poll(run);
  const sizes = new Map<string, number>();
  for (const d of devices) if (d.folderId) sizes.set(d.folderId, (sizes.get(d.folderId) ?? 0) + 1);
  const site = [...sizes].sort((a, b) => b[1] - a[1])[0]![0];

  expect((await control(svc, 'POST', 'scenarios/site-outage', { folderId: site, minutes: 10 })).status).toBe(
    200,
  );
  await poll(run);
  await control(svc, 'POST', 'clock/advance', { ms: 10 * 60_000 });
  await poll(run);
  const seen = await outagesOf(run);
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ folderId: site, end: expect.any(Number) });
  await run.core.dispose();

  const again = await cores.launch({ dataDir: run.dataDir, vault: run.vault, clock: run.clock });
  if (again.core.state().auth.status !== 'signed-in') await cores.signIn(again);
  expect(await outagesOf(again)).toEqual(seen);
});
