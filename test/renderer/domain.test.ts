import { codePhase, codeWindow } from '../../renderer/domain/session-code.js';
import {
  errorDetailText,
  formatAge,
  formatBytes,
  formatError,
  formatNumber,
  setLanguage,
  t,
} from '../../renderer/i18n/index.js';
import {
  formatInOffset,
  localInputToUtc,
  offsetLabel,
  parseGmtOffset,
  startOfDay,
  zonedTime,
} from '../../renderer/domain/time-zone.js';
import {
  agendaBucket,
  agendaGroups,
  stateGroups,
  canDeleteSession,
} from '../../renderer/domain/session-agenda.js';
import { session } from './support/fake-bridge.js';

describe('i18n', () => {
  it('chooses plural forms with Intl.PluralRules and interpolates numbers', () => {
    expect(t('devices.count.total', { count: 1 })).toBe('1 device');
    expect(t('devices.count.total', { count: 0 })).toBe('0 devices');
    expect(t('devices.count.total', { count: 20000 })).toBe('20,000 devices');
    expect(t('folders.notEmptyFolders', { count: 2 })).toBe('2 sub-folders');
    expect(formatAge(40_000)).toBe('40 s');
    expect(formatAge(3 * 86_400_000)).toBe('3 days');
    expect(formatAge(86_400_000 * 1.5)).toBe('36 h');
  });

  it('says what happened and what to do, with the service code apart for support', () => {
    const refused = { kind: 'service' as const, code: 1101, message: 'name taken' };
    expect(formatError(refused)).toBe(
      'A folder with this name already exists at this level. Choose another name.',
    );
    expect(errorDetailText(refused)).toBe('Service code 1101');
    // An unknown code still reads as a sentence, with the code kept for support.
    expect(formatError({ kind: 'service', code: 1999, message: '' })).toMatch(/^The service refused/);
    expect(formatError({ kind: 'network', message: 'ECONNREFUSED' })).toBe(
      'The service could not be reached. Check the network connection, then try again.',
    );
    expect(formatError({ kind: 'network', message: 'x', outcomeUnknown: true })).toMatch(
      /may or may not have been made/,
    );
    expect(formatError({ kind: 'not-signed-in', message: 'x', problem: 'verifier_invalid' })).toMatch(
      /^The PIN was not accepted/,
    );
    expect(errorDetailText({ kind: 'network', message: 'x' })).toBeNull();
  });

  it('switches language at once, with plurals, numbers and errors in that language', () => {
    try {
      setLanguage('ge');
      expect(t('devices.count.total', { count: 100000 })).toBe('100.000 Geräte');
      expect(t('devices.count.total', { count: 1 })).toBe('1 Gerät');
      expect(formatError({ kind: 'service', code: 1103, message: '' })).toBe(
        'Dieser Ordner ist nicht leer. Verschieben Sie zuerst seine Geräte und Unterordner und löschen Sie ihn dann.',
      );
      expect(errorDetailText({ kind: 'service', code: 1103, message: '' })).toBe('Dienst-Code 1103');
      expect(formatBytes(2048 * 1024 ** 2)).toMatch(/^2\sGB$/);
      expect(formatBytes(1536 * 1024 ** 2)).toMatch(/^1,5\sGB$/);
      setLanguage('fr');
      expect(t('devices.selected', { count: 2 })).toBe('2 sélectionnés');
      expect(formatNumber(1234.5)).toBe('1\u202f234,5');
      setLanguage('es');
      expect(t('sessions.count', { count: 3 })).toBe('3 sesiones');
      setLanguage('it');
      expect(formatAge(3 * 86_400_000)).toBe('3 giorni');
    } finally {
      setLanguage('en');
    }
    expect(t('devices.count.total', { count: 2 })).toBe('2 devices');
  });

  it('formats sizes in the unit a human reads, one way for RAM and disk', () => {
    expect(formatBytes(512 * 1024 ** 2)).toBe('512 MB');
    expect(formatBytes(8192 * 1024 ** 2)).toBe('8 GB');
    expect(formatBytes(1536 * 1024 ** 2)).toBe('1.5 GB');
    expect(formatBytes(12.5 * 1024)).toBe('13 kB');
    setLanguage('fr');
    try {
      expect(formatBytes(1536 * 1024 ** 2)).toMatch(/^1,5\sGo$/);
    } finally {
      setLanguage('en');
    }
  });
});

describe('time zone "(GMT±hh:mm)"', () => {
  it('parses the service notation to minutes east of UTC', () => {
    expect(parseGmtOffset('(GMT+01:00)')).toEqual({ minutes: 60, label: 'GMT+01:00' });
    expect(parseGmtOffset('(GMT-03:30)')).toEqual({ minutes: -210, label: 'GMT-03:30' });
    expect(parseGmtOffset('(GMT+05:45) Kathmandu')).toEqual({ minutes: 345, label: 'GMT+05:45' });
    expect(parseGmtOffset('(GMT)')).toEqual({ minutes: 0, label: 'GMT' });
    expect(parseGmtOffset('(GMT+00:00)')?.minutes).toBe(0);
    expect(parseGmtOffset('Europe/Paris')).toBeNull();
    expect(parseGmtOffset('(GMT+25:00)')).toBeNull();
    expect(parseGmtOffset(null)).toBeNull();
    expect(offsetLabel(-60)).toBe('GMT-01:00');
  });

  it('formats an instant as the wall clock of that offset', () => {
    const at = new Date('2026-11-21T09:30:00Z');
    expect(formatInOffset(at, parseGmtOffset('(GMT+01:00)')!, 'time')).toMatch(/10:30/);
    expect(formatInOffset(at, parseGmtOffset('(GMT-03:30)')!, 'time')).toMatch(/6:00/);
    expect(formatInOffset(at, parseGmtOffset('(GMT+05:45)')!, 'date-time')).toMatch(/Nov 21, 2026.*3:15/);
  });

  it('adds the machine time only when it differs from the user zone', () => {
    const at = new Date('2026-11-21T09:30:00Z');
    const local = -at.getTimezoneOffset();
    const same = zonedTime(at, { minutes: local, label: offsetLabel(local) }, 'time');
    expect(same.local).toBeNull();
    const other = local + 120;
    const differ = zonedTime(at, { minutes: other, label: offsetLabel(other) }, 'time');
    expect(differ.zone).toBe(offsetLabel(other));
    expect(differ.local).not.toBeNull();
    expect(differ.primary).not.toBe(differ.local);
  });

  it('finds the start of the day in an offset and converts form input to UTC', () => {
    expect(startOfDay(new Date('2026-11-21T23:30:00Z'), 60).toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(startOfDay(new Date('2026-11-21T22:30:00Z'), 60).toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(localInputToUtc('2026-11-21T10:30')).toBe(
      new Date('2026-11-21T10:30').toISOString().replace('.000', ''),
    );
    expect(localInputToUtc('not a date')).toBeNull();
  });
});

describe('session agenda', () => {
  // Saturday 21 November 2026, 10:00 UTC; the user is at GMT+01:00.
  const now = new Date('2026-11-21T10:00:00Z');
  it('buckets by planned start in the user zone', () => {
    expect(agendaBucket(session('a', { plannedInitTime: '2026-11-21T22:00:00Z' }), now, 60)).toBe('today');
    expect(agendaBucket(session('b', { plannedInitTime: '2026-11-21T23:30:00Z' }), now, 60)).toBe('week'); // Sunday local
    expect(agendaBucket(session('c', { plannedInitTime: '2026-11-22T23:30:00Z' }), now, 60)).toBe('later'); // Monday local
    expect(agendaBucket(session('d', { plannedInitTime: '2026-11-20T12:00:00Z' }), now, 60)).toBe('past');
    expect(
      agendaBucket(session('e', { plannedInitTime: '2026-11-01T12:00:00Z', state: 'ongoing' }), now, 60),
    ).toBe('today');
    expect(agendaBucket(session('f', { plannedInitTime: null }), now, 60)).toBe('unscheduled');
  });

  it('puts a session finished this morning under Past, ahead of older ones; Today keeps what is still to do', () => {
    const finishedThisMorning = session('m', {
      state: 'finished',
      plannedInitTime: '2026-11-21T08:00:00Z',
      initTime: '2026-11-21T08:05:00Z',
      endTime: '2026-11-21T08:40:00Z',
    });
    expect(agendaBucket(finishedThisMorning, now, 60)).toBe('past');
    const groups = agendaGroups(
      [
        session('later-today', { plannedInitTime: '2026-11-21T15:00:00Z' }),
        session('yesterday', { state: 'finished', initTime: '2026-11-20T09:00:00Z' }),
        finishedThisMorning,
      ],
      now,
      60,
    );
    expect(groups.map((g) => [g.key, g.sessions.map((s) => s.id)])).toEqual([
      ['today', ['later-today']],
      ['past', ['m', 'yesterday']],
    ]);
  });

  it('groups by state with unknown values kept as they came', () => {
    const groups = stateGroups([
      session('1', { state: 'finished' }),
      session('2', { state: { unknown: 'paused' } }),
      session('3', { state: 'ongoing' }),
      session('4', { state: 'planned' }),
    ]);
    expect(groups.map((g) => g.label)).toEqual([
      { known: 'ongoing' },
      { known: 'planned' },
      { known: 'finished' },
      { raw: 'paused' },
    ]);
    expect(
      agendaGroups([session('1'), session('2', { plannedInitTime: '2026-11-30T10:00:00Z' })], now, 60).map(
        (g) => g.key,
      ),
    ).toEqual(['today', 'later']);
    expect(canDeleteSession(session('1', { state: 'finished' }))).toBe(false);
    expect(canDeleteSession(session('1', { state: { unknown: 'x' } }))).toBe(true);
  });
});

describe('isDefaultFilter (derived from DEFAULT_FILTER)', () => {
  it('is true for the default and for blank search text, false when any field differs', async () => {
    const { isDefaultFilter } = await import('../../renderer/domain/device-query.js');
    const { DEFAULT_FILTER } = await import('../../renderer/domain/device-query.js');
    expect(isDefaultFilter(DEFAULT_FILTER)).toBe(true);
    expect(isDefaultFilter({ ...DEFAULT_FILTER, text: '   ' })).toBe(true);
    expect(isDefaultFilter({ ...DEFAULT_FILTER, text: 'pc' })).toBe(false);
    expect(isDefaultFilter({ ...DEFAULT_FILTER, status: 'online' })).toBe(false);
    expect(isDefaultFilter({ ...DEFAULT_FILTER, folder: { kind: 'unassigned' } } as never)).toBe(false);
    expect(isDefaultFilter({ ...DEFAULT_FILTER, includeSubfolders: false })).toBe(false);
  });
});

describe('the code’s 15 minutes', () => {
  const base = session('s', { state: 'planned', plannedEndTime: null });
  const start = Date.parse('2026-11-21T11:00:00Z');

  it('count from the planned start, for every session without a planned end', () => {
    const w = codeWindow({ ...base, plannedInitTime: '2026-11-21T11:00:00Z' })!;
    expect(w).toEqual({ start, end: start + 15 * 60_000 });
    // An hour before the start: not yet valid, and certainly not expired.
    expect(codePhase(w, start - 60 * 60_000)).toBe('not-yet');
    expect(codePhase(w, start + 14 * 60_000)).toBe('valid');
    expect(codePhase(w, start + 15 * 60_000)).toBe('expired');
    // Created this run a while before its planned start: the start still counts, not the creation.
    expect(codeWindow({ ...base, plannedInitTime: '2026-11-21T11:00:00Z' }, start - 3_600_000)!.start).toBe(
      start,
    );
  });

  it('fall back to the creation time only without a planned start, and do not apply with a planned end', () => {
    expect(codeWindow({ ...base, plannedInitTime: null }, start)).toEqual({ start, end: start + 900_000 });
    expect(codeWindow({ ...base, plannedInitTime: null })).toBeNull();
    expect(codeWindow({ ...base, plannedEndTime: '2026-11-21T12:00:00Z' }, start)).toBeNull();
    expect(codeWindow({ ...base, state: 'finished' }, start)).toBeNull();
  });
});
