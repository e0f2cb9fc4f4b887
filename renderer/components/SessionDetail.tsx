// The selected support session's panel: its state, the code (copy, and the 15 minutes it is valid), the
// invitation to share, its times and note, and edit / delete (also asked for by the list's context menu).

import { useState } from 'react';
import type { Id, SupportSession } from '../../shared/model.js';
import { enumValue, isUnknownEnum } from '../../shared/model.js';
import { codePhase, codeWindow, type CodeWindow } from '../domain/session-code.js';
import { canDeleteSession } from '../domain/session-agenda.js';
import { keepTimeTogether, zonedTime, type UtcOffset } from '../domain/time-zone.js';
import { languageName, sessionStateName } from '../domain/labels.js';
import { formatError, t } from '../i18n/index.js';
import { useStores, useUi } from '../state/context.js';
import { ConfirmDialog } from './Dialog.js';
import { useNow, useUiCommand } from './hooks.js';
import { SessionForm } from './SessionForm.js';
import { SessionShare } from './SessionShare.js';
import { ZonedTimeText } from './SessionTimes.js';

/** An actual start or end that is not there: still to come while the session is open, else nothing. */
function notHappened(session: SupportSession, field: 'start' | 'end'): string {
  const open = field === 'end' ? session.state === 'ongoing' : session.state === 'planned';
  return open ? t('sessions.notYet') : t('common.none');
}

function stateKey(s: SupportSession): string {
  return s.state === null ? 'unknown' : isUnknownEnum(s.state) ? 'unknown' : s.state;
}

export function StateBadge({ session }: { session: SupportSession }) {
  return <span className={`badge badge-${stateKey(session)}`}>{sessionStateName(session.state)}</span>;
}

function CopyCode({ code }: { code: string }) {
  const { uiActions } = useStores();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(code);
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          } catch {
            uiActions.toast('error', t('sessions.copyFailed'));
          }
        }}
      >
        {t('sessions.copy', { code })}
      </button>
      <span role="status" className="copied">
        {copied ? t('sessions.copied') : ''}
      </span>
    </>
  );
}

/**
 * The code's 15 minutes, counted from the planned start: the window before it opens, the time left while
 * it is open, expired after (a planned session does not say "expired" while it has not started).
 */
function CodeWindowText({ window, offset }: { window: CodeWindow; offset: UtcOffset | null }) {
  const now = useNow(1_000);
  const at = (ms: number) => {
    const z = zonedTime(new Date(ms), offset, 'time');
    return keepTimeTogether(z.local ? t('time.inZone', { time: z.primary, zone: z.zone }) : z.primary);
  };
  const span = t('sessions.codeWindow', { start: at(window.start), end: at(window.end) });
  const phase = codePhase(window, now);
  if (phase === 'expired') return <p className="hint warning">{t('sessions.codeExpired')}</p>;
  if (phase === 'not-yet')
    return (
      <p className="countdown" title={t('sessions.codeWindowHint')}>
        {span}
      </p>
    );
  const left = window.end - now;
  const m = Math.floor(left / 60_000);
  const s = Math.floor((left % 60_000) / 1000);
  return (
    <p className="countdown" aria-live="off" title={t('sessions.codeWindowHint')}>
      {t('sessions.codeValidFor', { time: `${m}:${String(s).padStart(2, '0')}` })}
      <span className="hint block">{span}</span>
    </p>
  );
}

export function SessionDetail({
  session,
  offset,
  blocked,
  direct,
}: {
  session: SupportSession | undefined;
  offset: UtcOffset | null;
  blocked: string | null;
  direct: string | null;
}) {
  const { client, uiActions } = useStores();
  const createdAt = useUi((s) => (session ? s.createdSessions.get(session.id) : undefined));
  const [editing, setEditing] = useState<Id | null>(null);
  const [deleting, setDeleting] = useState<Id | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // The list's context menu asks for what the detail's buttons do, on the selected session.
  useUiCommand('edit-session', () => session && !blocked && setEditing(session.id));
  useUiCommand('delete-session', () => {
    if (!session || direct || !canDeleteSession(session)) return;
    setDeleteError(null);
    setDeleting(session.id);
  });

  if (!session)
    return (
      <aside className="detail-pane" aria-label={t('sessions.detail')}>
        <p className="empty">{t('sessions.detailEmpty')}</p>
      </aside>
    );
  const validity = codeWindow(session, createdAt);
  const deletable = canDeleteSession(session);
  const deleteReason = direct ?? (deletable ? null : t('sessions.finishedNoDelete'));
  const rows: Array<[string, React.ReactNode]> = [
    [t('sessions.customerMail'), session.customerMail ?? t('common.none')],
    [t('sessions.language'), languageName(session.language)],
    [t('sessions.plannedStart'), <ZonedTimeText value={session.plannedInitTime} offset={offset} />],
    [t('sessions.plannedEnd'), <ZonedTimeText value={session.plannedEndTime} offset={offset} />],
    [
      t('sessions.startTime'),
      <ZonedTimeText value={session.initTime} offset={offset} empty={notHappened(session, 'start')} />,
    ],
    [
      t('sessions.endTime'),
      <ZonedTimeText value={session.endTime} offset={offset} empty={notHappened(session, 'end')} />,
    ],
    [t('sessions.note'), session.note ?? t('common.none')],
  ];
  return (
    <aside className="detail-pane" aria-label={t('sessions.detail')}>
      <section aria-labelledby="session-detail-title">
        <h2 id="session-detail-title">{session.customer ?? t('common.none')}</h2>
        <p>
          <StateBadge session={session} />
          {session.state !== null && isUnknownEnum(session.state) && (
            <span className="hint"> {enumValue(session.state)}</span>
          )}
        </p>
        {session.code && (
          <div className="code-row">
            <span className="label">{t('sessions.code')}</span>
            {/* Named with its digits, so it can be found (and read out) as "Session code …". */}
            <span
              className="code mono"
              role="group"
              aria-label={t('sessions.codeName', { code: session.code })}
            >
              {session.code}
            </span>
            <CopyCode code={session.code} />
          </div>
        )}
        {validity && <CodeWindowText window={validity} offset={offset} />}
        <SessionShare session={session} offset={offset} />
        <dl className="fields">
          {rows.map(([label, value]) => (
            <div key={label} className="field-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="actions">
          <button
            type="button"
            disabled={!!blocked}
            title={blocked ?? undefined}
            onClick={() => setEditing(session.id)}
          >
            {t('sessions.edit')}
          </button>
          <button
            type="button"
            className="danger"
            disabled={!!deleteReason}
            aria-describedby={deleteReason ? 'session-delete-reason' : undefined}
            onClick={() => {
              setDeleteError(null);
              setDeleting(session.id);
            }}
          >
            {t('sessions.delete')}
          </button>
        </div>
        {deleteReason && (
          <p id="session-delete-reason" className="hint reason">
            {deleteReason}
          </p>
        )}
      </section>
      {editing === session.id && (
        <SessionForm session={session} offset={offset} onClose={() => setEditing(null)} />
      )}
      {deleting === session.id && (
        <ConfirmDialog
          title={t('sessions.delete')}
          message={t('sessions.deleteConfirm', { customer: session.customer ?? session.id })}
          confirmLabel={t('common.delete')}
          danger
          error={deleteError}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const result = await client.sessions.delete({ id: session.id });
            if (result.ok) {
              uiActions.announce(t('a11y.sessionDeleted', { customer: session.customer ?? session.id }), {
                keep: true,
              });
              setDeleting(null);
            } else setDeleteError(formatError(result.error));
          }}
        />
      )}
    </aside>
  );
}
