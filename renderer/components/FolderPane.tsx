// The folder pane: tree plus its actions (create — administrators only —, rename, move, delete) and their
// dialogs. Errors are shown where they belong: 1101 at the name field, 1103 as what must move first.

import { useState, type FormEvent } from 'react';
import type { AppError } from '../../shared/errors.js';
import type { Id } from '../../shared/model.js';
import { canMoveFolder, folderContents, folderPath, type FolderTree } from '../domain/folder-tree.js';
import { formatError, t } from '../i18n/index.js';
import { shownAccount } from '../state/shell-store.js';
import { useFolderTree, useShell, useStores, useUi, useWriteBlocked } from '../state/context.js';
import { ConfirmDialog, Dialog } from './Dialog.js';
import { DialogFooter, Field, FolderPicker, MAX_NAME } from './FormKit.js';
import { FolderTreeView } from './FolderTreeView.js';
import { ContextMenu, type MenuAnchor } from './ContextMenu.js';
import { exportHistory } from './DeviceHistory.js';
import { useUiCommand } from './hooks.js';

export function useIsAdmin(): boolean {
  return useShell((s) => shownAccount(s)?.account.user.role === 'administrator');
}

/** The sentence for error 1103, from what the renderer knows the folder holds. */
/** Why a folder cannot be deleted yet, naming only what it holds; null when it is empty. */
export function notEmptyMessage(tree: FolderTree, id: Id): string | null {
  const { devices, folders } = folderContents(tree, id);
  const name = tree.byId.get(id)?.name ?? '';
  const holds = {
    name,
    devices: t('folders.notEmptyDevices', { count: devices }),
    folders: t('folders.notEmptyFolders', { count: folders }),
  };
  if (devices > 0 && folders > 0) return t('folders.deleteBlocked', holds);
  if (devices > 0) return t('folders.deleteBlockedDevices', holds);
  if (folders > 0) return t('folders.deleteBlockedFolders', holds);
  return null;
}

type DialogState =
  | { kind: 'create'; parentId: Id | null }
  | { kind: 'rename'; id: Id }
  | { kind: 'move'; id: Id }
  | { kind: 'delete'; id: Id }
  | null;

export function FolderPane() {
  const tree = useFolderTree();
  const isAdmin = useIsAdmin();
  const blocked = useWriteBlocked();
  const selection = useUi((s) => s.deviceFilter.folder);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [menu, setMenu] = useState<{ id: Id; at: MenuAnchor } | null>(null);
  const stores = useStores();
  const selectedFolder = selection.kind === 'folder' && tree.byId.has(selection.id) ? selection.id : null;
  const createReason = !isAdmin ? t('folders.adminOnly') : blocked;
  const editReason = blocked ?? (selectedFolder ? null : t('folders.noSelection'));
  // The palette's folder actions act on the selected folder, as the toolbar's buttons do.
  useUiCommand(
    'folder-create',
    () => !createReason && setDialog({ kind: 'create', parentId: selectedFolder }),
  );
  useUiCommand(
    'folder-rename',
    () => !editReason && selectedFolder && setDialog({ kind: 'rename', id: selectedFolder }),
  );
  useUiCommand(
    'folder-move',
    () => !editReason && selectedFolder && setDialog({ kind: 'move', id: selectedFolder }),
  );
  useUiCommand(
    'folder-delete',
    () => !editReason && selectedFolder && setDialog({ kind: 'delete', id: selectedFolder }),
  );

  return (
    <aside className="folder-pane" aria-label={t('folders.tree')}>
      <div className="pane-toolbar" role="toolbar" aria-label={t('folders.actions')}>
        <button
          type="button"
          disabled={!!createReason}
          title={createReason ?? undefined}
          aria-describedby={createReason ? 'create-folder-reason' : undefined}
          onClick={() => setDialog({ kind: 'create', parentId: selectedFolder })}
        >
          {t('folders.create')}
        </button>
        <button
          type="button"
          disabled={!!editReason}
          aria-describedby={editReason ? 'folder-edit-reason' : undefined}
          title={editReason ?? 'F2'}
          onClick={() => selectedFolder && setDialog({ kind: 'rename', id: selectedFolder })}
        >
          {t('folders.rename')}
        </button>
        <button
          type="button"
          disabled={!!editReason}
          aria-describedby={editReason ? 'folder-edit-reason' : undefined}
          title={editReason ?? undefined}
          onClick={() => selectedFolder && setDialog({ kind: 'move', id: selectedFolder })}
        >
          {t('folders.moveFolder')}
        </button>
        <button
          type="button"
          disabled={!!editReason}
          aria-describedby={editReason ? 'folder-edit-reason' : undefined}
          title={editReason ?? t('folders.deleteKey')}
          onClick={() => selectedFolder && setDialog({ kind: 'delete', id: selectedFolder })}
        >
          {t('folders.delete')}
        </button>
      </div>
      {/* Offline or signed out is said once, by the banner; here it stays the buttons' tooltip and
          description. "Administrators only" is this pane's own news, so it is shown. */}
      {createReason && (
        <p id="create-folder-reason" className={isAdmin ? 'visually-hidden' : 'hint reason'}>
          {createReason}
        </p>
      )}
      {/* Why Rename, Move and Delete are disabled: visible text here and their description, not only a
          tooltip. (Disabled, not aria-disabled: a deleted folder's Delete must let focus go to the tree.)
          Offline is the banner's news. */}
      {editReason && (
        <p id="folder-edit-reason" className={blocked ? 'visually-hidden' : 'hint pane-hint'}>
          {editReason}
        </p>
      )}
      <FolderTreeView
        onRequestDelete={(id) => setDialog({ kind: 'delete', id })}
        onContextMenu={(id, at) => setMenu({ id, at })}
      />
      {menu && tree.byId.has(menu.id) && (
        <ContextMenu
          label={t('menu.label', { name: tree.byId.get(menu.id)!.name })}
          at={menu.at}
          onClose={() => setMenu(null)}
          items={[
            {
              label: t('menu.showDevices'),
              onSelect: () => stores.uiActions.setFilter({ folder: { kind: 'folder', id: menu.id } }),
            },
            {
              label: t('menu.newSubfolder'),
              disabled: createReason,
              onSelect: () => setDialog({ kind: 'create', parentId: menu.id }),
            },
            {
              label: t('menu.renameFolder'),
              disabled: blocked,
              onSelect: () => setDialog({ kind: 'rename', id: menu.id }),
            },
            {
              label: t('folders.moveFolder'),
              disabled: blocked,
              onSelect: () => setDialog({ kind: 'move', id: menu.id }),
            },
            {
              label: t('menu.deleteFolder'),
              disabled: blocked,
              onSelect: () => setDialog({ kind: 'delete', id: menu.id }),
            },
            {
              label: t('history.exportFolder'),
              onSelect: () => void exportHistory(stores, { kind: 'folder', id: menu.id }),
            },
          ]}
        />
      )}
      {dialog?.kind === 'create' && (
        <FolderNameDialog
          mode="create"
          tree={tree}
          parentId={dialog.parentId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && tree.byId.has(dialog.id) && (
        <FolderNameDialog mode="rename" tree={tree} id={dialog.id} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'move' && tree.byId.has(dialog.id) && (
        <MoveFolderDialog tree={tree} id={dialog.id} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && tree.byId.has(dialog.id) && (
        <DeleteFolderDialog tree={tree} id={dialog.id} onClose={() => setDialog(null)} />
      )}
    </aside>
  );
}

function FolderNameDialog(props: {
  mode: 'create' | 'rename';
  tree: FolderTree;
  parentId?: Id | null;
  id?: Id;
  onClose: () => void;
}) {
  const { client, uiActions } = useStores();
  const current = props.id ? props.tree.byId.get(props.id) : undefined;
  const [name, setName] = useState(current?.name ?? '');
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const parentId = props.parentId ?? null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError({ kind: 'validation', message: 'A folder name is required.', field: 'name' });
      return;
    }
    setBusy(true);
    const result =
      props.mode === 'create'
        ? await client.folders.create({ name: trimmed, parentId: parentId })
        : await client.folders.rename({ id: props.id!, name: trimmed });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    if (props.mode === 'create' && parentId) uiActions.setFolderExpanded(parentId, true);
    uiActions.announce(
      t(props.mode === 'create' ? 'a11y.folderCreated' : 'a11y.folderRenamed', { name: trimmed }),
      { keep: true },
    );
    props.onClose();
  }

  // An error about the name sits at the field; anything else below the form.
  const atField = error && (error.field === 'name' || error.code === 1101);
  const title =
    props.mode === 'create'
      ? parentId
        ? t('folders.createIn', { parent: folderPath(props.tree, parentId) })
        : t('folders.createTitle')
      : t('folders.rename');
  return (
    <Dialog title={title} onClose={props.onClose}>
      <form onSubmit={submit} noValidate>
        <div className="dialog-body">
          <Field id="folder-name" label={t('folders.name')} error={atField ? formatError(error) : null}>
            {(control) => (
              <input
                {...control}
                value={name}
                data-autofocus
                required
                maxLength={MAX_NAME}
                onChange={(e) => {
                  setName(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          {error && !atField && (
            <p role="alert" className="error-text">
              {formatError(error)}
            </p>
          )}
        </div>
        <DialogFooter
          onCancel={props.onClose}
          submit={props.mode === 'create' ? t('common.create') : t('common.save')}
          disabled={busy}
        />
      </form>
    </Dialog>
  );
}

function MoveFolderDialog({ tree, id, onClose }: { tree: FolderTree; id: Id; onClose: () => void }) {
  const { client } = useStores();
  const [parent, setParent] = useState<string>(tree.parentOf(id) ?? '');
  const [error, setError] = useState<AppError | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const result = await client.folders.move({ id: id, parentId: parent || null });
    if (result.ok) onClose();
    else setError(result.error);
  }
  return (
    <Dialog title={t('folders.moveFolderTitle', { name: tree.byId.get(id)!.name })} onClose={onClose}>
      <form onSubmit={submit}>
        <div className="dialog-body">
          <FolderPicker
            label={t('folders.parent')}
            value={parent}
            onChange={setParent}
            none={t('folders.root')}
            allow={(f) => canMoveFolder(tree, id, f)}
            autoFocus
          />
          {error && (
            <p role="alert" className="error-text">
              {formatError(error)}
            </p>
          )}
        </div>
        <DialogFooter onCancel={onClose} />
      </form>
    </Dialog>
  );
}

function DeleteFolderDialog({ tree, id, onClose }: { tree: FolderTree; id: Id; onClose: () => void }) {
  const { client, uiActions } = useStores();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = tree.byId.get(id)!.name;
  const blocked = notEmptyMessage(tree, id);

  async function confirm() {
    setBusy(true);
    const result = await client.folders.delete({ id: id });
    setBusy(false);
    if (result.ok) {
      uiActions.setFilter({ folder: { kind: 'all' } });
      uiActions.announce(t('a11y.folderDeleted', { name }), { keep: true });
      return onClose();
    }
    setError(formatError(result.error));
  }
  // A folder that still holds devices or sub-folders is explained, and no Delete is offered: the service
  // would refuse it (1103), and the technician would learn it only after pressing.
  if (blocked) {
    return (
      <Dialog title={t('folders.delete')} onClose={onClose}>
        <div className="dialog-body">
          <p>{blocked}</p>
        </div>
        <DialogFooter onCancel={onClose} cancel={t('common.close')} submit={null} autoFocus="cancel" />
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      title={t('folders.delete')}
      message={t('folders.deleteConfirm', { name })}
      confirmLabel={t('common.delete')}
      danger
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
