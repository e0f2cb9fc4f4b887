// The Devices search across accounts (issue 28): under the grid of the account on screen, the devices of
// the other accounts that match the search, with an Account column naming whose each one is. Read here,
// changed there: a name opens the device in its account (its writes go to that account's service).

import type { AccountDeviceHit } from '../../shared/ipc/contract.js';
import { statusName } from '../domain/labels.js';
import { t } from '../i18n/index.js';
import { accountLabel } from '../state/accounts.js';
import { useStores, useUi } from '../state/context.js';
import { hitName, openHit, useOtherAccountHits } from './other-accounts-search.js';

export function OtherAccountsMatches() {
  const text = useUi((s) => s.deviceFilter.text);
  const hits = useOtherAccountHits(text);
  if (hits.length === 0) return null;
  const key = (h: AccountDeviceHit) => `${h.account.id}:${h.device.id}`;
  return (
    <section className="other-accounts" aria-labelledby="other-accounts-title">
      <h2 id="other-accounts-title">{t('accounts.otherMatches')}</h2>
      <table aria-labelledby="other-accounts-title">
        <thead>
          <tr>
            <th scope="col">{t('accounts.column')}</th>
            <th scope="col">{t('columns.name')}</th>
            <th scope="col">{t('columns.ip')}</th>
            <th scope="col">{t('columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {hits.map((h) => (
            <tr key={key(h)}>
              <td>{accountLabel(h.account.name)}</td>
              <td>
                <OpenInAccount hit={h} />
                {h.device.name && h.device.alias && <span className="hint"> ({h.device.alias})</span>}
              </td>
              <td>{h.device.ip ?? ''}</td>
              <td>{statusName(h.device.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A device of another account by its name: a click opens it there (the account on screen switches). */
export function OpenInAccount({ hit }: { hit: AccountDeviceHit }) {
  const stores = useStores();
  const name = hitName(hit);
  return (
    <button
      type="button"
      className="link-button"
      aria-label={t('accounts.openIn', { device: name, account: accountLabel(hit.account.name) })}
      onClick={() => openHit(stores, hit.account.id, hit.device.id)}
    >
      {name}
    </button>
  );
}
