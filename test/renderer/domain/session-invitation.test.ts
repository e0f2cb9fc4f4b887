import { invitationText, sessionIcs } from '../../../renderer/domain/session-invitation.js';
import { parseGmtOffset } from '../../../renderer/domain/time-zone.js';
import { makeSession } from '../../shared/support/fixtures.js';

const berlin = parseGmtOffset('(GMT+01:00)')!;

describe('session invitation', () => {
  it('writes the text in the customer language with the time as entered, its offset named', () => {
    const s = makeSession(1, {
      customer: 'Frau Weber',
      code: '04712',
      language: 'ge',
      plannedInitTime: '2026-11-21T09:30:00Z',
    });
    const text = invitationText(s, berlin);
    expect(text).toContain('Hallo Frau Weber');
    expect(text).toContain('04712');
    expect(text).toContain('10:30');
    expect(text).toContain('Samstag');
    expect(text).toContain('(GMT+01:00)');
    expect(invitationText({ ...s, language: 'es' }, berlin)).toContain('sábado');
    expect(invitationText({ ...s, language: { unknown: 'xx' } }, berlin)).toContain('Hello Frau Weber');
    expect(invitationText({ ...s, plannedInitTime: null }, berlin)).toContain('jetzt');
  });

  it('makes an .ics event in UTC, 15 minutes long without a planned end', () => {
    const s = makeSession(2, {
      code: '04713',
      language: 'en',
      plannedInitTime: '2026-11-21T09:30:00Z',
      plannedEndTime: null,
    });
    const r = sessionIcs(s, berlin);
    if (!r.ok) throw new Error(r.error);
    expect(r.ics).toContain('BEGIN:VEVENT');
    expect(r.ics).toContain('DTSTART:20261121T093000Z');
    expect(r.ics).toContain('DTEND:20261121T094500Z');
    expect(r.ics).toContain('SUMMARY:Remote support session 04713');
    expect(sessionIcs({ ...s, plannedInitTime: null }, berlin)).toMatchObject({
      ok: false,
      error: 'The session has no planned start, so it cannot go in a calendar.',
    });
    const german = sessionIcs({ ...s, language: 'ge' }, berlin);
    expect(german.ok && german.ics).toContain('SUMMARY:Fernwartungssitzung 04713');
  });
});
