// A file of ours kept aside is said where the technician looks, not only in the log: the sync state's
// notice, which the renderer shows as a banner. Only the core of that data directory says it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Harness } from '../../support/core-harness.js';
import { lastSyncState, makeHarness } from '../../support/core-harness.js';

let dir: string;
let other: string;
const cores: Harness[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sc-notice-'));
  other = await mkdtemp(path.join(tmpdir(), 'sc-notice-other-'));
});
afterEach(async () => {
  for (const h of cores.splice(0)) await h.dispose();
  await rm(dir, { recursive: true, force: true });
  await rm(other, { recursive: true, force: true });
});

it('damaged settings: the banner says they were kept aside and the defaults apply; another core says nothing', async () => {
  await writeFile(path.join(dir, 'settings.json'), '{"theme": "dark", "reminderLeadMin');
  const bystander = await makeHarness({ dataDir: other });
  cores.push(bystander);
  const h = await makeHarness({ dataDir: dir });
  cores.push(h);
  expect(h.core.state().settings.theme).toBe('system');
  expect(lastSyncState(h.events).cacheNotice).toMatch(
    /^The settings could not be used \(it is not complete JSON \(truncated or damaged\)\)\. The file was kept aside as settings\.json\.corrupt-[-\dTZ]+; the app goes on without it\.$/,
  );
  expect(h.core.state().sync.cacheNotice).toBe(lastSyncState(h.events).cacheNotice);
  expect(bystander.core.state().sync.cacheNotice).toBeNull();
});
