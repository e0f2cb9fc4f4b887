// Spec §4.2 at the domain level, the invitation outbox, the scheduled life of sessions, the seeded account
// generator, the simulator and the clock.
import { describe, expect, it } from 'vitest';
import { DEVICE_OSES, LANGUAGES, type Folder } from '../../../shared/model.js';
import { AccountStore } from '../../../service/domain/account-store.js';
import { fixedClock, ServiceClock } from '../../../service/domain/clock.js';
import { Outbox } from '../../../service/domain/outbox.js';
import { generateAccount } from '../../../service/domain/seed.js';
import { Simulator } from '../../../service/domain/simulator.js';
import { fixture, NOW, refusal } from '../support/fixture-account.js';

describe('support sessions: create', () => {
  it('defaults the planned start to now, has no planned end, is planned with a fresh 9-digit code', () => {
    const { store, admin } = fixture();
    const session = store.createSession(admin, { customer: 'Ana', language: 'ge' });
    expect(session).toMatchObject({
      id: '3',
      state: 'planned',
      customer: 'Ana',
      language: 'ge',
      plannedInitTime: '2026-03-10T09:00:00Z',
      plannedEndTime: null,
      initTime: null,
      endTime: null,
      note: null,
      userId: '1',
    });
    expect(session.code).toMatch(/^\d{9}$/);
    const codes = new Set(
      Array.from({ length: 50 }, () => store.createSession(admin, { customer: 'B', language: 'en' }).code),
    );
    expect(codes.size).toBe(50);
    expect(codes.has(session.code)).toBe(false);
  });

  it('normalises given times to UTC', () => {
    const { store, admin } = fixture();
    const session = store.createSession(admin, {
      customer: 'Ana',
      language: 'fr',
      plannedInitTime: '2026-03-11T10:00:00+01:00',
      plannedEndTime: '2026-03-11T10:30:00Z',
    });
    expect(session.plannedInitTime).toBe('2026-03-11T09:00:00Z');
    expect(session.plannedEndTime).toBe('2026-03-11T10:30:00Z');
  });

  it('answers 1301 for a blank customer and 1302 for a blank language', () => {
    const { store, admin } = fixture();
    const before = store.snapshot();
    refusal(() => store.createSession(admin, { language: 'en' }), 422, 1301);
    refusal(() => store.createSession(admin, { customer: '   ', language: 'en' }), 422, 1301);
    refusal(() => store.createSession(admin, { customer: 'Ana' }), 422, 1302);
    refusal(() => store.createSession(admin, { customer: 'Ana', language: '' }), 422, 1302);
    expect(store.snapshot()).toEqual(before);
  });

  it('answers 1002 for an invalid language, time, e-mail or an end before the start', () => {
    const { store, admin, outbox } = fixture();
    refusal(() => store.createSession(admin, { customer: 'Ana', language: 'xx' }), 403, 1002);
    refusal(
      () => store.createSession(admin, { customer: 'Ana', language: 'en', plannedInitTime: 'tomorrow' }),
      403,
      1002,
    );
    refusal(
      () =>
        store.createSession(admin, {
          customer: 'Ana',
          language: 'en',
          plannedInitTime: '2026-02-30T10:00:00Z',
        }),
      403,
      1002,
    );
    refusal(
      () => store.createSession(admin, { customer: 'Ana', language: 'en', customerMail: 'not-mail' }),
      403,
      1002,
    );
    refusal(
      () =>
        store.createSession(admin, {
          customer: 'Ana',
          language: 'en',
          plannedInitTime: '2026-03-11T10:00:00Z',
          plannedEndTime: '2026-03-11T09:00:00Z',
        }),
      403,
      1002,
    );
    expect(store.listSessions()).toHaveLength(2);
    expect(outbox.list()).toEqual([]);
  });

  it('sends an invitation with the code and planned time in the session language when a mail is given', () => {
    const { store, admin, outbox } = fixture();
    store.createSession(admin, { customer: 'Nobody', language: 'en' });
    expect(outbox.list()).toEqual([]);
    const session = store.createSession(admin, {
      customer: 'Lucía',
      language: 'es',
      customerMail: 'lucia@customer.example',
      plannedInitTime: '2026-03-12T15:00:00Z',
    });
    const [message] = outbox.list();
    expect(message).toMatchObject({
      to: 'lucia@customer.example',
      language: 'es',
      sessionId: session.id,
      code: session.code,
    });
    expect(message?.subject).toContain('soporte');
    expect(message?.body).toContain(session.code);
    expect(message?.body).toContain('2026-03-12T15:00:00Z');
  });
});

describe('support sessions: update and destroy', () => {
  it('changes only what is given; a customer that is not supplied stays', () => {
    const { store } = fixture();
    store.updateSession('1', { language: 'fr', plannedEndTime: '2026-03-10T12:00:00Z' });
    expect(store.getSession('1')).toMatchObject({
      customer: 'Maria',
      language: 'fr',
      plannedEndTime: '2026-03-10T12:00:00Z',
    });
    store.updateSession('1', { plannedEndTime: null });
    expect(store.getSession('1').plannedEndTime).toBeNull();
  });

  it('answers 1300 for an unknown session on show, update and destroy', () => {
    const { store } = fixture();
    refusal(() => store.getSession('99'), 404, 1300);
    refusal(() => store.updateSession('99', { customer: 'X' }), 404, 1300);
    refusal(() => store.deleteSession('99'), 404, 1300);
  });

  it('answers 1002 for invalid parameters and changes nothing', () => {
    const { store } = fixture();
    const before = store.snapshot();
    refusal(() => store.updateSession('1', { language: 'xx' }), 403, 1002);
    refusal(() => store.updateSession('1', { language: '' }), 403, 1002);
    refusal(() => store.updateSession('1', { customer: '' }), 403, 1002);
    refusal(() => store.updateSession('1', { plannedInitTime: '10:00' }), 403, 1002);
    refusal(() => store.updateSession('1', { plannedEndTime: '2026-03-10T09:30:00Z' }), 403, 1002);
    refusal(() => store.updateSession('1', { customer: 'Y', invalidFields: ['code'] }), 403, 1002);
    refusal(() => store.updateSession('2', { customer: 'Late change' }), 403, 1002);
    expect(store.snapshot()).toEqual(before);
  });

  it('sends a new invitation when the customer mail changes', () => {
    const { store, outbox } = fixture();
    store.updateSession('1', { customerMail: 'maria@customer.example' });
    store.updateSession('1', { customer: 'Maria G.' });
    expect(outbox.list().map((m) => m.to)).toEqual(['maria@customer.example']);
  });

  it('deletes a session that is not finished; a finished one is refused with 403 without a code', () => {
    const { store } = fixture();
    refusal(() => store.deleteSession('2'), 403);
    store.deleteSession('1');
    refusal(() => store.getSession('1'), 404, 1300);
  });
});

describe('support sessions: scheduled life', () => {
  it('the customer joins at the planned start and the session ends at the planned end', () => {
    const { store } = fixture();
    expect(store.advanceSessions(NOW)).toEqual([]);
    store.advanceSessions(Date.parse('2026-03-10T10:00:00Z'));
    expect(store.getSession('1')).toMatchObject({
      state: 'ongoing',
      initTime: '2026-03-10T10:00:00Z',
      endTime: null,
    });
    store.advanceSessions(Date.parse('2026-03-10T11:00:05Z'));
    expect(store.getSession('1')).toMatchObject({ state: 'finished', endTime: '2026-03-10T11:00:00Z' });
  });

  it('without a planned end the session’s code lasts 15 minutes', () => {
    const { store, admin } = fixture();
    const session = store.createSession(admin, { customer: 'Ana', language: 'en' });
    store.advanceSessions(NOW + 14 * 60_000);
    expect(store.getSession(session.id).state).toBe('ongoing');
    store.advanceSessions(NOW + 15 * 60_000);
    expect(store.getSession(session.id)).toMatchObject({
      state: 'finished',
      endTime: '2026-03-10T09:15:00Z',
    });
  });

  it('can be forced by the control API, never out of finished', () => {
    const { store } = fixture();
    expect(store.forceSessionState('1', 'ongoing')).toMatchObject({
      state: 'ongoing',
      initTime: '2026-03-10T09:00:00Z',
    });
    expect(store.forceSessionState('1', 'finished').state).toBe('finished');
    refusal(() => store.forceSessionState('1', 'ongoing'), 409);
  });
});

describe('clock', () => {
  it('moves forward only', () => {
    const clock = new ServiceClock(() => 1000);
    expect(clock.advance(500)).toBe(1500);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(clock.now()).toBe(1500);
  });
});

describe('generated account', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');

  it('is the same for the same seed and different for another', () => {
    expect(generateAccount({ seed: 5, devices: 300, now })).toEqual(
      generateAccount({ seed: 5, devices: 300, now }),
    );
    expect(generateAccount({ seed: 6, devices: 300, now }).devices).not.toEqual(
      generateAccount({ seed: 5, devices: 300, now }).devices,
    );
  });

  it('is realistic: roles, languages, time zones, a 3-4 level tree, every OS, unassigned devices, all session states', () => {
    const account = generateAccount({ seed: 42, devices: 5000, now, adminEmail: 'boss@example.com' });
    const store = new AccountStore(account, fixedClock(now), new Outbox());
    expect(store.integrityProblem()).toBeNull();
    expect(account.users[0]).toMatchObject({ email: 'boss@example.com', role: 'administrator' });
    expect(new Set(account.users.map((u) => u.role))).toEqual(new Set(['administrator', 'user']));
    expect(new Set(account.users.map((u) => u.language))).toEqual(new Set(LANGUAGES));
    for (const user of account.users) expect(user.timeZone).toMatch(/^\(GMT[+-]\d{2}:\d{2}\)$/);
    expect(new Set(account.devices.map((d) => d.os))).toEqual(new Set(DEVICE_OSES));
    expect(new Set(account.devices.map((d) => d.status))).toEqual(new Set(['offline', 'online', 'busy']));
    expect(account.devices.some((d) => d.folderId === null)).toBe(true);
    for (const device of account.devices.slice(0, 200)) {
      expect(device.freeSpace).toMatch(/^\d+% of \d+ GB$/);
      expect(device.mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
      expect(device.ip).toMatch(/^10\.\d+\.\d+\.\d+$/);
    }
    const depth = (folder: Folder): number => {
      let d = 1;
      for (let p = folder.parentId; p !== null; p = account.folders.find((f) => f.id === p)?.parentId ?? null)
        d++;
      return d;
    };
    const maxDepth = Math.max(...account.folders.map((f) => depth(f)));
    expect(maxDepth).toBeGreaterThanOrEqual(3);
    expect(maxDepth).toBeLessThanOrEqual(4);
    expect(new Set(account.sessions.map((s) => s.state))).toEqual(
      new Set(['planned', 'ongoing', 'finished']),
    );
    // The generated schedule agrees with the scheduling rule: nothing moves at generation time.
    expect(store.advanceSessions(now)).toEqual([]);
  });

  it('generates tens of thousands of devices with unique ids (100,000 is measured by the bench)', () => {
    const account = generateAccount({ seed: 1, devices: 20_000, now });
    expect(account.devices).toHaveLength(20_000);
    expect(new Set(account.devices.map((d) => d.id)).size).toBe(20_000);
  });
});

describe('simulator', () => {
  it('changes the status of a small share of devices per tick with a fresh last_refresh, reproducibly', () => {
    const run = (): Array<[string, unknown, unknown]> => {
      const clock = fixedClock(Date.parse('2026-06-01T12:00:00Z'));
      const store = new AccountStore(
        generateAccount({ seed: 3, devices: 1000, now: clock.now() }),
        clock,
        new Outbox(),
      );
      const before = new Map(store.listDevices().map((d) => [d.id, d.status]));
      clock.advance(60_000);
      const tick = new Simulator(store, clock, { seed: 9, churn: 0.01 }).tick();
      expect(tick.devices.length).toBe(10);
      for (const id of tick.devices) {
        expect(store.getDevice(id).lastRefresh).toBe('2026-06-01T12:01:00Z');
      }
      return tick.devices.map((id) => [id, before.get(id), store.getDevice(id).status]);
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(first.some(([, before, after]) => before !== after)).toBe(true);
  });

  it('moves sessions along with the clock', () => {
    const { store, clock } = fixture();
    const simulator = new Simulator(store, clock, { churn: 0 });
    clock.advance(60 * 60_000);
    expect(simulator.tick().sessions).toEqual(['1']);
    expect(store.getSession('1').state).toBe('ongoing');
  });
});
