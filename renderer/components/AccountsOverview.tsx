// Every account's health side by side on the Overview (issue 28): its state, its devices by status, open
// outages and watched devices that are down, and a button that shows it. From accounts:state, which the
// main side keeps current for every account while the others sync in the background.

import { t } from '../i18n/index.js';
import { useStores } from '../state/context.js';
import { accountLabel } from '../state/accounts.js';
import { accountStatus, useAccounts } from './AccountSwitcher.js';

export function AccountsOverview() {
  const stores = useStores();
  const { accounts, active } = useAccounts((s) => s);
  if (accounts.length < 2) return null;
  return (
    <section className="overview-accounts" aria-labelledby="overview-accounts-title">
      <h2 id="overview-accounts-title">{t('accounts.overviewTitle')}</h2>
      <ul className="overview-grid">
        {accounts.map((a) => (
          <li
            key={a.id}
            className="overview-card"
            aria-label={accountLabel(a.name)}
            aria-current={a.id === active ? 'true' : undefined}
          >
            <h3>{accountLabel(a.name)}</h3>
            <p>{accountStatus(a)}</p>
            {a.devices && <p>{t('accounts.devices', a.devices)}</p>}
            {a.devices && <p>{t('accounts.outages', { count: a.outages })}</p>}
            {a.devices && <p>{t('accounts.watchedDown', { count: a.watchedDown })}</p>}
            {a.id !== active && (
              <button
                type="button"
                onClick={() => void stores.accounts.switchTo(a.id).then(stores.actions.reportFailure)}
              >
                {t('accounts.switchTo', { name: accountLabel(a.name) })}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
