// The copy of an account opened at start without credentials (no keychain: the sign-in was for one run
// only) is the whole console read-only: its saved views, its status history, its Overview and its watches
// are shown from disk, and nothing of them can be changed until the technician signs in again.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import type { CredentialVault, StoredCredentials } from '../../../electron/core/vault.js';
import type { Watch } from '../../../shared/status-history.js';
import { settle } from '../support/fake-clock.js';
import type { Harness } from '../support/core-harness.js';
import { BASE_URL, makeHarness } from '../support/core-harness.js';

let harnesses: Harness[] = [];
afterEach(async () => {
  for (const x of harnesses) await x.dispose();
  harnesses = [];
});

/** No Secret Service: nothing can be kept between runs. */
class MissingVault implements CredentialVault {
  readonly kind = 'keychain' as const;
  async probe() {
    return { available: false, message: 'no keychain' };
  }
  async read(): Promise<StoredCredentials | null> {
    throw new Error('no keychain');
  }
  async write(): Promise<void> {
    throw new Error('no keychain');
  }
  async remove(): Promise<boolean> {
    throw new Error('no keychain');
  }
}

const WATCH: Watch = {
  id: 'all',
  target: { kind: 'account' },
  when: { offline: true, online: true, offlineLongerMinutes: null, busyLongerMinutes: null },
};
const VIEWS = [{ id: 'v1', name: 'Desk one', where: { text: '"desk 1"' } }];

async function signInForThisRun(h: Harness): Promise<void> {
  const begin = await h.invoke('auth:begin', {
    baseUrl: BASE_URL,
    consumerKey: 'demo-console',
    consumerSecret: '',
    memoryOnly: true,
  });
  if (!begin.ok) throw new Error(begin.error.message);
  const done = await h.invoke('auth:complete', { pin: '1234' });
  if (!done.ok) throw new Error(done.error.message);
  await settle();
}

/** A run signed in for this run only, with a view, a watch and some history; then a restart. */
async function restartedCopy(): Promise<{ first: Harness; copy: Harness; deviceId: string }> {
  const first = await makeHarness({ vault: new MissingVault() });
  harnesses.push(first);
  await signInForThisRun(first);
  expect((await first.invoke('views:save', { views: VIEWS })).ok).toBe(true);
  expect((await first.invoke('watch:set', { watches: [WATCH], quietHours: null })).ok).toBe(true);
  await first.saveCache();
  const deviceId = (await first.core.snapshot()).data.devices[0]!.id;
  const recorded = await first.invoke('history:device', { deviceId, days: 1 });
  expect(recorded.ok && recorded.value.status).not.toBeNull();
  await first.dispose();
  const copy = await makeHarness({
    dataDir: first.dataDir,
    vault: new MissingVault(),
    clock: first.clock,
    service: first.service,
  });
  harnesses.push(copy);
  expect(copy.core.state().auth.status).toBe('reauth-required');
  return { first, copy, deviceId };
}

it('shows the copy’s saved views, history, Overview, since rows and watches, signed out', async () => {
  const { copy, deviceId } = await restartedCopy();

  expect(await copy.invoke('views:load', {})).toEqual({ ok: true, value: { views: VIEWS } });

  const history = await copy.invoke('history:device', { deviceId, days: 1 });
  expect(history.ok).toBe(true);
  if (!history.ok) return;
  expect(history.value.status).not.toBeNull();
  expect(history.value.since).not.toBeNull();

  const overview = await copy.invoke('history:overview', {});
  expect(overview.ok).toBe(true);
  if (!overview.ok) return;
  const counts = overview.value.counts;
  expect(counts.online + counts.offline + counts.busy).toBeGreaterThan(0);

  // The table's since rows: the whole map follows a window's snapshot in the devices' own stream.
  const before = copy.sinceParts().length;
  const after = () => copy.sinceParts().slice(before);
  await copy.core.rendererSnapshot();
  await vi.waitFor(() => expect(after().flatMap((part) => part.ids)).toContain(deviceId), { timeout: 5_000 });
  // The copy's whole map, nothing dropped before it (a window already showing the rows keeps them).
  expect(after()[0]).toMatchObject({ full: true });
  expect(after()[0]!.ids.length).toBeGreaterThan(0);
  expect(copy.core.sinceOf(deviceId)?.[0]).toBe(history.value.since);

  expect(await copy.invoke('watch:get', {})).toEqual({
    ok: true,
    value: { watches: [WATCH], quietHours: null },
  });
});

/** Every file of the account's status history with its size and when it was last written. */
function historyFiles(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'status-history');
  const out: Record<string, string> = {};
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const s = statSync(path.join(e.parentPath, e.name));
    out[path.join(e.parentPath, e.name)] = `${s.size} ${s.mtimeMs}`;
  }
  return out;
}

it('refuses to change the copy’s views and watches, saying to sign in, and writes no history', async () => {
  const { copy } = await restartedCopy();
  const before = historyFiles(copy.dataDir);
  expect(Object.keys(before).length).toBeGreaterThan(0);
  expect(await copy.invoke('views:save', { views: [] })).toMatchObject({
    ok: false,
    error: { kind: 'not-allowed', key: 'error.app.signInToSaveViews' },
  });
  expect(await copy.invoke('watch:set', { watches: [], quietHours: null })).toMatchObject({
    ok: false,
    error: { kind: 'not-allowed', key: 'error.app.signInToChangeWatches' },
  });
  expect(await copy.invoke('views:load', {})).toEqual({ ok: true, value: { views: VIEWS } });
  expect(await copy.invoke('watch:get', {})).toMatchObject({ ok: true, value: { watches: [WATCH] } });
  await copy.clock.advance(60 * 60_000);
  await copy.dispose();
  expect(historyFiles(copy.dataDir)).toEqual(before);
});

it('signed in again from the copy, the views and watches are the account’s, and can be changed', async () => {
  const { copy } = await restartedCopy();
  await signInForThisRun(copy);
  expect(copy.core.state().auth.status).toBe('signed-in');
  expect(await copy.invoke('views:load', {})).toEqual({ ok: true, value: { views: VIEWS } });
  expect((await copy.invoke('watch:set', { watches: [], quietHours: null })).ok).toBe(true);
  expect((await copy.invoke('views:save', { views: [] })).ok).toBe(true);
});
