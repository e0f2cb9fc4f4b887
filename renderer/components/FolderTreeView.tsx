// The folder tree as a WAI-ARIA tree: roving focus, Up/Down, Right expands or enters, Left collapses or goes
// to the parent, Home/End, Enter/Space selects (filters the device list), type-ahead by first letters,
// F2 renames inline, Delete deletes. Devices dropped on a folder move there; folders dropped on a folder or
// on "All devices" (root) move under it.

import { isMenuKey, type MenuAnchor } from './ContextMenu.js';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { AppError } from '../../shared/errors.js';
import type { Id } from '../../shared/model.js';
import { canMoveFolder, type FolderTree } from '../domain/folder-tree.js';
import type { FolderSelection } from '../domain/device-query.js';
import { formatError, formatNumber, t } from '../i18n/index.js';
import { useFolderTree, useStores, useUi, useWriteBlocked } from '../state/context.js';
import { DEVICE_DRAG_TYPE, FOLDER_DRAG_TYPE, hasType, readIds } from './dnd.js';

export const ALL_KEY = '::all';
export const UNASSIGNED_KEY = '::unassigned';

interface VisibleItem {
  key: string;
  level: number;
  label: string;
  folderId: Id | null;
  hasChildren: boolean;
  expanded: boolean;
  parentKey: string | null;
}

export function selectionKey(sel: FolderSelection): string {
  return sel.kind === 'all' ? ALL_KEY : sel.kind === 'unassigned' ? UNASSIGNED_KEY : sel.id;
}

function keyToSelection(key: string): FolderSelection {
  if (key === ALL_KEY) return { kind: 'all' };
  if (key === UNASSIGNED_KEY) return { kind: 'unassigned' };
  return { kind: 'folder', id: key };
}

/** The tree flattened to what is visible: "All devices", expanded folders, then "Unassigned". */
export function visibleItems(tree: FolderTree, expanded: ReadonlySet<Id>): VisibleItem[] {
  const out: VisibleItem[] = [];
  const top = tree.children.get(null) ?? [];
  out.push({
    key: ALL_KEY,
    level: 1,
    label: t('folders.all'),
    folderId: null,
    hasChildren: top.length > 0,
    expanded: true,
    parentKey: null,
  });
  const walk = (ids: readonly Id[], level: number, parentKey: string) => {
    for (const id of ids) {
      const kids = tree.children.get(id) ?? [];
      const isOpen = expanded.has(id);
      out.push({
        key: id,
        level,
        label: tree.byId.get(id)!.name,
        folderId: id,
        hasChildren: kids.length > 0,
        expanded: isOpen,
        parentKey,
      });
      if (isOpen) walk(kids, level + 1, id);
    }
  };
  walk(top, 2, ALL_KEY);
  out.push({
    key: UNASSIGNED_KEY,
    level: 1,
    label: t('folders.unassigned'),
    folderId: null,
    hasChildren: false,
    expanded: false,
    parentKey: null,
  });
  return out;
}

export interface FolderTreeViewProps {
  onRequestDelete: (id: Id) => void;
  /** A folder's menu: right click, Shift+F10 or the menu key on it. */
  onContextMenu?: (id: Id, at: MenuAnchor) => void;
}

export function FolderTreeView({ onRequestDelete, onContextMenu }: FolderTreeViewProps) {
  const stores = useStores();
  const tree = useFolderTree();
  const expanded = useUi((s) => s.expandedFolders);
  const selection = useUi((s) => s.deviceFilter.folder);
  const blocked = useWriteBlocked();
  const items = useMemo(() => visibleItems(tree, expanded), [tree, expanded]);
  const childrenByKey = useMemo(() => {
    const map = new Map<string, number[]>();
    items.forEach((item, index) => {
      if (item.parentKey === null) return;
      let list = map.get(item.parentKey);
      if (!list) map.set(item.parentKey, (list = []));
      list.push(index);
    });
    return map;
  }, [items]);
  const selectedKey = selectionKey(selection);
  const [focusKey, setFocusKey] = useState<string>(selectedKey);
  const [renaming, setRenaming] = useState<Id | null>(null);
  const [dropKey, setDropKey] = useState<string | null>(null);
  const refs = useRef(new Map<string, HTMLElement>());
  const typeahead = useRef({ text: '', at: 0 });

  const activeKey = items.some((i) => i.key === focusKey) ? focusKey : selectedKey;

  function focus(key: string) {
    setFocusKey(key);
    refs.current.get(key)?.focus();
  }

  function select(key: string) {
    stores.uiActions.setFilter({ folder: keyToSelection(key) });
  }

  function onKeyDown(e: KeyboardEvent, item: VisibleItem, index: number) {
    if (renaming) return;
    switch (e.key) {
      case 'ArrowDown':
        if (index < items.length - 1) focus(items[index + 1]!.key);
        break;
      case 'ArrowUp':
        if (index > 0) focus(items[index - 1]!.key);
        break;
      case 'Home':
        focus(items[0]!.key);
        break;
      case 'End':
        focus(items[items.length - 1]!.key);
        break;
      case 'ArrowRight':
        if (item.hasChildren && !item.expanded && item.folderId)
          stores.uiActions.setFolderExpanded(item.folderId, true);
        else if (item.hasChildren && index < items.length - 1) focus(items[index + 1]!.key);
        break;
      case 'ArrowLeft':
        if (item.hasChildren && item.expanded && item.folderId)
          stores.uiActions.setFolderExpanded(item.folderId, false);
        else if (item.parentKey) focus(item.parentKey);
        break;
      case 'Enter':
      case ' ':
        select(item.key);
        break;
      case 'F2':
        if (item.folderId && !blocked) setRenaming(item.folderId);
        break;
      case 'Delete':
        if (item.folderId && !blocked) onRequestDelete(item.folderId);
        break;
      default: {
        if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
        const now = e.timeStamp;
        const buf = typeahead.current;
        buf.text = now - buf.at > 700 ? e.key.toLowerCase() : buf.text + e.key.toLowerCase();
        buf.at = now;
        const order = [...items.slice(index + (buf.text.length === 1 ? 1 : 0)), ...items.slice(0, index + 1)];
        const match = order.find((i) => i.label.toLowerCase().startsWith(buf.text));
        if (match) focus(match.key);
        break;
      }
    }
    e.preventDefault();
  }

  function onDragOver(e: React.DragEvent, item: VisibleItem) {
    if (blocked) return;
    const folder = hasType(e, FOLDER_DRAG_TYPE);
    const devices = hasType(e, DEVICE_DRAG_TYPE);
    if (!(devices && item.key !== ALL_KEY) && !(folder && item.key !== UNASSIGNED_KEY)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setDropKey(item.key);
  }

  async function onDrop(e: React.DragEvent, item: VisibleItem) {
    e.preventDefault();
    setDropKey(null);
    if (hasType(e, DEVICE_DRAG_TYPE)) {
      const ids = readIds(e);
      if (ids.length && item.key !== ALL_KEY) await stores.actions.moveDevices(ids, item.folderId);
      return;
    }
    const folderId = e.dataTransfer.getData(FOLDER_DRAG_TYPE);
    if (!folderId || item.key === UNASSIGNED_KEY) return;
    const parent = item.folderId;
    if (!canMoveFolder(tree, folderId, parent) || tree.parentOf(folderId) === parent) return;
    stores.actions.reportFailure(await stores.client.folders.move({ id: folderId, parentId: parent }));
  }

  const renderItem = (item: VisibleItem, index: number) => {
    const counts =
      item.key === ALL_KEY
        ? tree.all
        : item.key === UNASSIGNED_KEY
          ? tree.unassigned
          : tree.counts.get(item.key)!;
    const direct = item.folderId ? tree.counts.get(item.folderId)!.direct : counts.total;
    const children = item.expanded ? (childrenByKey.get(item.key) ?? []) : [];
    const countId = `tree-count-${index}`;
    return (
      <li
        key={item.key}
        role="treeitem"
        aria-label={item.label}
        aria-describedby={countId}
        aria-level={item.level}
        aria-selected={item.key === selectedKey}
        aria-expanded={item.hasChildren ? item.expanded : undefined}
        tabIndex={item.key === activeKey ? 0 : -1}
        ref={(el) => {
          if (el) refs.current.set(item.key, el);
          else refs.current.delete(item.key);
        }}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget) return;
          if (isMenuKey(e) && item.folderId && onContextMenu) {
            e.preventDefault();
            const box = e.currentTarget.getBoundingClientRect();
            onContextMenu(item.folderId, { x: box.left + 24, y: box.top + 24 });
            return;
          }
          onKeyDown(e, item, index);
        }}
        onContextMenu={(e) => {
          if (!item.folderId || !onContextMenu) return;
          e.preventDefault();
          e.stopPropagation();
          setFocusKey(item.key);
          select(item.key);
          onContextMenu(item.folderId, { x: e.clientX, y: e.clientY });
        }}
        onFocus={(e) => {
          if (e.target === e.currentTarget) setFocusKey(item.key);
        }}
        onClick={(e) => {
          e.stopPropagation();
          setFocusKey(item.key);
          select(item.key);
        }}
        onDragOver={(e) => {
          e.stopPropagation();
          onDragOver(e, item);
        }}
        onDragLeave={() => setDropKey((k) => (k === item.key ? null : k))}
        onDrop={(e) => {
          e.stopPropagation();
          void onDrop(e, item);
        }}
        draggable={!!item.folderId && !blocked && renaming !== item.folderId}
        onDragStart={(e) => {
          if (!item.folderId) return;
          e.stopPropagation();
          e.dataTransfer.setData(FOLDER_DRAG_TYPE, item.folderId);
          e.dataTransfer.effectAllowed = 'move';
        }}
        className={dropKey === item.key ? 'treeitem drop-target' : 'treeitem'}
      >
        <div className="treeitem-row" style={{ paddingInlineStart: `${(item.level - 1) * 14 + 4}px` }}>
          <span
            className="twisty"
            aria-hidden="true"
            onClick={(e) => {
              if (!item.hasChildren || !item.folderId) return;
              e.stopPropagation();
              stores.uiActions.setFolderExpanded(item.folderId, !item.expanded);
            }}
          >
            {item.hasChildren ? (item.expanded ? '▾' : '▸') : ''}
          </span>
          {renaming === item.folderId && item.folderId ? (
            <RenameField
              id={item.folderId}
              name={item.label}
              onDone={() => {
                setRenaming(null);
                requestAnimationFrame(() => refs.current.get(item.key)?.focus());
              }}
            />
          ) : (
            <span className={item.folderId ? 'treeitem-label' : 'treeitem-label own-label'}>
              {item.label}
            </span>
          )}
          <span
            id={countId}
            className="treeitem-count"
            title={t('folders.countsTitle', { total: counts.total, online: counts.online, direct })}
          >
            <span className="online-count">{formatNumber(counts.online)}</span>/{formatNumber(counts.total)}
            <span className="visually-hidden">
              {' '}
              {t('folders.counts', { total: counts.total, online: counts.online })}
            </span>
          </span>
        </div>
        {children.length > 0 && <ul role="group">{children.map((c) => renderItem(items[c]!, c))}</ul>}
      </li>
    );
  };

  return (
    <ul role="tree" aria-label={t('folders.tree')} className="tree" data-focus-home>
      {items.map((item, index) => (item.level === 1 ? renderItem(item, index) : null))}
    </ul>
  );
}

function RenameField({ id, name, onDone }: { id: Id; name: string; onDone: () => void }) {
  const { client } = useStores();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = `rename-error-${id}`;

  async function save() {
    const trimmed = value.trim();
    if (!trimmed || trimmed === name) return onDone();
    setBusy(true);
    const result = await client.folders.rename({ id: id, name: trimmed });
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.error);
  }

  return (
    <span className="rename" onClick={(e) => e.stopPropagation()}>
      <input
        aria-label={t('folders.name')}
        value={value}
        autoFocus
        disabled={busy}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') onDone();
        }}
        onBlur={() => {
          if (!error && !busy) onDone();
        }}
      />
      {error && (
        <span id={errorId} role="alert" className="error-text">
          {formatError(error)}
        </span>
      )}
    </span>
  );
}
