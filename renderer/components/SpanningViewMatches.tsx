// A saved view spanning accounts (issue 28), under the grid of the account on screen: the devices of the
// other accounts that the view matches, with an Account column naming whose each one is, sortable by any
// column and narrowed to one account if wanted. The main side matches the view where their devices are
// (accounts:view-matches) and sends the first ROWS_PER_ACCOUNT of each in the order asked, with the count
// of all; an account cut short says so. Rows of an account that cannot reach its service, or is signed
// out, come from its offline copy and are marked so. A name opens the device in its account.

import { useEffect, useState } from 'react';
import type { AccountViewMatches } from '../../shared/ipc/contract.js';
import { enumValue } from '../../shared/model.js';
import { accountRows, mainSortKey, type AccountRowSortKey } from '../domain/account-view-rows.js';
import { statusName } from '../domain/labels.js';
import type { SavedView } from '../domain/saved-view.js';
import { formatError, t, type MessageKey } from '../i18n/index.js';
import { accountLabel } from '../state/accounts.js';
import { useSavedViews, useSpanning, useStores, useUi } from '../state/context.js';
import { spansAccounts } from '../state/spanning-views.js';
import { useAccounts } from './AccountSwitcher.js';
import { OpenInAccount } from './OtherAccountsMatches.js';

/** Rows per account: a screenful or two of each; a view matching more is narrowed to see the rest. */
export const ROWS_PER_ACCOUNT = 200;

const COLUMNS: ReadonlyArray<{ key: AccountRowSortKey; label: MessageKey }> = [
  { key: 'account', label: 'accounts.column' },
  { key: 'name', label: 'columns.name' },
  { key: 'ip', label: 'columns.ip' },
  { key: 'os', label: 'columns.os' },
  { key: 'status', label: 'columns.status' },
];

const HISTORY_KINDS = /"kind":"(statusLongerThan|changedWithin|flapping)"/;

/** The view on screen when it spans accounts and more than one is held; otherwise null. */
export function useSpanningView(): SavedView | null {
  const several = useAccounts((s) => s.accounts.length > 1);
  const view = useSavedViews((s) => s.views.find((v) => v.id === s.activeId));
  return several && view && spansAccounts(view) ? view : null;
}

type Answer = { ok: true; matches: AccountViewMatches[] } | { ok: false; error: string };

export function SpanningViewMatches({ view }: { view: SavedView }) {
  const stores = useStores();
  const tick = useSpanning((s) => s.tick);
  // The Devices search narrows these rows as it narrows the grid's.
  const text = useUi((s) => s.deviceFilter.text.trim());
  const [sort, setSort] = useState<{ key: AccountRowSortKey; direction: 'asc' | 'desc' }>({
    key: 'account',
    direction: 'asc',
  });
  const [only, setOnly] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const search = [view.search, text].filter(Boolean).join(' ');
  const where = view.where;

  useEffect(() => {
    let live = true;
    void stores.client.accounts
      .viewMatches({
        search,
        where,
        sort: { key: mainSortKey(sort.key), direction: sort.direction },
        limit: ROWS_PER_ACCOUNT,
      })
      .then((r) => {
        if (!live) return;
        setAnswer(r.ok ? { ok: true, matches: r.value } : { ok: false, error: formatError(r.error) });
      });
    return () => {
      live = false;
    };
  }, [stores, search, where, sort, tick]);

  if (!answer) return null;
  if (!answer.ok)
    return (
      <p role="alert" className="error-text">
        {t('views.others.failed', { error: answer.error })}
      </p>
    );
  const matches = answer.matches;
  const total = matches.reduce((n, m) => n + m.total, 0);
  const rows = accountRows(matches, sort, only);
  const cut = matches.filter((m) => m.total > m.devices.length && (only === null || m.account.id === only));

  function sortBy(key: AccountRowSortKey) {
    setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' }));
  }

  return (
    <section className="other-accounts" aria-labelledby="spanning-view-title">
      <h2 id="spanning-view-title">{t('views.others.title')}</h2>
      <p className="hint">{t('views.others.count', { count: total })}</p>
      {HISTORY_KINDS.test(JSON.stringify(where)) && <p className="hint">{t('views.others.history')}</p>}
      {matches.length > 1 && (
        <label className="inline-field">
          <span>{t('accounts.column')}</span>
          <select value={only ?? ''} onChange={(e) => setOnly(e.target.value || null)}>
            <option value="">{t('views.accountFilterAll')}</option>
            {matches.map((m) => (
              <option key={m.account.id} value={m.account.id}>
                {accountLabel(m.account.name)}
              </option>
            ))}
          </select>
        </label>
      )}
      {cut.map((m) => (
        <p key={m.account.id} className="hint">
          {t('views.others.capped', {
            account: accountLabel(m.account.name),
            shown: m.devices.length,
            total: m.total,
          })}
        </p>
      ))}
      {rows.length === 0 ? (
        <p className="hint">{t('views.others.none')}</p>
      ) : (
        <table aria-labelledby="spanning-view-title">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={
                    sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                >
                  <button type="button" className="link-button" onClick={() => sortBy(c.key)}>
                    {t(c.label)}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              return (
                <tr key={`${r.account.id}:${r.device.id}`}>
                  <td>
                    {accountLabel(r.account.name)}
                    {r.copy !== 'live' && (
                      <span className="hint">
                        {' '}
                        ({t(r.copy === 'offline' ? 'views.others.offline' : 'views.others.signedOut')})
                      </span>
                    )}
                  </td>
                  <td>
                    <OpenInAccount hit={r} />
                  </td>
                  <td>{r.device.ip ?? ''}</td>
                  <td>{r.device.os === null ? '' : enumValue(r.device.os)}</td>
                  <td>{statusName(r.device.status)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
