// Session notices: started and reminder, once per session (also across restarts), batched, quiet while
// paused or disabled, and no flood for sessions already ongoing at first sight.
import { afterEach, describe, expect, it } from 'vitest';
import { sharedTranslator } from '../../shared/i18n/catalogues/index.js';
import { noticeText } from '../../shared/i18n/notice-text.js';
import { emptyMemory, evaluateSessions, STALE_START_MS } from '../../electron/core/session-scheduler.js';
import { POLL_INTERVALS } from '../../electron/core/sync-engine.js';
import { session } from './support/fake-service.js';
import type { Harness } from './support/core-harness.js';
import { makeHarness } from './support/core-harness.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const on = { reminderLeadMinutes: 10, notificationsEnabled: true, notificationsPausedUntil: null };

describe('evaluateSessions (pure)', () => {
  it('records sessions already ongoing at first sight silently, then notifies a start once, batched', () => {
    const first = evaluateSessions([session('1', 'ongoing', { initTime: iso(T0) })], emptyMemory(), on, T0);
    expect(first.notices).toEqual([]);
    expect(first.dirty).toBe(true);

    const sessions = ['2', '3', '4'].map((id) =>
      session(id, 'ongoing', { initTime: iso(T0), customer: `Cust ${id}` }),
    );
    const second = evaluateSessions([session('1', 'ongoing'), ...sessions], first.memory, on, T0 + 15_000);
    expect(second.notices).toHaveLength(1);
    expect(second.notices[0]).toMatchObject({ kind: 'started' });
    // The notice is data; its words are made in the technician's language where it is shown.
    const english = noticeText(second.notices[0]!, sharedTranslator('en').t);
    expect(english.title).toBe('3 support sessions started');
    expect(english.body).toBe('Cust 2 (code C2), Cust 3 (code C3), Cust 4 (code C4)');
    const german = noticeText(second.notices[0]!, sharedTranslator('ge').t);
    expect(german.title).toBe('3 Support-Sitzungen haben begonnen');
    expect(german.body).toBe('Cust 2 (Code C2), Cust 3 (Code C3), Cust 4 (Code C4)');
    expect(second.notices[0]?.sessions.map((s) => s.id)).toEqual(['2', '3', '4']);

    const third = evaluateSessions([session('1', 'ongoing'), ...sessions], second.memory, on, T0 + 30_000);
    expect(third.notices).toEqual([]);
  });

  it('does not announce a start that is old news', () => {
    const base = evaluateSessions([], emptyMemory(), on, T0).memory;
    const old = session('9', 'ongoing', { initTime: iso(T0 - STALE_START_MS - 1) });
    expect(evaluateSessions([old], base, on, T0).notices).toEqual([]);
  });

  it('reminds once within the lead time and says when to wake up for the next reminder', () => {
    const planned = session('5', 'planned', { plannedInitTime: iso(T0 + 30 * 60_000) });
    const early = evaluateSessions([planned], emptyMemory(), on, T0);
    expect(early.notices).toEqual([]);
    expect(early.nextWakeAt).toBe(T0 + 20 * 60_000);
    const due = evaluateSessions([planned], early.memory, on, T0 + 20 * 60_000);
    expect(due.notices[0]).toMatchObject({ kind: 'reminder', minutes: 10 });
    expect(noticeText(due.notices[0]!, sharedTranslator('en').t).title).toBe(
      'Support session starts in 10 minutes',
    );
    expect(noticeText(due.notices[0]!, sharedTranslator('fr').t).title).toBe(
      'Une session d’assistance commence dans 10 minutes',
    );
    expect(evaluateSessions([planned], due.memory, on, T0 + 21 * 60_000).notices).toEqual([]);
    expect(
      evaluateSessions([planned], emptyMemory(), { ...on, reminderLeadMinutes: 0 }, T0 + 25 * 60_000).notices,
    ).toEqual([]);
  });

  it('shows nothing while paused or disabled, and does not replay it afterwards', () => {
    const base = evaluateSessions([], emptyMemory(), on, T0).memory;
    const started = [session('7', 'ongoing', { initTime: iso(T0) })];
    const paused = { ...on, notificationsPausedUntil: iso(T0 + 60 * 60_000) };
    const during = evaluateSessions(started, base, paused, T0 + 1_000);
    expect(during.notices).toEqual([]);
    expect(evaluateSessions(started, during.memory, on, T0 + 2 * 60 * 60_000).notices).toEqual([]);
    const disabled = evaluateSessions(started, base, { ...on, notificationsEnabled: false }, T0 + 1_000);
    expect(disabled.notices).toEqual([]);
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
