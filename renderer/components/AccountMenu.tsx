import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AccountInfo, CredentialStore } from '../../shared/ipc/contract.js';
import { t } from '../i18n/index.js';
import { useShell, useStores } from '../state/context.js';
import { ConfirmDialog, inDialog } from './Dialog.js';
import { roleName, userName } from '../domain/labels.js';
import { useReturnFocus } from './focus.js';
import { useUiCommand } from './hooks.js';
import { AccountList, useAccounts } from './AccountSwitcher.js';
import { accountLabel } from '../state/accounts.js';

export function AccountMenu({ account, store }: { account: AccountInfo; store: CredentialStore }) {
  const { actions } = useStores();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useUiCommand('sign-out', () => setConfirming(true));
  // Signing out removes the account's directory, the outbox's journal with it: say what would be lost.
  const unsent = useShell((s) => s.outbox?.pending ?? 0);
  const ref = useRef<HTMLDivElement>(null);
  const name = userName(account.user);
  // With several accounts the button names the account on screen, not only its user.
  const shownName = useAccounts((s) =>
    s.accounts.length > 1 ? accountLabel(s.accounts.find((a) => a.id === s.active)?.name ?? '') : null,
  );

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node) && !inDialog(e.target)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className="account" ref={ref}>
      <button
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls="account-panel"
        aria-label={`${t('account.menu')}: ${shownName ? `${shownName} — ${name}` : name}`}
        onClick={() => setOpen(!open)}
      >
        <span className="avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-name">{shownName ?? name}</span>
      </button>
      {open && (
        <AccountPanel onClose={() => setOpen(false)}>
          <p className="account-user">{name}</p>
          <p>{t('account.role', { role: roleName(account.user.role) })}</p>
          {account.user.email && <p>{account.user.email}</p>}
          <p className="hint">{account.baseUrl}</p>
          {store === 'memory' && <p className="hint">{t('account.memoryOnly')}</p>}
          <button type="button" onClick={() => setConfirming(true)} autoFocus>
            {t('account.signOut')}
          </button>
          <AccountList onSwitched={() => setOpen(false)} />
        </AccountPanel>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('account.signOut')}
          message={
            unsent > 0
              ? `${t('account.signOutConfirm')} ${t('account.signOutPending', { count: unsent })}`
              : t('account.signOutConfirm')
          }
          confirmLabel={t('account.signOut')}
          danger
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            setOpen(false);
            void actions.signOut();
          }}
        />
      )}
    </div>
  );
}

/** The open panel: Escape closes it, and focus goes back to the account button (focus.ts). */
function AccountPanel({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useReturnFocus(ref);
  return (
    <div
      id="account-panel"
      ref={ref}
      className="account-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      {children}
    </div>
  );
}
