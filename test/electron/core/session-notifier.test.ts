// The session notifier: announces what the scheduler says is due, once per session also across restarts
// (its memory on disk, per account), on its own reminder timer with the settings of the moment, and
// forgets that memory with the account; then the same through the whole core.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/logger.js';
import { Picture } from '../../../electron/core/picture.js';
import { SessionNotifier } from '../../../electron/core/session-notifier.js';
import { POLL_INTERVALS } from '../../../electron/core/sync-engine.js';
import type { SessionNotice, Settings } from '../../../shared/ipc/contract.js';
import { DEFAULT_SETTINGS } from '../../../electron/core/settings-store.js';
import type { SupportSession } from '../../../shared/model.js';
import { FakeClock, settle } from '../support/fake-clock.js';
import { session } from '../support/fake-service.js';
import type { Harness } from '../support/core-harness.js';
import { makeHarness, tempDir } from '../support/core-harness.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

function notifierRig(dataDir = tempDir().dir) {
  const clock = new FakeClock(T0);
  const picture = new Picture();
  const notices: SessionNotice[] = [];
  const warnings: string[] = [];
  const settings: { current: Settings } = {
    current: { ...DEFAULT_SETTINGS },
  };
  let failNotify = false;
  const notifier = new SessionNotifier({
    dataDir,
    picture,
    clock,
    logger: createLogger((_level, line) => warnings.push(line)),
    notify: (n) => {
      if (failNotify) throw new Error('no notification service');
      notices.push(n);
    },
    settings,
  });
  const show = (sessions: SupportSession[]) => picture.reset('sessions', sessions, iso(clock.now()));
  return {
    dataDir,
    clock,
    notices,
    warnings,
    settings,
    notifier,
    show,
    breakNotify: () => (failNotify = true),
  };
}

describe('SessionNotifier', () => {
  it('says nothing before it is opened for an account or before the sessions were fetched', async () => {
    const r = notifierRig();
    r.notifier.evaluate();
    await r.notifier.open('account-a');
    r.notifier.evaluate();
    expect(r.clock.pendingDelays()).toEqual([]);
    r.show([]);
    r.notifier.evaluate();
    r.show([session('1', 'ongoing', { initTime: iso(T0) })]);
    r.notifier.evaluate();
    expect(r.notices.map((n) => n.kind)).toEqual(['started']);
  });

  it('remembers per account across a restart, and forgets with the account', async () => {
    const r = notifierRig();
    await r.notifier.open('account-a');
    r.show([]);
    r.notifier.evaluate(); // the baseline: nothing was ongoing
    r.show([session('1', 'ongoing', { initTime: iso(T0) })]);
    r.notifier.evaluate();
    expect(r.notices).toHaveLength(1);
    await r.notifier.close({ forget: false });

    const again = notifierRig(r.dataDir);
    await again.notifier.open('account-a');
    again.show([session('1', 'ongoing', { initTime: iso(T0) })]);
    again.notifier.evaluate();
    expect(again.notices).toEqual([]);

    await again.notifier.close({ forget: true });
    expect(existsSync(path.join(r.dataDir, 'notified-sessions.json'))).toBe(false);
  });

  it('wakes up for a reminder and reads the settings as they are then', async () => {
    const r = notifierRig();
    await r.notifier.open('account-a');
    r.show([session('7', 'planned', { plannedInitTime: iso(T0 + 25 * 60_000) })]);
    r.notifier.evaluate();
    expect(r.clock.pendingDelays()).toEqual([15 * 60_000]);
    await r.clock.advance(15 * 60_000);
    expect(r.notices.map((n) => [n.kind, n.sessions.map((s) => s.id)])).toEqual([['reminder', ['7']]]);

    const quiet = notifierRig();
    await quiet.notifier.open('account-a');
    quiet.show([session('7', 'planned', { plannedInitTime: iso(T0 + 25 * 60_000) })]);
    quiet.notifier.evaluate();
    quiet.settings.current = { ...quiet.settings.current, notificationsEnabled: false };
    await quiet.clock.advance(15 * 60_000);
    expect(quiet.notices).toEqual([]);
  });

  it('logs a notice the host could not show and goes on', async () => {
    const r = notifierRig();
    await r.notifier.open('account-a');
    r.show([]);
    r.notifier.evaluate();
    r.breakNotify();
    r.show([session('1', 'ongoing', { initTime: iso(T0) })]);
    expect(() => r.notifier.evaluate()).not.toThrow();
    await settle();
    expect(r.warnings.join('\n')).toContain('notice not shown');
    await r.notifier.dispose();
  });
});

describe('notices through the core', () => {
  let harnesses: Harness[] = [];
  afterEach(async () => {
    for (const x of harnesses) await x.dispose();
    harnesses = [];
  });

  it('notifies a start seen by polling, once, also after a restart, and a reminder on its timer', async () => {
    const h = await makeHarness();
    harnesses.push(h);
    h.service.sessions.set('600', session('600', 'ongoing', { initTime: iso(T0) }));
    await h.signIn();
    expect(h.notices).toEqual([]); // already ongoing at first sight

    const s = h.service.sessions.get('500')!;
    h.service.sessions.set('500', { ...s, state: 'ongoing', initTime: iso(h.clock.now()) });
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    expect(h.notices.map((n) => [n.kind, n.sessions.map((x) => x.id)])).toEqual([['started', ['500']]]);
    expect(h.core.trayState()).toMatchObject({ status: 'online' });
    expect(
      h.core
        .trayState()
        .ongoing.map((x) => x.id)
        .sort(),
    ).toEqual(['500', '600']);

    h.service.sessions.set(
      '700',
      session('700', 'planned', { plannedInitTime: iso(h.clock.now() + 25 * 60_000) }),
    );
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    expect(h.core.trayState().upcoming.map((x) => x.code)).toEqual(['C700']);
    await h.clock.advance(15 * 60_000);
    expect(h.notices.at(-1)).toMatchObject({ kind: 'reminder', sessions: [{ id: '700' }] });
    const count = h.notices.length;

    const again = await h.restart();
    harnesses.push(again);
    await again.clock.advance(POLL_INTERVALS.background.sessions);
    expect(again.notices).toEqual([]);
    expect(h.notices).toHaveLength(count);
  });

  it('pause for an hour silences notices and shows in the tray state', async () => {
    const h = await makeHarness();
    harnesses.push(h);
    await h.signIn();
    const paused = await h.invoke('notifications:pause', { minutes: 60 });
    expect(paused.ok && paused.value.notificationsPausedUntil).toBe(iso(h.clock.now() + 60 * 60_000));
    expect(h.core.trayState().notificationsPausedUntil).toBe(iso(h.clock.now() + 60 * 60_000));
    const s = h.service.sessions.get('500')!;
    h.service.sessions.set('500', { ...s, state: 'ongoing', initTime: iso(h.clock.now()) });
    await h.clock.advance(POLL_INTERVALS.background.sessions);
    expect(h.notices).toEqual([]);
  });
});
