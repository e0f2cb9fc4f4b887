// Search across accounts (issue 28): while the console holds several accounts, what the technician types
// (in the palette, in the Devices search) is also looked for among the devices of the accounts not on
// screen (accounts:search, on the main side where their copies are: no list of theirs is copied here,
// only the few hits), each hit naming its account. Opening a hit shows it in its account, where its
// writes then go.

import { useEffect, useState } from 'react';
import type { AccountDeviceHit } from '../../shared/ipc/contract.js';
import type { PaletteItem } from '../domain/palette-index.js';
import { DEFAULT_FILTER } from '../domain/device-query.js';
import type { AppStores } from '../state/app-stores.js';
import { accountLabel } from '../state/accounts.js';
import { useStores } from '../state/context.js';
import { useAccounts } from './AccountSwitcher.js';

/** Typing settles this long before the other accounts are asked: one question per pause, not per key. */
const SETTLE_MS = 120;
const NONE: AccountDeviceHit[] = [];

export function useOtherAccountHits(query: string): AccountDeviceHit[] {
  const { client } = useStores();
  const several = useAccounts((s) => s.accounts.length > 1);
  const [hits, setHits] = useState<{ query: string; hits: AccountDeviceHit[] }>({ query: '', hits: [] });
  const needle = several ? query.trim() : '';

  useEffect(() => {
    if (!needle) return;
    let live = true;
    const timer = setTimeout(() => {
      void client.accounts.search({ query: needle }).then((r) => {
        // A failed search of the others leaves what the account on screen found as it is.
        if (live && r.ok) setHits({ query: needle, hits: r.value });
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, needle]);

  // Hits of an earlier query are not shown under a later one. The same empty list each time: the palette
  // searches its own index again only when what it lists changed, not on every arrow key.
  return needle && hits.query === needle ? hits.hits : NONE;
}

/** The hits as palette entries, after the palette's own. */
export function hitPaletteItems(hits: readonly AccountDeviceHit[]): PaletteItem[] {
  return hits.map((h) => ({
    kind: 'device',
    id: h.device.id,
    label: hitName(h),
    detail: [h.device.name ? h.device.alias : null, h.device.ip].filter(Boolean).join(' '),
    account: { id: h.account.id, name: accountLabel(h.account.name) },
  }));
}

export function hitName(h: AccountDeviceHit): string {
  return h.device.name ?? h.device.alias ?? h.device.id;
}

/** Shows another account's device there, whatever the filter was: all devices, it selected. */
export function openHit(stores: AppStores, account: string, device: string): void {
  stores.savedViews.activate(null);
  stores.uiActions.setFilter(DEFAULT_FILTER);
  stores.openTarget({ kind: 'device', id: device, account });
}
