// Saved views spanning accounts (issue 28), what the renderer keeps of the accounts not on screen: for the
// sidebar, how many devices of theirs each such view matches (added to the count of the account on
// screen, which the renderer counts itself), and a tick that says "their devices may have changed" for
// the view's table to ask again. Only counts cross for the sidebar (accounts:view-matches with limit 0),
// never their device lists.
//
// When to ask again: when the list of spanning views changes, when the accounts' state changes (their
// health summaries move with every poll that changes a status: accounts:state), and every REFRESH_MS
// besides, for changes no summary shows (a device renamed); each settled, so a burst asks once.

import { createStore } from 'zustand/vanilla';
import type { ServiceClient } from '../../shared/ipc/services.js';
import type { SavedView } from '../domain/saved-view.js';
import type { AccountsStore } from './accounts.js';
import type { SavedViews } from './saved-views.js';

export const SETTLE_MS = 500;
export const REFRESH_MS = 30_000;

export interface SpanningState {
  /** By view id: the devices of the other accounts it matches (absent: not counted, or one account). */
  others: ReadonlyMap<string, number>;
  /** Goes up whenever the other accounts' matches may have changed. */
  tick: number;
}

export function spansAccounts(view: Pick<SavedView, 'accounts'> | undefined): boolean {
  return view?.accounts === 'all';
}

/** What the other accounts' counts depend on: which views span, and their search and conditions. */
function spanKey(views: readonly SavedView[]): string {
  return JSON.stringify(views.filter(spansAccounts).map((v) => [v.id, v.search, v.where]));
}

export function createSpanningViews(deps: {
  savedViews: SavedViews;
  accounts: AccountsStore;
  service: ServiceClient<'accounts'>;
}) {
  const { savedViews, accounts, service } = deps;
  const store = createStore<SpanningState>()(() => ({ others: new Map(), tick: 0 }));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let round = 0;

  function spanning(): SavedView[] {
    return accounts.several() ? savedViews.store.getState().views.filter(spansAccounts) : [];
  }

  async function recount(): Promise<void> {
    const mine = ++round;
    const views = spanning();
    const others = new Map<string, number>();
    for (const v of views) {
      const r = await service.viewMatches({
        search: v.search,
        where: v.where,
        sort: { key: 'name', direction: 'asc' },
        limit: 0,
      });
      if (mine !== round) return; // a later round answers for all
      if (r.ok)
        others.set(
          v.id,
          r.value.reduce((n, m) => n + m.total, 0),
        );
    }
    store.setState((s) => ({ others, tick: s.tick + 1 }));
  }

  function soon(): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (spanning().length === 0 && store.getState().others.size === 0) return;
      void recount();
    }, SETTLE_MS);
  }

  const offs = [
    // Not on every edit of a view: a column dragged wider changes the list many times a second.
    savedViews.store.subscribe((s, prev) => {
      if (s.views !== prev.views && spanKey(s.views) !== spanKey(prev.views)) soon();
    }),
    accounts.store.subscribe(() => soon()),
  ];
  const every = setInterval(() => {
    if (spanning().length > 0) soon();
  }, REFRESH_MS);

  return {
    store,
    /** Asks again now (settled): after a change the technician made, e.g. a view's conditions. */
    refresh: soon,
    dispose(): void {
      for (const off of offs) off();
      clearInterval(every);
      if (timer) clearTimeout(timer);
    },
  };
}

export type SpanningViews = ReturnType<typeof createSpanningViews>;
