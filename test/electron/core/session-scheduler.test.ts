// Which session notices are due, decided from the sessions and the time alone: started and reminder, once
// per session, batched, quiet while paused or disabled, no flood for sessions ongoing at first sight.
import { describe, expect, it } from 'vitest';
import { sharedTranslator } from '../../../shared/i18n/catalogues/index.js';
import { noticeText } from '../../../shared/i18n/notice-text.js';
import { emptyMemory, evaluateSessions, STALE_START_MS } from '../../../electron/core/session-scheduler.js';
import { session } from '../support/fake-service.js';

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
