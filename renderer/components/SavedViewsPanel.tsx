// Saved views in the sidebar: "All devices" and each view with its live count. A click shows the view;
// its menu (right click, Shift+F10, the menu key) renames it, edits its conditions, reorders, copies it as
// text or deletes it.
// "Save" keeps the current filter, sort and columns as a new view; "Paste" adds a view shared as text.

import { useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import {
  viewFromShareText,
  viewToShareText,
  type SavedView,
  type ViewAccounts,
} from '../domain/saved-view.js';
import { formatNumber, t } from '../i18n/index.js';
import { MAX_VIEW_NAME } from '../../shared/ipc/limits.js';
import { accountLabel } from '../state/accounts.js';
import { useSavedViews, useSpanning, useStores } from '../state/context.js';
import { spansAccounts } from '../state/spanning-views.js';
import { useAccounts } from './AccountSwitcher.js';
import { ContextMenu, copyText, isMenuKey, type MenuAnchor } from './ContextMenu.js';
import { ConfirmDialog, Dialog } from './Dialog.js';
import { DialogFooter, Field } from './FormKit.js';
import { useUiCommand } from './hooks.js';
import { ViewConditionsDialog } from './ViewConditionsEditor.js';

type DialogState =
  | { kind: 'create' }
  | { kind: 'rename'; view: SavedView }
  | { kind: 'delete'; view: SavedView }
  | { kind: 'conditions'; view: SavedView }
  | { kind: 'paste' }
  | null;

export function SavedViewsPanel() {
  const stores = useStores();
  const saved = stores.savedViews;
  const views = useSavedViews((s) => s.views);
  const activeId = useSavedViews((s) => s.activeId);
  const counts = useSavedViews((s) => s.counts);
  const saveError = useSavedViews((s) => s.saveError);
  const loadError = useSavedViews((s) => s.loadError);
  const others = useSpanning((s) => s.others);
  // With several accounts signed in, a view may show every account's devices (the choice is offered).
  const onScreen = useAccounts((s) =>
    s.accounts.length > 1 ? accountLabel(s.accounts.find((a) => a.id === s.active)?.name ?? '') : null,
  );
  const [dialog, setDialog] = useState<DialogState>(null);
  const [menu, setMenu] = useState<{ view: SavedView; at: MenuAnchor } | null>(null);
  useUiCommand('save-view', () => setDialog({ kind: 'create' }));
  useUiCommand('paste-view', () => setDialog({ kind: 'paste' }));

  function openMenu(view: SavedView, e: MouseEvent | KeyboardEvent) {
    e.preventDefault();
    const at =
      'clientX' in e && e.type === 'contextmenu'
        ? { x: e.clientX, y: e.clientY }
        : (() => {
            const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
            return { x: box.left + 16, y: box.bottom };
          })();
    setMenu({ view, at });
  }

  async function copy(view: SavedView) {
    const ok = await copyText(viewToShareText(view));
    stores.uiActions.toast(
      ok ? 'info' : 'error',
      ok ? t('views.copied', { name: view.name }) : viewToShareText(view),
    );
  }

  return (
    <section className="saved-views" aria-labelledby="saved-views-title">
      <h2 id="saved-views-title">{t('views.title')}</h2>
      <ul>
        <li>
          <button
            type="button"
            className="view-item"
            aria-current={activeId === null ? 'true' : undefined}
            onClick={() => saved.activate(null)}
          >
            <span className="view-name">{t('views.all')}</span>
          </button>
        </li>
        {views.map((v) => {
          const spans = onScreen !== null && spansAccounts(v);
          const own = counts.get(v.id);
          const more = spans ? others.get(v.id) : 0;
          // A spanning view's count sums the accounts: pending until the others have answered too.
          const count = own === undefined || more === undefined ? undefined : own + more;
          return (
            <li key={v.id}>
              <button
                type="button"
                className="view-item"
                aria-current={activeId === v.id ? 'true' : undefined}
                aria-haspopup="menu"
                onClick={() => saved.activate(v.id)}
                onContextMenu={(e) => openMenu(v, e)}
                onKeyDown={(e) => isMenuKey(e) && openMenu(v, e)}
              >
                <span className="view-name">{v.name}</span>
                {spans && <span className="hint"> ({t('views.spansAccounts')})</span>}
                <span
                  className="view-count"
                  aria-label={
                    count === undefined
                      ? t('views.countPending')
                      : spans
                        ? t('views.countAll', { count })
                        : t('views.count', { count })
                  }
                >
                  {count === undefined ? '…' : formatNumber(count)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="pane-toolbar">
        <button type="button" onClick={() => setDialog({ kind: 'create' })}>
          {t('views.save')}
        </button>
        <button type="button" onClick={() => setDialog({ kind: 'paste' })}>
          {t('views.paste')}
        </button>
      </div>
      {loadError && (
        <p role="alert" className="error-text">
          {t('views.loadFailed', { error: loadError })}
        </p>
      )}
      {saveError && (
        <p role="alert" className="error-text">
          {t('views.saveFailed', { error: saveError })}
        </p>
      )}
      {menu && (
        <ContextMenu
          label={t('menu.label', { name: menu.view.name })}
          at={menu.at}
          onClose={() => setMenu(null)}
          items={[
            { label: t('views.rename'), onSelect: () => setDialog({ kind: 'rename', view: menu.view }) },
            {
              label: t('views.editConditions'),
              onSelect: () => setDialog({ kind: 'conditions', view: menu.view }),
            },
            ...(onScreen === null
              ? []
              : [
                  spansAccounts(menu.view)
                    ? {
                        label: t('views.spanThis'),
                        onSelect: () => saved.setAccounts(menu.view.id, 'this'),
                      }
                    : {
                        label: t('views.spanAll'),
                        onSelect: () => saved.setAccounts(menu.view.id, 'all'),
                      },
                ]),
            { label: t('views.moveUp'), onSelect: () => saved.move(menu.view.id, -1) },
            { label: t('views.moveDown'), onSelect: () => saved.move(menu.view.id, 1) },
            { label: t('views.copy'), onSelect: () => void copy(menu.view) },
            { label: t('views.delete'), onSelect: () => setDialog({ kind: 'delete', view: menu.view }) },
          ]}
        />
      )}
      {dialog?.kind === 'create' && (
        <NameDialog
          title={t('views.save')}
          label={t('views.savePrompt')}
          initial={t('views.defaultName', { n: views.length + 1 })}
          onScreen={onScreen}
          onClose={() => setDialog(null)}
          onSubmit={(name, accounts) => saved.createFromCurrent(name, accounts)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('views.rename')}
          label={t('views.renamePrompt')}
          initial={dialog.view.name}
          onClose={() => setDialog(null)}
          onSubmit={(name) => saved.rename(dialog.view.id, name)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('views.delete')}
          message={t('views.deleteConfirm', { name: dialog.view.name })}
          confirmLabel={t('common.delete')}
          danger
          onConfirm={() => {
            saved.remove(dialog.view.id);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'paste' && <PasteDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'conditions' && (
        <ViewConditionsDialog view={dialog.view} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

function NameDialog(props: {
  title: string;
  label: string;
  initial: string;
  /** The account on screen, when several are signed in: the view may then span them all. */
  onScreen?: string | null;
  onClose: () => void;
  onSubmit: (name: string, accounts: ViewAccounts) => void;
}) {
  const [name, setName] = useState(props.initial);
  const [accounts, setAccounts] = useState<ViewAccounts>('this');
  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    props.onSubmit(trimmed.slice(0, MAX_VIEW_NAME), accounts);
    props.onClose();
  }
  return (
    <Dialog title={props.title} onClose={props.onClose}>
      <form onSubmit={submit} noValidate>
        <div className="dialog-body">
          <Field label={props.label}>
            {(control) => (
              <input
                {...control}
                value={name}
                data-autofocus
                required
                maxLength={MAX_VIEW_NAME}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          {props.onScreen != null && (
            <fieldset>
              <legend>{t('views.accountsLegend')}</legend>
              {(['this', 'all'] as const).map((choice) => (
                <label key={choice} className="inline-field">
                  <input
                    type="radio"
                    name="view-accounts"
                    checked={accounts === choice}
                    onChange={() => setAccounts(choice)}
                  />
                  {choice === 'this'
                    ? t('views.accountsThis', { account: props.onScreen! })
                    : t('views.accountsAll')}
                </label>
              ))}
            </fieldset>
          )}
        </div>
        <DialogFooter onCancel={props.onClose} disabled={!name.trim()} />
      </form>
    </Dialog>
  );
}

function PasteDialog(props: { onClose: () => void }) {
  const stores = useStores();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = viewFromShareText(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    const view = stores.savedViews.add(parsed.view);
    stores.savedViews.activate(view.id);
    props.onClose();
  }
  return (
    <Dialog title={t('views.pasteTitle')} onClose={props.onClose} wide>
      <form onSubmit={submit} noValidate>
        <div className="dialog-body">
          <Field id="paste-view" label={t('views.pasteLabel')} error={error}>
            {(control) => (
              <textarea
                {...control}
                value={text}
                data-autofocus
                rows={10}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
        </div>
        <DialogFooter onCancel={props.onClose} submit={t('views.pasteAdd')} disabled={!text.trim()} />
      </form>
    </Dialog>
  );
}
