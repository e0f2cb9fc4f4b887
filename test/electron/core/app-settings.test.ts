// The running app's settings: loaded from disk, changed field by field, paused from now, saved on each
// change; a save that fails is logged and the change still holds for this run.
import { promises as fsp } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppSettings } from '../../../electron/core/app-settings.js';
import { createLogger } from '../../../electron/core/logger.js';
import type { Settings } from '../../../shared/ipc/contract.js';
import { FakeClock } from '../support/fake-clock.js';
import { tempDir } from '../support/core-harness.js';

afterEach(() => vi.restoreAllMocks());

function rig(dataDir = tempDir().dir) {
  const clock = new FakeClock(Date.parse('2026-03-02T09:00:00Z'));
  const seen: Settings[] = [];
  const warnings: string[] = [];
  const settings = new AppSettings({
    dataDir,
    clock,
    logger: createLogger((_level, line) => warnings.push(line)),
    onChange: (s) => seen.push(s),
  });
  return { dataDir, settings, seen, warnings };
}

describe('AppSettings', () => {
  it('changes only the fields given, tells the listener, and is there after a restart', async () => {
    const r = rig();
    expect(await r.settings.load()).toMatchObject({ reminderLeadMinutes: 10, theme: 'system' });
    await r.settings.update({ theme: 'dark' });
    await r.settings.update({ reminderLeadMinutes: 5 });
    expect(r.seen.map((s) => [s.theme, s.reminderLeadMinutes])).toEqual([
      ['dark', 10],
      ['dark', 5],
    ]);
    const again = rig(r.dataDir);
    expect(await again.settings.load()).toMatchObject({ theme: 'dark', reminderLeadMinutes: 5 });
  });

  it('writes changes made in quick succession in the order made: the last is what a restart reads', async () => {
    const r = rig();
    await r.settings.load();
    for (let i = 0; i < 20; i++) {
      const first = r.settings.update({ reminderLeadMinutes: 100 + i });
      const second = r.settings.update({ reminderLeadMinutes: 200 + i });
      await Promise.all([first, second]);
      expect(await rig(r.dataDir).settings.load()).toMatchObject({ reminderLeadMinutes: 200 + i });
    }
  });

  it('pauses notices for the minutes from now, and 0 resumes them', async () => {
    const r = rig();
    await r.settings.load();
    expect((await r.settings.pause(60)).notificationsPausedUntil).toBe('2026-03-02T10:00:00.000Z');
    expect((await r.settings.pause(0)).notificationsPausedUntil).toBeNull();
  });

  it('keeps a change it could not save for this run and logs why', async () => {
    const r = rig();
    await r.settings.load();
    vi.spyOn(fsp, 'rename').mockRejectedValue(Object.assign(new Error('no space'), { code: 'ENOSPC' }));
    await r.settings.update({ notificationsEnabled: false });
    expect(r.settings.current.notificationsEnabled).toBe(false);
    expect(r.warnings.join('\n')).toContain('settings not saved');
  });

  it('hands out copies: a caller cannot change the settings behind its back', async () => {
    const r = rig();
    await r.settings.load();
    const copy = r.settings.current;
    copy.theme = 'light';
    expect(r.settings.current.theme).toBe('system');
  });
});
