// Support sessions: an agenda (today, this week, later, past) or groups by state, with the list's roving
// focus and context menu; the selected session's panel is SessionDetail, its times SessionTimes.

import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Id } from '../../shared/model.js';
import { agendaGroups, canDeleteSession, stateGroups, type SessionGroup } from '../domain/session-agenda.js';
import { localOffsetMinutes } from '../domain/time-zone.js';
import { t } from '../i18n/index.js';
import { useData, useStores, useUi, useWriteBlocked } from '../state/context.js';
import { isMenuKey, type MenuAnchor } from '../components/ContextMenu.js';
import { SessionDetail, StateBadge } from '../components/SessionDetail.js';
import { SessionForm } from '../components/SessionForm.js';
import { useNow, useUiCommand } from '../components/hooks.js';
import { SessionMenu } from '../components/SessionShare.js';
import { SessionWhen, useUserOffset } from '../components/SessionTimes.js';

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
