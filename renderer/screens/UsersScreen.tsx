import { useEffect, useMemo, useRef } from 'react';
import { displayTime, parseTimestamp } from '../domain/time-zone.js';
import { t } from '../i18n/index.js';
import { useData, useShell, useUi } from '../state/context.js';
import { languageName, roleName, userName } from '../domain/labels.js';

export function UsersScreen() {
  const users = useData((s) => s.users);
  const version = useData((s) => s.versions.users);
  const meId = useShell((s) =>
    s.auth && (s.auth.status === 'signed-in' || s.auth.status === 'reauth-required')
      ? s.auth.account.user.id
      : null,
  );
  // A user opened from the palette: its row is shown, outlined and focused (a screen reader reads it).
  const focusedId = useUi((s) => s.focusedUserId);
  const found = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    found.current?.scrollIntoView({ block: 'nearest' });
    found.current?.focus();
  }, [focusedId]);
  const list = useMemo(
    () => [...users.values()].sort((a, b) => userName(a).localeCompare(userName(b))),
    // `version` stands for the Map's contents, which change in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [users, version],
  );
  return (
    // It scrolls and holds no control: focusable, so arrows and Page Down reach the last user.
    <section className="users-screen" aria-labelledby="users-title" tabIndex={0}>
      <div className="toolbar">
        <h1 id="users-title">{t('users.title')}</h1>
      </div>
      {list.length === 0 ? (
        <p className="empty">{t('users.empty')}</p>
      ) : (
        // Explicit roles: narrow, the rows are laid out as flowing lines (styles/reflow.css), and a table
        // whose display is changed must not lose its rows and headers for a screen reader.
        <table className="table users-table" role="table" aria-labelledby="users-title">
          <thead>
            <tr>
              <th scope="col">{t('users.col.name')}</th>
              <th scope="col">{t('users.col.email')}</th>
              <th scope="col">{t('users.col.role')}</th>
              <th scope="col">{t('users.col.language')}</th>
              <th scope="col">{t('users.col.timeZone')}</th>
              <th scope="col">{t('users.col.lastLogin')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((u) => {
              const last = parseTimestamp(u.lastLogin);
              const me = u.id === meId;
              return (
                <tr
                  key={u.id}
                  ref={u.id === focusedId ? found : undefined}
                  tabIndex={u.id === focusedId ? -1 : undefined}
                  className={
                    [me && 'me', u.id === focusedId && 'found'].filter(Boolean).join(' ') || undefined
                  }
                  aria-current={me ? 'true' : undefined}
                >
                  <th scope="row">
                    {userName(u)}
                    {me && <span className="badge badge-me"> {t('users.you')}</span>}
                  </th>
                  <td>{u.email ?? t('common.none')}</td>
                  <td>{roleName(u.role)}</td>
                  <td>{languageName(u.language)}</td>
                  <td>{u.timeZone ?? t('common.none')}</td>
                  <td>{last ? displayTime(last) : t('common.none')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
