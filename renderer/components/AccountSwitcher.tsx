// The accounts of the console (issue 28) where the technician reaches them: the list in the account menu
// (and on the sign-in page of an account not signed in yet, so the others stay one click away), "Add
// account", "Remove account", Ctrl+1…9, and the words for an account's health.

import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { AccountSummary, AccountsState, IpcResult } from '../../shared/ipc/contract.js';
import { formatError, t } from '../i18n/index.js';
import { useStores } from '../state/context.js';
import { accountLabel } from '../state/accounts.js';
import { ConfirmDialog, Dialog } from './Dialog.js';
import { DialogFooter, Field } from './FormKit.js';
import { MAX_ACCOUNT_NAME } from '../../shared/ipc/limits.js';

export function useAccounts<T>(selector: (s: AccountsState) => T): T {
  return useStore(useStores().accounts.store, selector);
}

/** Ctrl+1…9 (⌘ on a Mac) show the first nine accounts; Alt+1…5 stay the sections'. */
export function useAccountKeys(): void {
  const stores = useStores();
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || !/^[1-9]$/.test(e.key)) return;
      if (!stores.accounts.several()) return;
      e.preventDefault();
      void stores.accounts.switchToNth(Number(e.key)).then((r) => r && stores.actions.reportFailure(r));
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [stores]);
}

/** "online", "offline", "signed out"…: what an account's state is, in a word or two. */
export function accountStatus(a: AccountSummary): string {
  if (a.auth === 'signed-out' || a.auth === 'awaiting-pin') return t('accounts.status.signedOut');
  if (a.auth === 'reauth-required') return t('accounts.status.reauth');
  if (a.connection === 'offline') return t('accounts.status.offline');
  if (a.connection === 'online') return t('accounts.status.online');
  return t('accounts.status.connecting');
}

/** The list of accounts, each a button that shows it; the one on screen is marked current. */
export function AccountList({ onSwitched }: { onSwitched?: () => void }) {
  const stores = useStores();
  const { accounts, active } = useAccounts((s) => s);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState<AccountSummary | null>(null);
  const current = accounts.find((a) => a.id === active);
  return (
    <div className="account-list">
      {accounts.length > 1 && (
        <ul aria-label={t('accounts.heading')}>
          {accounts.map((a, i) => (
            <li key={a.id}>
              <button
                type="button"
                aria-current={a.id === active ? 'true' : undefined}
                aria-label={t('accounts.switchTo', { name: accountLabel(a.name) })}
                title={i < 9 ? t('accounts.shortcut', { n: i + 1 }) : undefined}
                onClick={() => {
                  onSwitched?.();
                  if (a.id !== active) void stores.accounts.switchTo(a.id).then(stores.actions.reportFailure);
                }}
              >
                <span className="account-list-name">{accountLabel(a.name)}</span>{' '}
                <span className="hint">{accountStatus(a)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => setAdding(true)}>
        {t('accounts.add')}
      </button>
      {current && (
        <button type="button" onClick={() => setRenaming(true)}>
          {t('accounts.rename', { name: accountLabel(current.name) })}
        </button>
      )}
      {accounts.length > 1 && current && (
        <button type="button" className="danger" onClick={() => setRemoving(current)}>
          {t('accounts.remove', { name: accountLabel(current.name) })}
        </button>
      )}
      {adding && (
        <NameDialog
          title={t('accounts.addTitle')}
          initial=""
          submitLabel={t('accounts.add')}
          save={(name) => stores.accounts.add(name)}
          onClose={() => setAdding(false)}
          onDone={onSwitched}
        />
      )}
      {renaming && current && (
        <NameDialog
          title={t('accounts.renameTitle')}
          initial={current.name}
          submitLabel={t('common.save')}
          save={(name) => stores.accounts.rename(current.id, name)}
          onClose={() => setRenaming(false)}
        />
      )}
      {removing && (
        <RemoveAccountDialog account={removing} onClose={() => setRemoving(null)} onRemoved={onSwitched} />
      )}
    </div>
  );
}

/** The name of a new account ("Add account") or of one renamed: required, at most MAX_ACCOUNT_NAME characters. */
function NameDialog(props: {
  title: string;
  initial: string;
  submitLabel: string;
  save: (name: string) => Promise<IpcResult<unknown>>;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('accounts.nameRequired'));
      return;
    }
    setBusy(true);
    const result = await props.save(name.trim());
    setBusy(false);
    if (!result.ok) {
      setError(formatError(result.error));
      return;
    }
    props.onClose();
    props.onDone?.();
  }
  return (
    <Dialog title={props.title} onClose={props.onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="dialog-body">
          <Field label={t('accounts.name')} hint={t('accounts.nameHint')} error={error}>
            {(control) => (
              <input
                {...control}
                value={name}
                required
                maxLength={MAX_ACCOUNT_NAME}
                data-autofocus
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
        </div>
        <DialogFooter onCancel={props.onClose} submit={props.submitLabel} disabled={busy} />
      </form>
    </Dialog>
  );
}

function RemoveAccountDialog(props: {
  account: AccountSummary;
  onClose: () => void;
  onRemoved?: () => void;
}) {
  const stores = useStores();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      title={t('accounts.remove', { name: accountLabel(props.account.name) })}
      message={t('accounts.removeConfirm', { name: accountLabel(props.account.name) })}
      confirmLabel={t('accounts.remove', { name: accountLabel(props.account.name) })}
      danger
      busy={busy}
      error={error}
      onClose={props.onClose}
      onConfirm={() => {
        setBusy(true);
        void stores.accounts.remove(props.account.id).then((result) => {
          setBusy(false);
          if (!result.ok) setError(formatError(result.error));
          else {
            props.onClose();
            props.onRemoved?.();
          }
        });
      }}
    />
  );
}

/** On the sign-in page of a new (or signed-out) account: the way back to the others. */
export function SignInAccounts() {
  const several = useAccounts((s) => s.accounts.length > 1);
  const name = useAccounts((s) => s.accounts.find((a) => a.id === s.active)?.name);
  if (!several) return null;
  return (
    <nav className="signin-accounts" aria-label={t('accounts.heading')}>
      <p>{t('accounts.signingInTo', { name: accountLabel(name ?? '') })}</p>
      <AccountList />
    </nav>
  );
}

/** Whose banner it is, before its words, when the console holds several accounts: it speaks for that one. */
export function BannerAccount() {
  const name = useAccounts((s) =>
    s.accounts.length > 1 ? accountLabel(s.accounts.find((a) => a.id === s.active)?.name ?? '') : null,
  );
  return name ? <strong className="banner-account">{t('accounts.bannerFor', { name })} </strong> : null;
}
