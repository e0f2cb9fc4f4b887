// Create or edit a support session. Customer is required; the e-mail is optional (an invitation is sent
// to it); the planned start defaults to now; without a planned end the code lasts 15 minutes. Times are
// typed on the wall clock of the user's account zone (the zone every other screen shows), labelled with
// it, and sent as UTC; the machine's zone is used only when the account has none.

import { useState, type FormEvent } from 'react';
import type { AppError } from '../../shared/errors.js';
import { plannedTimesError } from '../../shared/session-times.js';
import type { InvokeRequest } from '../../shared/ipc/contract.js';
import type { KnownLanguage, SupportSession } from '../../shared/model.js';
import { LANGUAGES, enumValue } from '../../shared/model.js';
import {
  localOffsetMinutes,
  parseTimestamp,
  toZonedInput,
  zonedInputToUtc,
  zonedTime,
  type UtcOffset,
} from '../domain/time-zone.js';
import { formatError, getLanguage, t } from '../i18n/index.js';
import { useStores, useWriteBlocked } from '../state/context.js';
import { Dialog } from './Dialog.js';
import { DialogFooter, Field, MAX_EMAIL, MAX_NAME } from './FormKit.js';
import { languageName } from '../domain/labels.js';

// As the service checks it: something @ a domain with a dot (`ana.torres@customer` is refused there).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type SessionField = 'customer' | 'customerMail' | 'language' | 'plannedInitTime' | 'plannedEndTime';

export interface SessionFormValues {
  customer: string;
  customerMail: string;
  language: KnownLanguage;
  start: string;
  end: string;
}

/** Checks the form; returns per-field messages (empty when valid). */
export function validateSession(
  v: SessionFormValues,
  offset: UtcOffset | null = null,
): Partial<Record<SessionField, string>> {
  const errors: Partial<Record<SessionField, string>> = {};
  if (!v.customer.trim()) errors.customer = t('sessions.customerRequired');
  if (v.customerMail.trim() && !EMAIL.test(v.customerMail.trim()))
    errors.customerMail = t('sessions.mailInvalid');
  const start = zonedInputToUtc(v.start, offset);
  const end = v.end ? zonedInputToUtc(v.end, offset) : null;
  const times = plannedTimesError(start, end);
  if (times) errors.plannedEndTime = t(times.key);
  return errors;
}

export function sessionCreatePayload(
  v: SessionFormValues,
  offset: UtcOffset | null = null,
): InvokeRequest<'sessions:create'> {
  const payload: InvokeRequest<'sessions:create'> = { customer: v.customer.trim(), language: v.language };
  if (v.customerMail.trim()) payload.customerMail = v.customerMail.trim();
  const start = zonedInputToUtc(v.start, offset);
  if (start) payload.plannedInitTime = start;
  const end = v.end ? zonedInputToUtc(v.end, offset) : null;
  if (end) payload.plannedEndTime = end;
  return payload;
}

/**
 * The edit's payload: only what the technician changed, plus the customer (the service drops a customer
 * that is not supplied). Re-sending unchanged values is not harmless: the form keeps minutes only, so an
 * unchanged start would "move" a started session's start by its seconds (refused with 1002), and a
 * service may send a new invitation whenever an e-mail is supplied. An emptied planned end is sent as null,
 * so the service clears it (leaving it out would keep the old end).
 */
export function sessionUpdatePayload(
  session: SupportSession,
  v: SessionFormValues,
  offset: UtcOffset | null = null,
): InvokeRequest<'sessions:update'> {
  const edited = sessionCreatePayload(v, offset);
  const payload: InvokeRequest<'sessions:update'> = { id: session.id, customer: edited.customer };
  if (session.language === null || enumValue(session.language) !== edited.language) {
    payload.language = edited.language;
  }
  if (edited.customerMail && edited.customerMail !== session.customerMail) {
    payload.customerMail = edited.customerMail;
  }
  if (edited.plannedInitTime && !sameMinute(edited.plannedInitTime, session.plannedInitTime)) {
    payload.plannedInitTime = edited.plannedInitTime;
  }
  if (edited.plannedEndTime && !sameMinute(edited.plannedEndTime, session.plannedEndTime)) {
    payload.plannedEndTime = edited.plannedEndTime;
  }
  if (endCleared(session, v)) payload.plannedEndTime = null;
  return payload;
}

/** The form shows and edits minutes: a time is unchanged when its minute is. */
function sameMinute(edited: string, stored: string | null): boolean {
  if (stored === null) return false;
  return Math.floor(Date.parse(edited) / 60_000) === Math.floor(Date.parse(stored) / 60_000);
}

function endCleared(session: SupportSession | undefined, v: SessionFormValues): boolean {
  return !!session?.plannedEndTime && !v.end;
}

/** "Times in your account's time zone (GMT+01:00)", plus the machine's clock for the start when it differs. */
function zoneHint(offset: UtcOffset | null, start: string, now: number): string {
  const at = parseTimestamp(zonedInputToUtc(start, offset)) ?? new Date(now);
  const z = zonedTime(at, offset, 'time');
  if (!offset) return t('sessions.formZoneLocal', { zone: z.zone });
  const text = t('sessions.formZone', { zone: offset.label });
  return z.local !== null && offset.minutes !== localOffsetMinutes(at)
    ? `${text} ${t('sessions.formZoneMachine', { time: z.local })}`
    : text;
}

function fieldOf(error: AppError): SessionField | null {
  if (error.code === 1301) return 'customer';
  if (error.code === 1302) return 'language';
  const f = error.field;
  return f === 'customer' ||
    f === 'customerMail' ||
    f === 'language' ||
    f === 'plannedInitTime' ||
    f === 'plannedEndTime'
    ? f
    : null;
}

export function SessionForm({
  session,
  offset,
  onClose,
}: {
  session?: SupportSession;
  /** The user's account zone: the form's times are typed in it. */
  offset: UtcOffset | null;
  onClose: () => void;
}) {
  const { actions, client, now, uiActions } = useStores();
  const initialStart = parseTimestamp(session?.plannedInitTime) ?? new Date(now());
  const initialEnd = parseTimestamp(session?.plannedEndTime);
  const [values, setValues] = useState<SessionFormValues>({
    customer: session?.customer ?? '',
    customerMail: session?.customerMail ?? '',
    language: session && typeof session.language === 'string' ? session.language : getLanguage(),
    start: toZonedInput(initialStart, offset),
    end: initialEnd ? toZonedInput(initialEnd, offset) : '',
  });
  const [errors, setErrors] = useState<Partial<Record<SessionField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Creating a session is never queued (a retry would invite the customer twice): offline, say so here.
  const createBlocked = useWriteBlocked('direct');
  const offline = !session && createBlocked !== null;

  const set = (patch: Partial<SessionFormValues>) => {
    setValues({ ...values, ...patch });
    setErrors({});
    setFormError(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Enter in a field submits even with Create disabled: what the form already shows as refused
    // (the write gate's answer) is not sent.
    if (!session && createBlocked) return;
    const found = validateSession(values, offset);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = Object.keys(found)[0];
      document.getElementById(`session-${first}`)?.focus();
      return;
    }
    setBusy(true);
    const result = session
      ? await client.sessions.update(sessionUpdatePayload(session, values, offset))
      : await actions.createSession(sessionCreatePayload(values, offset));
    setBusy(false);
    if (result.ok) {
      uiActions.announce(
        t(session ? 'a11y.sessionSaved' : 'a11y.sessionCreated', { customer: values.customer.trim() }),
        { keep: true },
      );
      return onClose();
    }
    const field = fieldOf(result.error);
    if (field) setErrors({ [field]: formatError(result.error) });
    else setFormError(formatError(result.error));
  }

  const error = (field: SessionField) => errors[field] ?? null;

  return (
    <Dialog title={session ? t('sessions.editTitle') : t('sessions.createTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="dialog-body">
          <Field id="session-customer" label={t('sessions.customer')} error={error('customer')}>
            {(control) => (
              <input
                {...control}
                value={values.customer}
                required
                maxLength={MAX_NAME}
                data-autofocus
                onChange={(e) => set({ customer: e.target.value })}
              />
            )}
          </Field>
          <Field
            id="session-customerMail"
            label={t('sessions.customerMail')}
            hint={t('sessions.mailHint')}
            hintId="session-mail-hint"
            error={error('customerMail')}
          >
            {(control) => (
              <input
                {...control}
                type="email"
                value={values.customerMail}
                maxLength={MAX_EMAIL}
                onChange={(e) => set({ customerMail: e.target.value })}
              />
            )}
          </Field>
          <Field id="session-language" label={t('sessions.language')} error={error('language')}>
            {(control) => (
              <select
                {...control}
                value={values.language}
                onChange={(e) => set({ language: e.target.value as KnownLanguage })}
              >
                {LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {languageName(l)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <p id="session-zone-hint" className="hint zone-hint">
            {zoneHint(offset, values.start, now())}
          </p>
          <Field
            id="session-plannedInitTime"
            label={t('sessions.plannedStart')}
            describedBy="session-zone-hint"
            error={error('plannedInitTime')}
          >
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                value={values.start}
                onChange={(e) => set({ start: e.target.value })}
              />
            )}
          </Field>
          <Field
            id="session-plannedEndTime"
            label={t('sessions.plannedEnd')}
            describedBy="session-zone-hint"
            hint={
              endCleared(session, values) ? t('sessions.plannedEndCleared') : t('sessions.plannedEndHint')
            }
            hintId="session-end-hint"
            error={error('plannedEndTime')}
          >
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                value={values.end}
                onChange={(e) => set({ end: e.target.value })}
              />
            )}
          </Field>
          {formError && (
            <p role="alert" className="error-text">
              {formError}
            </p>
          )}
          {offline && (
            <p role="alert" className="error-text">
              {createBlocked}
            </p>
          )}
        </div>
        <DialogFooter
          onCancel={onClose}
          submit={session ? t('common.save') : t('common.create')}
          disabled={busy || offline}
        />
      </form>
    </Dialog>
  );
}
