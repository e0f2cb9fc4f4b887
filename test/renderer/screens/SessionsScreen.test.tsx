import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../support/render.js';
import { ADMIN, makeSnapshot, makeSync, session, signedIn } from '../support/fake-bridge.js';
import { sessionUpdatePayload, type SessionFormValues } from '../../../renderer/components/SessionForm.js';
import {
  keepTimeTogether,
  localInputToUtc,
  offsetLabel,
  parseGmtOffset,
  toLocalInput,
  toZonedInput,
  zonedInputToUtc,
} from '../../../renderer/domain/time-zone.js';

const NOW = Date.parse('2026-11-21T09:30:20Z');
/** The account's zone chosen as the display clock in Settings (the default is this computer's). */
const ON_ACCOUNT_CLOCK = { ...makeSnapshot().settings, displayZone: 'account' as const };

async function openSessions(
  sessions = [session('s1'), session('s2', { state: 'finished', customer: 'Done Corp' })],
) {
  const r = await renderApp(
    { data: { folders: [], devices: [], sessions, users: [ADMIN] }, settings: ON_ACCOUNT_CLOCK },
    { now: () => NOW },
  );
  fireEvent.click(screen.getByRole('link', { name: 'Sessions' }));
  return r;
}

describe('sessions screen', () => {
  it('requires the customer, then creates with the planned start defaulting to now and no planned end', async () => {
    const { bridge, stores } = await openSessions();
    bridge.handle('sessions:create', () => ({ id: 'new1' }));
    fireEvent.click(screen.getByRole('button', { name: 'New session' }));
    const dialog = screen.getByRole('dialog', { name: 'New support session' });
    expect(within(dialog).getByText('Optional: an invitation will be sent.')).toBeTruthy();
    const language = within(dialog).getByRole('combobox', { name: 'Language' });
    expect(within(language).getByRole('option', { name: 'German' })).toHaveProperty('value', 'ge');

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(bridge.callsTo('sessions:create')).toHaveLength(0);
    const customer = within(dialog).getByRole('textbox', { name: 'Customer' });
    expect(customer.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the customer’s name.');

    fireEvent.change(customer, { target: { value: '  Bob Smith ' } });
    fireEvent.change(language, { target: { value: 'fr' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    const expectedStart = localInputToUtc(toLocalInput(new Date(NOW)));
    expect(bridge.callsTo('sessions:create')).toEqual([
      { customer: 'Bob Smith', language: 'fr', plannedInitTime: expectedStart },
    ]);
    expect(expectedStart).toBe('2026-11-21T09:30:00Z');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stores.ui.getState().selectedSessionId).toBe('new1');
    expect(stores.ui.getState().createdSessions.get('new1')).toBe(NOW);
  });

  it('the open form says so when the service goes away: a session is never created offline', async () => {
    const { bridge } = await openSessions();
    fireEvent.click(screen.getByRole('button', { name: 'New session' }));
    const dialog = screen.getByRole('dialog', { name: 'New support session' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Customer' }), { target: { value: 'Bob' } });
    act(() =>
      bridge.emit('sync:state', makeSync({ connection: 'offline', offlineSince: '2026-11-21T09:30:00Z' })),
    );
    expect(within(dialog).getByRole('alert').textContent).toMatch(
      /never queued, so a customer is never invited twice/,
    );
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toHaveProperty('disabled', true);
    await act(async () => fireEvent.submit(create.closest('form')!));
    expect(bridge.callsTo('sessions:create')).toHaveLength(0);
  });

  it('rejects a malformed e-mail and an end before the start', async () => {
    const { bridge } = await openSessions();
    fireEvent.click(screen.getByRole('button', { name: 'New session' }));
    const dialog = screen.getByRole('dialog', { name: 'New support session' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Customer' }), { target: { value: 'Bob' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Customer e-mail' }), {
      target: { value: 'bob@' },
    });
    fireEvent.change(within(dialog).getByLabelText('Planned end'), { target: { value: '2020-01-01T10:00' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(bridge.callsTo('sessions:create')).toHaveLength(0);
    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((a) => a.textContent);
    expect(alerts).toContain('Enter an e-mail address such as name@example.com, or leave it blank.');
    expect(alerts).toContain('The planned end must be after the planned start.');
  });

  it('disables delete for finished sessions with the reason, and deletes others after confirming', async () => {
    const { bridge } = await openSessions();
    fireEvent.click(screen.getByRole('button', { name: /Done Corp/ }));
    const detail = screen.getByRole('complementary', { name: 'Session details' });
    const del = within(detail).getByRole('button', { name: 'Delete session' });
    expect(del).toHaveProperty('disabled', true);
    expect(document.getElementById(del.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Finished sessions cannot be deleted',
    );

    fireEvent.click(screen.getByRole('button', { name: /Customer s1/ }));
    const del2 = within(screen.getByRole('complementary', { name: 'Session details' })).getByRole('button', {
      name: 'Delete session',
    });
    expect(del2).toHaveProperty('disabled', false);
    fireEvent.click(del2);
    const dialog = screen.getByRole('dialog', { name: 'Delete session' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(bridge.callsTo('sessions:delete')).toEqual([{ id: 's1' }]);
  });

  it('clears the planned end of a session that had one: sends null and says what that means', async () => {
    const { bridge } = await openSessions([session('s1', { plannedEndTime: '2026-11-21T13:00:00Z' })]);
    bridge.handle('sessions:update', () => undefined);
    fireEvent.click(screen.getByRole('button', { name: /Customer s1/ }));
    const detail = screen.getByRole('complementary', { name: 'Session details' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Edit session' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit support session' });
    const end = within(dialog).getByLabelText<HTMLInputElement>('Planned end');
    expect(end.value).not.toBe('');
    const hint = () => document.getElementById('session-end-hint')!.textContent;
    expect(hint()).not.toContain('lasts 15 minutes');

    fireEvent.change(end, { target: { value: '' } });
    expect(end.getAttribute('aria-describedby')).toContain('session-end-hint');
    expect(hint()).toBe('Without a planned end, the session code lasts 15 minutes.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    const sent = bridge.callsTo('sessions:update');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: 's1', customer: 'Customer s1', plannedEndTime: null });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves the planned end out of an edit when the session had none and the field stays empty', async () => {
    const { bridge } = await openSessions([session('s1')]);
    bridge.handle('sessions:update', () => undefined);
    fireEvent.click(screen.getByRole('button', { name: /Customer s1/ }));
    const detail = screen.getByRole('complementary', { name: 'Session details' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Edit session' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit support session' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    const sent = bridge.callsTo('sessions:update');
    expect(sent).toHaveLength(1);
    expect('plannedEndTime' in sent[0]!).toBe(false);
  });

  it('copies the code and confirms it, and shows times in the user zone', async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void writes.push(text) },
    });
    await openSessions();
    fireEvent.click(screen.getByRole('button', { name: /Customer s1/ }));
    const detail = screen.getByRole('complementary', { name: 'Session details' });
    await act(async () => fireEvent.click(within(detail).getByRole('button', { name: 'Copy code Cs1' })));
    expect(writes).toEqual(['Cs1']);
    expect(within(detail).getByRole('group', { name: 'Session code Cs1' }).textContent).toBe('Cs1');
    expect(within(detail).getByRole('status').textContent).toBe('Copied');
    // The user is at (GMT+01:00): 12:00Z is 1:00 PM there.
    expect(detail.textContent).toMatch(/1:00\s?PM\s\(GMT\+01:00\)|13:00\s\(GMT\+01:00\)/);
  });

  it('says what a missing start or end means: not yet while open, a dash once planned or finished', async () => {
    await openSessions([
      session('s1', { state: 'ongoing', initTime: '2026-11-21T09:00:00Z' }),
      session('s2'),
      session('s3', { state: 'finished', initTime: '2026-11-21T08:00:00Z' }),
    ]);
    const field = (label: string) => {
      const detail = screen.getByRole('complementary', { name: 'Session details' });
      const term = within(detail).getByText(label, { selector: 'dt' });
      return term.nextElementSibling?.textContent;
    };
    fireEvent.click(screen.getByRole('button', { name: /Customer s1/ }));
    expect(field('Ended')).toBe('not yet');
    expect(field('Started')).toMatch(/10:00\s?AM\s\(GMT\+01:00\)|10:00\s\(GMT\+01:00\)/);
    fireEvent.click(screen.getByRole('button', { name: /Customer s2/ }));
    expect(field('Started')).toBe('not yet');
    expect(field('Ended')).toBe('—');
    expect(field('Planned end')).toBe('not scheduled');
    fireEvent.click(screen.getByRole('button', { name: /Customer s3/ }));
    expect(field('Ended')).toBe('—');
  });

  it('lets a time wrap after its date, never between the time, AM/PM and the zone', () => {
    expect(keepTimeTogether('Nov 21, 2026, 1:15 PM (GMT+01:00)')).toBe(
      'Nov 21, 2026, 1:15\u00a0PM\u00a0(GMT+01:00)',
    );
    expect(keepTimeTogether('your computer: Nov 21, 2026, 12:15 PM')).toBe(
      'your computer: Nov 21, 2026, 12:15\u00a0PM',
    );
    expect(keepTimeTogether('21.11.2026, 13:15 (GMT+01:00)')).toBe('21.11.2026, 13:15\u00a0(GMT+01:00)');
  });

  it('shows unknown states as they came and groups by state on request', async () => {
    await openSessions([
      session('s1', { state: { unknown: 'paused' } }),
      session('s2', { state: 'ongoing' }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'By state' }));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings[0]).toMatch(/^Ongoing/);
    expect(headings[1]).toMatch(/^paused/);
  });

  it('reads the form’s times on the account’s clock, not the computer’s, and sends UTC', async () => {
    // A user zone 5:30 away from this machine's, whatever zone the test runs in.
    const machine = -new Date(NOW).getTimezoneOffset();
    const user = machine >= 0 ? machine - 330 : machine + 330;
    const label = offsetLabel(user);
    const me = { ...ADMIN, timeZone: `(${label})` };
    const { bridge } = await renderApp(
      {
        auth: signedIn(me),
        data: { folders: [], devices: [], sessions: [session('s1')], users: [me] },
        settings: ON_ACCOUNT_CLOCK,
      },
      { now: () => NOW },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Sessions' }));
    // The agenda names the zone, since it is not the machine's.
    expect(screen.getByRole('button', { name: /Customer s1/ }).textContent).toContain(`(${label})`);

    bridge.handle('sessions:create', () => ({ id: 'new1' }));
    fireEvent.click(screen.getByRole('button', { name: 'New session' }));
    const dialog = screen.getByRole('dialog', { name: 'New support session' });
    const start = within(dialog).getByLabelText<HTMLInputElement>('Planned start');
    // "Now" on the account's wall clock.
    expect(start.value).toBe(new Date(NOW + user * 60_000).toISOString().slice(0, 16));
    const hint = document.getElementById('session-zone-hint')!;
    expect(start.getAttribute('aria-describedby')).toContain('session-zone-hint');
    expect(hint.textContent).toContain(`Times in your account’s time zone (${label}).`);
    expect(hint.textContent).toContain('on this computer’s clock');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Customer' }), { target: { value: 'Bob' } });
    fireEvent.change(start, { target: { value: '2026-11-22T08:15' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    const sent = bridge.callsTo('sessions:create')[0]!.plannedInitTime!;
    expect(sent).toBe(
      new Date(Date.UTC(2026, 10, 22, 8, 15) - user * 60_000).toISOString().replace('.000', ''),
    );
    // And not what the machine's clock would have made of it.
    expect(sent).not.toBe(localInputToUtc('2026-11-22T08:15'));
  });

  it('shows times on this computer’s clock, with no zone named, unless the account’s is chosen', async () => {
    const machine = -new Date(NOW).getTimezoneOffset();
    const me = { ...ADMIN, timeZone: `(${offsetLabel(machine >= 0 ? machine - 330 : machine + 330)})` };
    await renderApp(
      { auth: signedIn(me), data: { folders: [], devices: [], sessions: [session('s1')], users: [me] } },
      { now: () => NOW },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Sessions' }));
    expect(screen.getByRole('button', { name: /Customer s1/ }).textContent).not.toMatch(/\(GMT/);
  });

  it('converts form input in a fixed offset both ways, rejecting impossible dates', () => {
    const plus1 = { minutes: 60, label: 'GMT+01:00' };
    const minus330 = { minutes: -210, label: 'GMT-03:30' };
    expect(zonedInputToUtc('2026-11-21T10:30', plus1)).toBe('2026-11-21T09:30:00Z');
    expect(zonedInputToUtc('2026-11-21T22:00', minus330)).toBe('2026-11-22T01:30:00Z');
    expect(zonedInputToUtc('2026-02-30T10:00', plus1)).toBeNull();
    expect(zonedInputToUtc('nonsense', plus1)).toBeNull();
    expect(toZonedInput(new Date('2026-11-22T01:30:00Z'), minus330)).toBe('2026-11-21T22:00');
    expect(toZonedInput(new Date('2026-11-21T23:30:00Z'), plus1)).toBe('2026-11-22T00:30');
  });
});

describe('the edit payload sends only what the technician changed', () => {
  const utc = parseGmtOffset('(GMT+00:00)');
  const values = (patch: Partial<SessionFormValues> = {}): SessionFormValues => ({
    customer: 'Maria López',
    customerMail: 'maria@customer.example',
    language: 'es',
    start: '2026-11-21T12:00',
    end: '',
    ...patch,
  });
  // Started at 12:00:27: the form shows 12:00, which must not read as "move the start by 27 s" (1002).
  const ongoing = session('s9', {
    state: 'ongoing',
    customer: 'Maria Lopez',
    customerMail: 'maria@customer.example',
    language: 'es',
    plannedInitTime: '2026-11-21T12:00:27Z',
  });

  it('renaming the customer of an ongoing session sends the customer only', () => {
    expect(sessionUpdatePayload(ongoing, values(), utc)).toEqual({ id: 's9', customer: 'Maria López' });
  });

  it('sends a start, an end, a language and an e-mail the technician changed', () => {
    const payload = sessionUpdatePayload(
      ongoing,
      values({
        start: '2026-11-21T13:30',
        end: '2026-11-21T14:00',
        language: 'fr',
        customerMail: 'm@x.example',
      }),
      utc,
    );
    expect(payload).toEqual({
      id: 's9',
      customer: 'Maria López',
      language: 'fr',
      customerMail: 'm@x.example',
      plannedInitTime: '2026-11-21T13:30:00Z',
      plannedEndTime: '2026-11-21T14:00:00Z',
    });
  });
});
