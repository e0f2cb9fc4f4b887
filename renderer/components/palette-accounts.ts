// The palette's search across accounts (issue 28): while the console holds several accounts, what is
// typed is also looked for among the devices of the accounts not on screen (accounts:search, on the main
// side where their copies are), each hit naming its account. Choosing one opens it in its account.

import { useEffect, useState } from 'react';
import type { PaletteItem } from '../domain/palette-index.js';
import { accountLabel } from '../state/accounts.js';
import { useStores } from '../state/context.js';
import { useAccounts } from './AccountSwitcher.js';

/** Typing settles this long before the other accounts are asked: one question per pause, not per key. */
const SETTLE_MS = 120;

export function useOtherAccountHits(query: string): PaletteItem[] {
  const { actions } = useStores();
  const several = useAccounts((s) => s.accounts.length > 1);
  const [hits, setHits] = useState<{ query: string; items: PaletteItem[] }>({ query: '', items: [] });
  const needle = several ? query.trim() : '';

  useEffect(() => {
    if (!needle) return;
    let live = true;
    const timer = setTimeout(() => {
      void actions.call('accounts:search', { query: needle }).then((r) => {
        // A failed search of the others leaves the palette's own results as they are.
        if (!live || !r.ok) return;
        const items = r.value.map((h): PaletteItem => ({
          kind: 'device',
          id: h.device.id,
          label: h.device.name ?? h.device.alias ?? h.device.id,
          detail: [h.device.name ? h.device.alias : null, h.device.ip].filter(Boolean).join(' '),
          account: { id: h.account.id, name: accountLabel(h.account.name) },
        }));
        setHits({ query: needle, items });
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [actions, needle]);

  // Hits of an earlier query are not shown under a later one.
  return needle && hits.query === needle ? hits.items : [];
}
