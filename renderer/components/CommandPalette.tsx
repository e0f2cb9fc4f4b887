// The command palette (Ctrl+K / ⌘K): one box to jump to any device, folder, session, user, saved view,
// screen or action, the menus' actions on the selected device(s), folder and view included. A combobox
// over a listbox (aria-activedescendant), Up/Down choose, Enter goes, Escape closes. The index is rebuilt
// only when the data it lists changed; each keystroke searches it (palette-index.ts: uFuzzy).

import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { buildPaletteIndex, searchPalette, type PaletteItem } from '../domain/palette-index.js';
import { DEFAULT_FILTER } from '../domain/device-query.js';
import { PALETTE_COLUMNS } from '../domain/device-columns.js';
import { t } from '../i18n/index.js';
import {
  useData,
  useFolderTree,
  useSavedViews,
  useShell,
  useStores,
  useUi,
  useWriteBlocked,
} from '../state/context.js';
import { parseTimestamp } from '../domain/time-zone.js';
import type { Screen, UiCommand } from '../state/ui-store.js';
import { SECTIONS } from '../shortcuts.js';
import { useLastUndoable } from './BulkJob.js';
import { Dialog } from './Dialog.js';
import { useIsAdmin } from './FolderPane.js';
import { deviceActions, folderActions } from './palette-targets.js';
import { hitPaletteItems, openHit, useOtherAccountHits } from './other-accounts-search.js';
import { useAccounts } from './AccountSwitcher.js';
import { accountLabel } from '../state/accounts.js';
import { useNow } from './hooks.js';
import { sessionStateName, userName } from '../domain/labels.js';

/** The palette's actions: those of the toolbars, the menus and the tray that need no target of their own. */
type PaletteAction = 'refresh' | UiCommand | 'pause' | 'resume';

function paletteActions(
  paused: boolean,
  undoable: string | null,
): Array<{ id: PaletteAction; label: string }> {
  return [
    { id: 'refresh', label: t('common.refresh') },
    { id: 'save-view', label: t('views.save') },
    { id: 'paste-view', label: t('views.paste') },
    { id: 'export', label: t('export.csv') },
    { id: 'bulk', label: t('bulk.open') },
    ...(undoable ? [{ id: 'undo-bulk' as const, label: t('bulk.undo.label', { label: undoable }) }] : []),
    { id: 'new-session', label: t('sessions.new') },
    paused ? { id: 'resume', label: t('settings.resume') } : { id: 'pause', label: t('settings.pause') },
    { id: 'sign-out', label: t('account.signOut') },
  ];
}

/** The screen each command's control is on. */
const COMMAND_SCREEN: Record<UiCommand, Screen | null> = {
  'save-view': 'devices',
  'paste-view': 'devices',
  'edit-view': 'devices',
  'undo-bulk': null,
  'edit-alias': 'devices',
  'watch-device': 'devices',
  'folder-create': 'devices',
  'folder-rename': 'devices',
  'folder-move': 'devices',
  'folder-delete': 'devices',
  export: 'devices',
  bulk: 'devices',
  'new-session': 'sessions',
  'edit-session': 'sessions',
  'delete-session': 'sessions',
  'sign-out': null,
};

const KIND_LABEL = {
  device: 'palette.kind.device',
  folder: 'palette.kind.folder',
  session: 'palette.kind.session',
  user: 'palette.kind.user',
  view: 'palette.kind.view',
  screen: 'palette.kind.screen',
  action: 'palette.kind.action',
  account: 'palette.kind.account',
} as const;

export function CommandPalette(props: { onClose: () => void }) {
  const stores = useStores();
  const listId = useId();
  const versions = useData((s) => s.versions);
  const views = useSavedViews((s) => s.views);
  const selected = useUi((s) => s.selectedDeviceIds);
  const pausedUntil = useShell((s) => s.settings?.notificationsPausedUntil ?? null);
  const now = useNow(60_000);
  const paused = (parseTimestamp(pausedUntil)?.getTime() ?? 0) > now;
  const undoable = useLastUndoable();
  const blocked = useWriteBlocked();
  const isAdmin = useIsAdmin();
  const activeView = useSavedViews((s) => s.views.find((v) => v.id === s.activeId) ?? null);
  const tree = useFolderTree();
  const folderFilter = useUi((s) => s.deviceFilter.folder);
  const folderId = folderFilter.kind === 'folder' ? folderFilter.id : null;
  const folderName = folderId === null ? undefined : tree.byId.get(folderId)?.name;
  const folder = useMemo(
    () => (folderId !== null && folderName !== undefined ? { id: folderId, name: folderName } : null),
    [folderId, folderName],
  );
  const accounts = useAccounts((s) => s);
  const otherAccounts = useMemo(
    () => (accounts.accounts.length > 1 ? accounts.accounts.filter((a) => a.id !== accounts.active) : []),
    [accounts],
  );
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  // The menus' actions on what is selected (and the open view), run by their own function.
  const targets = useMemo(() => {
    const ctx = { stores, blocked, isAdmin };
    const { devices } = stores.data.getState();
    const list = [
      ...(activeView
        ? [
            {
              id: 'edit-view',
              label: t('views.editConditions'),
              detail: activeView.name,
              run: () => {
                stores.uiActions.setScreen('devices');
                stores.uiActions.request('edit-view');
              },
            },
          ]
        : []),
      ...deviceActions(ctx, [...selected], devices),
      ...folderActions(ctx, folder),
    ];
    return new Map(
      list.map((a) => [`target-${a.id}`, { kind: 'action' as const, ...a, id: `target-${a.id}` }]),
    );
    // Versions change exactly when the data does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stores, versions, selected, folder, blocked, isAdmin, activeView]);

  const index = useMemo(() => {
    const { devices, folders, sessions, users } = stores.data.getState();
    const items: PaletteItem[] = [
      ...SECTIONS.map((s) => ({ kind: 'screen' as const, id: s.screen, label: t(s.label) })),
      ...paletteActions(paused, undoable?.label ?? null).map((a) => ({
        kind: 'action' as const,
        ...a,
      })),
      ...targets.values(),
      ...views.map((v) => ({ kind: 'view' as const, id: v.id, label: v.name })),
      ...otherAccounts.map((a) => ({
        kind: 'account' as const,
        id: a.id,
        label: t('accounts.switchTo', { name: accountLabel(a.name) }),
      })),
    ];
    for (const f of folders.values()) items.push({ kind: 'folder', id: f.id, label: f.name });
    for (const s of sessions.values())
      items.push({
        kind: 'session',
        id: s.id,
        label: s.customer ?? s.id,
        // The state by its name in the chosen language (searchable as such), not the service's value.
        detail: [s.code, s.state && sessionStateName(s.state)].filter(Boolean).join(' '),
      });
    for (const u of users.values())
      items.push({ kind: 'user', id: u.id, label: userName(u), detail: u.email ?? '' });
    // A device's detail: the display registry's palette fields (alias, IP, MAC), as its cells show them.
    const ctx = stores.views.columnContext();
    for (const d of devices.values())
      items.push({
        kind: 'device',
        id: d.id,
        label: d.name ?? d.alias ?? d.id,
        detail: PALETTE_COLUMNS.map((c) => c.text(d, ctx))
          .filter(Boolean)
          .join(' '),
      });
    return buildPaletteIndex(items);
    // Versions change exactly when the data does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stores, versions, views, paused, undoable, targets, otherAccounts]);

  const found = useOtherAccountHits(query);
  const otherHits = useMemo(() => hitPaletteItems(found), [found]);
  // The account on screen first; the others' devices after, each naming its account.
  const results = useMemo(() => [...searchPalette(index, query), ...otherHits], [index, query, otherHits]);
  const current = Math.min(active, Math.max(0, results.length - 1));

  function go(item: PaletteItem) {
    props.onClose();
    const ui = stores.uiActions;
    switch (item.kind) {
      case 'screen':
        ui.setScreen(item.id as Screen);
        break;
      case 'action':
        if (targets.has(item.id)) targets.get(item.id)!.run();
        else runAction(item.id as PaletteAction);
        break;
      case 'view':
        ui.setScreen('devices');
        stores.savedViews.activate(item.id);
        break;
      case 'device':
        if (item.account) {
          openHit(stores, item.account.id, item.id);
          break;
        }
        // Show it whatever the filter was: all devices, this one selected and scrolled to.
        stores.savedViews.activate(null);
        ui.setFilter(DEFAULT_FILTER);
        ui.setScreen('devices');
        // The grid scrolls the active row into view.
        ui.selectDevice(item.id);
        break;
      case 'folder':
        stores.savedViews.activate(null);
        ui.setScreen('devices');
        ui.setFilter({ ...DEFAULT_FILTER, folder: { kind: 'folder', id: item.id } });
        break;
      case 'session':
        ui.focusSession(item.id);
        break;
      case 'user':
        ui.focusUser(item.id);
        break;
      case 'account':
        void stores.accounts.switchTo(item.id).then(stores.actions.reportFailure);
        break;
    }
  }

  function runAction(id: PaletteAction) {
    const ui = stores.uiActions;
    if (id === 'refresh') void stores.actions.refresh();
    else if (id === 'pause') void stores.actions.pauseNotifications(60);
    else if (id === 'resume') void stores.actions.pauseNotifications(0);
    else {
      const screen = COMMAND_SCREEN[id];
      if (screen) ui.setScreen(screen);
      ui.request(id);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') setActive(Math.min(results.length - 1, current + 1));
    else if (e.key === 'ArrowUp') setActive(Math.max(0, current - 1));
    else if (e.key === 'Enter' && results[current]) go(results[current]);
    else return;
    e.preventDefault();
  }

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <Dialog title={t('palette.label')} onClose={props.onClose} wide>
      <div className="palette">
        <input
          role="combobox"
          aria-label={t('palette.label')}
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={results.length ? optionId(current) : undefined}
          aria-autocomplete="list"
          placeholder={t('palette.placeholder')}
          value={query}
          data-autofocus
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" aria-label={t('palette.label')} className="palette-results">
          {results.map((item, i) => (
            <li
              key={`${item.kind}:${item.account?.id ?? ''}:${item.id}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className={i === current ? 'active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(item)}
            >
              <span className="palette-kind">{t(KIND_LABEL[item.kind])}</span>
              {item.account && <span className="palette-account">{item.account.name}</span>}
              <span className="palette-label">{item.label}</span>
              {item.detail && <span className="palette-detail">{item.detail}</span>}
            </li>
          ))}
        </ul>
        {results.length === 0 && <p className="empty">{t('palette.none')}</p>}
      </div>
    </Dialog>
  );
}
