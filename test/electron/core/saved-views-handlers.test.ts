// Saved views are kept per signed-in account through the core's IPC handlers, across a restart.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/core-harness.js';
import { makeHarness } from '../support/core-harness.js';

let h: Harness | null = null;
afterEach(async () => h?.dispose());

describe('saved views through the core', () => {
  it('saves the views of the signed-in account and loads them again after a restart', async () => {
    h = await makeHarness();
    await h.signIn();
    const views = [{ id: 'v1', name: 'Desk one', where: { text: '"desk 1"' } }];
    const saved = await h.invoke('views:save', { views });
    expect(saved.ok).toBe(true);
    const again = await h.restart();
    h = again;
    const loaded = await again.invoke('views:load', {});
    expect(loaded).toEqual({ ok: true, value: { views } });
  });

  it('refuses to save while signed out, with a message in the technician’s language (a key, not English)', async () => {
    h = await makeHarness();
    const refused = await h.invoke('views:save', { views: [] });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'not-allowed', key: 'error.app.signInToSaveViews' },
    });
  });
});
