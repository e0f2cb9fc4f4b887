// The accounts of the console (issue 28) as the renderer holds them: the list with each one's health, and
// which one is on screen. The main side (electron/core/accounts/) owns them; this store follows its
// accounts:state event and asks it to add, switch, rename and remove. A switch's new picture arrives as
// the usual events (auth, settings, sync, a reset of every dataset), so nothing else here changes.

import { createStore } from 'zustand/vanilla';
import type { AccountsState, AccountSummary, IpcResult } from '../../shared/ipc/contract.js';
import type { ServiceClient } from '../../shared/ipc/services.js';
import type { StatusTarget } from '../../shared/status-history.js';
import { t } from '../i18n/index.js';

/** An account's name as shown; one never named and not signed in yet has none of its own. */
export function accountLabel(name: string): string {
  return name || t('accounts.unnamed');
}

export type AccountsStore = ReturnType<typeof createAccounts>;

export function createAccounts(service: ServiceClient<'accounts'>) {
  const store = createStore<AccountsState>()(() => ({ active: '', accounts: [] }));

  function settle(result: IpcResult<AccountsState>): IpcResult<AccountsState> {
    // A host without the accounts layer answers nothing usable: one account, nothing to switch.
    if (result.ok && Array.isArray(result.value?.accounts)) store.setState(result.value);
    return result;
  }

  return {
    store,
    set: (state: AccountsState) => store.setState(state),
    async load(): Promise<void> {
      settle(await service.list());
    },
    /** Several accounts: switching, naming them in notices and the Overview's side-by-side are on. */
    several(): boolean {
      return store.getState().accounts.length > 1;
    },
    byId(id: string): AccountSummary | undefined {
      return store.getState().accounts.find((a) => a.id === id);
    },
    /** A target of another account: that account is shown first, then the target (the main side's order). */
    otherAccount(target: StatusTarget): string | null {
      return target.account && target.account !== store.getState().active ? target.account : null;
    },
    async switchTo(id: string, open?: StatusTarget) {
      const target = open ? { open: { kind: open.kind, id: open.id } } : {};
      return settle(await service.switch({ id, ...target }));
    },
    /** Ctrl+1…9: the n-th account (1-based), if there is one and it is not on screen. */
    async switchToNth(n: number) {
      const account = store.getState().accounts[n - 1];
      if (!account || account.id === store.getState().active) return null;
      return settle(await service.switch({ id: account.id }));
    },
    async add(name: string) {
      return settle(await service.add({ name }));
    },
    async rename(id: string, name: string) {
      return settle(await service.rename({ id, name }));
    },
    async remove(id: string) {
      return settle(await service.remove({ id }));
    },
  };
}
