// Over 400 lines on purpose: the agenda and state views, the detail panel and the list's roving focus
// share one selection and one set of keys; split, each part would take most of the others as props.
// Support sessions: an agenda (today, this week, later, past) or groups by state; a detail panel with the
// code (copy), times in the user's own zone with this computer's alongside, edit and delete.

import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Id, SupportSession } from '../../shared/model.js';
import { enumValue, isUnknownEnum } from '../../shared/model.js';
import { codePhase, codeWindow, type CodeWindow } from '../domain/session-code.js';
import {
  agendaGroups,
  canDeleteSession,
  sessionStart,
  stateGroups,
  type SessionGroup,
} from '../domain/session-agenda.js';
import {
  keepTimeTogether,
  localOffsetMinutes,
  parseGmtOffset,
  parseTimestamp,
  zonedTime,
  type UtcOffset,
} from '../domain/time-zone.js';
import { formatError, t } from '../i18n/index.js';
import { shownAccount } from '../state/shell-store.js';
import { useData, useShell, useStores, useUi, useWriteBlocked } from '../state/context.js';
import { ConfirmDialog } from '../components/Dialog.js';
import { useNow, useUiCommand } from '../components/hooks.js';
import { languageName, sessionStateName } from '../domain/labels.js';
import { SessionForm } from '../components/SessionForm.js';
import { SessionMenu, SessionShare } from '../components/SessionShare.js';
import { isMenuKey, type MenuAnchor } from '../components/ContextMenu.js';

/** The signed-in user's zone, from the freshest copy of their record. */
export function useUserOffset(): UtcOffset | null {
  const account = useShell((s) => shownAccount(s)?.account ?? null);
  // Sessions follow the display clock like every other time: the account's zone only when chosen.
  const onAccountClock = useShell((s) => s.settings?.displayZone === 'account');
  const users = useData((s) => s.users);
  useData((s) => s.versions.users);
  if (!account || !onAccountClock) return null;
  return parseGmtOffset(users.get(account.user.id)?.timeZone ?? account.user.timeZone);
}

export function ZonedTimeText({
  value,
  offset,
  empty = t('sessions.noTime'),
}: {
  value: string | null;
  offset: UtcOffset | null;
  /** What a missing time means here: "not scheduled" for a plan, "not yet"/"—" for what happened. */
  empty?: string;
}) {
  const at = parseTimestamp(value);
  if (!at) return <>{empty}</>;
  const z = zonedTime(at, offset);
  return (
    <>
      <time dateTime={at.toISOString()}>
        {keepTimeTogether(t('sessions.timeIn', { time: z.primary, zone: z.zone }))}
      </time>
      {z.local && (
        <span className="hint block">{keepTimeTogether(t('sessions.localTime', { time: z.local }))}</span>
      )}
    </>
  );
}

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

function groupLabel(g: SessionGroup): string {
  if ('raw' in g.label) return g.label.raw || t('status.unknown');
  const k = g.label.known;
  if (k === 'today' || k === 'week' || k === 'later' || k === 'past' || k === 'unscheduled')
    return t(k === 'unscheduled' ? 'sessions.group.unscheduled' : `sessions.group.${k}`);
  return t(`sessions.state.${k as 'planned' | 'ongoing' | 'finished'}`);
}

export function SessionsScreen() {
  const stores = useStores();
  const sessions = useData((s) => s.sessions);
  const version = useData((s) => s.versions.sessions);
  const view = useUi((s) => s.sessionView);
  const selectedId = useUi((s) => s.selectedSessionId);
  const offset = useUserOffset();
  const blocked = useWriteBlocked();
  // Creating and deleting a session are sent at once or not at all: refused offline.
  const direct = useWriteBlocked('direct');
  const now = useNow(60_000);
  const [creating, setCreating] = useState(false);
  // From the palette: the form, or why it cannot open now (the button says it by being disabled).
  useUiCommand('new-session', () => (direct ? stores.uiActions.toast('error', direct) : setCreating(true)));
  const [menu, setMenu] = useState<{ id: Id; at: MenuAnchor } | null>(null);

  const offsetMinutes = offset?.minutes ?? localOffsetMinutes(new Date(now));
  const groups = useMemo(
    () =>
      view === 'agenda'
        ? agendaGroups(sessions.values(), new Date(now), offsetMinutes)
        : stateGroups(sessions.values()),
    // `version` stands for the Map's contents, which change in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sessions, version, view, now, offsetMinutes],
  );
  const selected = selectedId ? sessions.get(selectedId) : undefined;
  // The list is one Tab stop (the selected session, else the first): arrows, Home and End move in it.
  const order = groups.flatMap((g) => g.sessions.map((s) => s.id));
  const tabStop = selectedId && order.includes(selectedId) ? selectedId : order[0];
  function onListKeyDown(e: React.KeyboardEvent<HTMLDivElement>) {
    const at = order.indexOf((e.target as HTMLElement).dataset.sessionId ?? '');
    if (at === -1) return;
    const to =
      e.key === 'ArrowDown'
        ? Math.min(order.length - 1, at + 1)
        : e.key === 'ArrowUp'
          ? Math.max(0, at - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? order.length - 1
              : -1;
    if (to === -1) return;
    e.preventDefault();
    const id = order[to]!;
    flushSync(() => stores.uiActions.selectSession(id));
    e.currentTarget.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(id)}"]`)?.focus();
  }

  return (
    <div className="sessions-screen">
      <section className="session-main" aria-labelledby="sessions-title">
        <div className="toolbar">
          <h1 id="sessions-title">{t('sessions.title')}</h1>
          <span className="hint">{t('sessions.count', { count: sessions.size })}</span>
          <div role="group" aria-label={t('sessions.view')} className="segmented">
            <button
              type="button"
              aria-pressed={view === 'agenda'}
              onClick={() => stores.uiActions.setSessionView('agenda')}
            >
              {t('sessions.agenda')}
            </button>
            <button
              type="button"
              aria-pressed={view === 'state'}
              onClick={() => stores.uiActions.setSessionView('state')}
            >
              {t('sessions.byState')}
            </button>
          </div>
          <span className="spacer" />
          <button
            type="button"
            className="primary"
            disabled={!!direct}
            title={direct ?? undefined}
            onClick={() => setCreating(true)}
          >
            {t('sessions.new')}
          </button>
        </div>
        {direct && <p className="hint reason">{direct}</p>}
        {groups.length === 0 && <p className="empty">{t('sessions.empty')}</p>}
        {groups.length > 0 && (
          // The columns' names, once above the lists; each item's own name already reads all four.
          <div className="session-list-head" aria-hidden="true">
            <span>{t('sessions.customer')}</span>
            <span>{t('sessions.col.state')}</span>
            <span>{t('sessions.col.when')}</span>
            <span>{t('sessions.code')}</span>
          </div>
        )}
        <div className="session-groups" data-focus-home onKeyDown={onListKeyDown}>
          {groups.map((g) => (
            <section key={g.key} aria-labelledby={`group-${g.key}`} className="session-group">
              <h2 id={`group-${g.key}`}>
                {groupLabel(g)} <span className="hint">({g.sessions.length})</span>
              </h2>
              <ul className="session-list" aria-label={groupLabel(g)}>
                {g.sessions.map((s) => (
                  <li key={s.id}>
                    <button
                      type="button"
                      data-session-id={s.id}
                      tabIndex={s.id === tabStop ? 0 : -1}
                      className={s.id === selectedId ? 'session-item selected' : 'session-item'}
                      aria-current={s.id === selectedId ? 'true' : undefined}
                      onClick={() => stores.uiActions.selectSession(s.id)}
                      onContextMenu={(e) => {
                        e.preventDefault();
                        stores.uiActions.selectSession(s.id);
                        setMenu({ id: s.id, at: { x: e.clientX, y: e.clientY } });
                      }}
                      onKeyDown={(e) => {
                        if (!isMenuKey(e)) return;
                        e.preventDefault();
                        const box = e.currentTarget.getBoundingClientRect();
                        // The menu's Edit and Delete act on the selected session, as its detail shows.
                        stores.uiActions.selectSession(s.id);
                        setMenu({ id: s.id, at: { x: box.left + 16, y: box.bottom } });
                      }}
                    >
                      <span className="session-customer">{s.customer ?? t('common.none')}</span>
                      <StateBadge session={s} />
                      <span className="session-when">
                        <SessionWhen session={s} offset={offset} />
                      </span>
                      <span className="mono">{s.code ?? ''}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>
      <SessionDetail session={selected} offset={offset} blocked={blocked} direct={direct} />
      {creating && <SessionForm offset={offset} onClose={() => setCreating(false)} />}
      {menu && sessions.get(menu.id) && (
        <SessionMenu
          session={sessions.get(menu.id)!}
          offset={offset}
          at={menu.at}
          onClose={() => setMenu(null)}
          more={[
            {
              label: t('sessions.edit'),
              disabled: blocked,
              onSelect: () => stores.uiActions.request('edit-session'),
            },
            {
              label: t('sessions.delete'),
              disabled:
                direct ?? (canDeleteSession(sessions.get(menu.id)!) ? null : t('sessions.finishedNoDelete')),
              onSelect: () => stores.uiActions.request('delete-session'),
            },
          ]}
        />
      )}
    </div>
  );
}

function SessionWhen({ session, offset }: { session: SupportSession; offset: UtcOffset | null }) {
  const at = sessionStart(session);
  if (!at) return <>{t('sessions.noTime')}</>;
  const z = zonedTime(at, offset, 'compact');
  // The zone is named where it is not the machine's: a time without it would read as local.
  return (
    <span title={z.local ? t('sessions.localTime', { time: z.local }) : undefined}>
      {z.local ? t('sessions.timeIn', { time: z.primary, zone: z.zone }) : z.primary}
    </span>
  );
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

function SessionDetail({
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
