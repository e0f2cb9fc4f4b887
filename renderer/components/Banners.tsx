// Banners above the work area: sign-in expired, offline with the cache's age (the ONE place offline is
// announced; write buttons elsewhere are disabled with the reason as their tooltip), first-sync progress,
// and a one-off cache notice.

import { useState } from 'react';
import { DATASET_NAMES, type SyncState } from '../../shared/ipc/contract.js';
import { formatAge, t } from '../i18n/index.js';
import { displayTime, parseTimestamp } from '../domain/time-zone.js';
import { isRenewing, shownAccount } from '../state/shell-store.js';
import { useShell, useStores, useUi } from '../state/context.js';
import { Dialog } from './Dialog.js';
import { SignInFlow } from './SignIn.js';
import { useNow } from './hooks.js';
import { BannerAccount } from './AccountSwitcher.js';

/** The newest moment any shown data was fetched (or the cache saved), for "showing data from …". */
export function dataAsOf(sync: SyncState): Date | null {
  let best: Date | null = null;
  for (const d of DATASET_NAMES) {
    const at = parseTimestamp(sync.datasets[d]?.fetchedAt);
    if (at && (!best || at > best)) best = at;
  }
  return best ?? parseTimestamp(sync.cacheSavedAt);
}

export function Banners() {
  const stores = useStores();
  const auth = useShell((s) => s.auth);
  const sync = useShell((s) => s.sync);
  const reauthOpen = useUi((s) => s.reauthDialogOpen);
  const hostLink = useShell((s) => s.hostLink);
  const [noticeDismissed, setNoticeDismissed] = useState<string | null>(null);

  const renewing = useShell(isRenewing);
  const account = useShell(shownAccount);
  const reauth = auth?.status === 'reauth-required' || renewing;
  const offlineSince = sync?.connection === 'offline' ? parseTimestamp(sync.offlineSince) : null;
  const asOf = sync ? dataAsOf(sync) : null;
  const now = useNow(15_000);
  // The copy opened signed out says how old it is: nothing refreshes it until a sign-in.
  const copySavedAt = sync ? (parseTimestamp(sync.cacheSavedAt) ?? asOf) : null;

  return (
    <>
      {hostLink !== 'up' && (
        <div className="banner banner-error" role="alert">
          {t(hostLink === 'gone' ? 'host.goneBanner' : 'host.replacedBanner')}
        </div>
      )}
      {reauth && (
        <div className="banner banner-warning" role="alert">
          <span>
            <BannerAccount />
            {auth?.status === 'reauth-required' && auth.reason.kind === 'keychain'
              ? copySavedAt
                ? t('reauth.signedOutBannerAge', {
                    ago: t('age.ago', { age: formatAge(now - copySavedAt.getTime()) }),
                    time: displayTime(
                      copySavedAt,
                      now - copySavedAt.getTime() < 12 * 60 * 60_000 ? 'time' : 'date-time',
                    ),
                  })
                : t('reauth.signedOutBanner')
              : t('reauth.banner')}
          </span>
          <button type="button" onClick={() => stores.uiActions.setReauthDialog(true)}>
            {t('reauth.action')}
          </button>
        </div>
      )}
      {sync?.connection === 'offline' && (
        <div className="banner banner-offline" role="status" aria-label={t('connection.offline')}>
          <BannerAccount />
          {offlineSince && asOf
            ? t('offline.banner', {
                since: displayTime(offlineSince, 'time'),
                dataAt: displayTime(asOf, 'time'),
                age: formatAge(now - asOf.getTime()),
              })
            : offlineSince
              ? t('offline.bannerNoData', { since: displayTime(offlineSince, 'time') })
              : t('connection.offline')}
          <span className="banner-aside">{t('offline.writesPaused')}</span>
        </div>
      )}
      {sync?.progress && (
        <div className="banner banner-progress" role="status">
          <span>{t('progress.label', sync.progress)}</span>
          <progress max={sync.progress.total} value={sync.progress.done} aria-label={sync.progress.label} />
        </div>
      )}
      {sync?.cacheNotice && noticeDismissed !== sync.cacheNotice && (
        <div className="banner banner-info" role="status">
          <span>{sync.cacheNotice}</span>
          <button type="button" onClick={() => setNoticeDismissed(sync.cacheNotice)}>
            {t('common.dismiss')}
          </button>
        </div>
      )}
      {reauthOpen && auth && reauth && (
        <Dialog title={t('reauth.dialog')} onClose={() => stores.uiActions.setReauthDialog(false)}>
          <div className="dialog-body">
            <SignInFlow auth={auth} account={account?.account} />
          </div>
        </Dialog>
      )}
    </>
  );
}
