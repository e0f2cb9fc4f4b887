// What the technician is looking at: screen, filters, sort, selections, open dialogs and toasts. It is
// separate from the data so a data:change never touches it (selection and filters survive every poll);
// the only link is `pruneRemoved`, which forgets ids that no longer exist.

import { createStore } from 'zustand/vanilla';
import type { Id } from '../../shared/model.js';
import type { StatusTarget } from '../../shared/status-history.js';
import { DEFAULT_FILTER, type DeviceFilter, type DeviceSort } from '../domain/device-query.js';
import { DEFAULT_SORT } from '../../shared/device-order.js';
import { DEFAULT_COLUMNS, columnByKey, type ColumnKey, type ColumnState } from '../domain/device-columns.js';
import { NO_HISTORY_FILTER, type HistoryFilter } from '../domain/device-since.js';
import type { BulkRecord } from '../domain/bulk-undo.js';

export type Screen = 'devices' | 'sessions' | 'users' | 'settings' | 'overview';

/**
 * What the palette asks a screen's own control to do (the dialogs are the controls' state): the control
 * that owns it runs it once it is drawn, and takes it off (consumeCommand).
 */
export type UiCommand =
  | 'save-view'
  | 'paste-view'
  | 'edit-view'
  | 'undo-bulk'
  | 'edit-alias'
  | 'watch-device'
  | 'folder-create'
  | 'folder-rename'
  | 'folder-move'
  | 'folder-delete'
  | 'export'
  | 'bulk'
  | 'new-session'
  | 'edit-session'
  | 'delete-session'
  | 'sign-out';

export interface Toast {
  id: number;
  kind: 'error' | 'info' | 'notice';
  text: string;
  /** A session the toast is about: its action shows it. */
  sessionId?: Id;
  /** A device or folder a status notice is about: its action opens it. */
  target?: StatusTarget;
  /** How many times the same message came: identical toasts merge instead of stacking. */
  count: number;
}

export interface UiState {
  screen: Screen;
  deviceFilter: DeviceFilter;
  /** The status-history filter, ANDed with the others (changed lately, offline for more than N, flapping). */
  historyFilter: HistoryFilter;
  /**
   * The minute the history filter was last evaluated at: "offline for more than 2 days" gains devices as
   * time passes without any poll changing them, so the Devices screen ticks it while such a filter is on.
   */
  historyClock: number;
  deviceSort: DeviceSort;
  /** The grid's visible columns, in order, with their widths. */
  deviceColumns: readonly ColumnState[];
  selectedDeviceIds: ReadonlySet<Id>;
  /** Where Shift-selection extends from, and the row with keyboard focus. */
  anchorDeviceId: Id | null;
  activeDeviceId: Id | null;
  expandedFolders: ReadonlySet<Id>;
  selectedSessionId: Id | null;
  sessionView: 'agenda' | 'state';
  /** When this run created a session (its code's 15 minutes count from here when it has no planned end). */
  createdSessions: ReadonlyMap<Id, number>;
  /** What each bulk change started in this run changes (by batch id): what its undo puts back. */
  bulkRecords: ReadonlyMap<string, BulkRecord>;
  /** Devices waiting for a destination in the move dialog. */
  moveDialogIds: Id[] | null;
  reauthDialogOpen: boolean;
  /** A command from the palette, waiting for the control that runs it. */
  command: { id: UiCommand; seq: number } | null;
  /** A user the Users screen shows selected and scrolled to (a palette hit). */
  focusedUserId: Id | null;
  toasts: Toast[];
  /** What the polite live region says now (a screen shown, a count after a filter, a status change). */
  /** What the polite live region says; until `keepUntil` (ms) what is said next is added to it. */
  announcement: { text: string; seq: number; keepUntil?: number | undefined };
}

export type UiStore = ReturnType<typeof createUiStore>;

export function createUiStore() {
  return createStore<UiState>()(() => ({
    screen: 'devices',
    deviceFilter: DEFAULT_FILTER,
    historyFilter: NO_HISTORY_FILTER,
    historyClock: 0,
    deviceSort: { ...DEFAULT_SORT },
    deviceColumns: DEFAULT_COLUMNS,
    selectedDeviceIds: new Set(),
    anchorDeviceId: null,
    activeDeviceId: null,
    expandedFolders: new Set(),
    selectedSessionId: null,
    sessionView: 'agenda',
    createdSessions: new Map(),
    bulkRecords: new Map(),
    moveDialogIds: null,
    reauthDialogOpen: false,
    command: null,
    focusedUserId: null,
    toasts: [],
    announcement: { text: '', seq: 0 },
  }));
}

let nextToastId = 1;

export function uiActions(store: UiStore) {
  const set = store.setState;
  const get = store.getState;
  return {
    setScreen(screen: Screen) {
      set({ screen });
    },
    setFilter(patch: Partial<DeviceFilter>) {
      set({ deviceFilter: { ...get().deviceFilter, ...patch } });
    },
    setHistoryFilter(historyFilter: HistoryFilter) {
      set({ historyFilter });
    },
    tickHistoryClock(minute: number) {
      if (get().historyClock !== minute) set({ historyClock: minute });
    },
    /** Clicking the sorted column flips its direction; another column starts ascending. */
    sortBy(key: ColumnKey) {
      const current = get().deviceSort;
      set({
        deviceSort:
          current.key === key
            ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
            : { key, direction: 'asc' },
      });
    },
    setSort(deviceSort: DeviceSort) {
      set({ deviceSort });
    },
    setColumns(deviceColumns: readonly ColumnState[]) {
      set({ deviceColumns });
    },
    /** Shows or hides a column; the last visible one stays. */
    toggleColumn(key: ColumnKey) {
      const cols = get().deviceColumns;
      if (cols.some((c) => c.key === key)) {
        if (cols.length > 1) set({ deviceColumns: cols.filter((c) => c.key !== key) });
      } else set({ deviceColumns: [...cols, { key, width: columnByKey(key)!.width }] });
    },
    moveColumn(key: ColumnKey, by: number) {
      const cols = [...get().deviceColumns];
      const from = cols.findIndex((c) => c.key === key);
      const to = Math.max(0, Math.min(cols.length - 1, from + by));
      if (from === -1 || from === to) return;
      const [moved] = cols.splice(from, 1);
      cols.splice(to, 0, moved!);
      set({ deviceColumns: cols });
    },
    resizeColumn(key: ColumnKey, width: number) {
      const min = columnByKey(key)?.minWidth ?? 40;
      set({
        deviceColumns: get().deviceColumns.map((c) =>
          c.key === key ? { ...c, width: Math.max(min, Math.min(1200, Math.round(width))) } : c,
        ),
      });
    },
    selectDevice(id: Id) {
      set({ selectedDeviceIds: new Set([id]), anchorDeviceId: id, activeDeviceId: id });
    },
    toggleDevice(id: Id) {
      const next = new Set(get().selectedDeviceIds);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      set({ selectedDeviceIds: next, anchorDeviceId: id, activeDeviceId: id });
    },
    /** Selects from the anchor to `id` over the rows as shown (`visible`), as Shift+click/arrow does. */
    selectRange(id: Id, visible: readonly Id[], additive = false) {
      const anchor = get().anchorDeviceId ?? id;
      const a = visible.indexOf(anchor);
      const b = visible.indexOf(id);
      if (a === -1 || b === -1) {
        set({ selectedDeviceIds: new Set([id]), anchorDeviceId: id, activeDeviceId: id });
        return;
      }
      const next = additive ? new Set(get().selectedDeviceIds) : new Set<Id>();
      for (let i = Math.min(a, b); i <= Math.max(a, b); i++) next.add(visible[i]!);
      set({ selectedDeviceIds: next, activeDeviceId: id });
    },
    selectAll(visible: readonly Id[]) {
      set({ selectedDeviceIds: new Set(visible) });
    },
    clearSelection() {
      set({ selectedDeviceIds: new Set(), anchorDeviceId: null });
    },
    setActiveDevice(id: Id | null) {
      set({ activeDeviceId: id });
    },
    setFolderExpanded(id: Id, expanded: boolean) {
      const next = new Set(get().expandedFolders);
      if (expanded) next.add(id);
      else next.delete(id);
      set({ expandedFolders: next });
    },
    selectSession(id: Id | null) {
      set({ selectedSessionId: id });
    },
    focusSession(id: Id) {
      set({ screen: 'sessions', selectedSessionId: id });
    },
    /**
     * What a status notice leads to: a device selected with its details open, or a folder selected in the
     * tree with its ancestors (`folderPath`, root first) expanded so it can be seen.
     */
    openTarget(target: StatusTarget, folderPath: readonly Id[] = []) {
      if (target.kind === 'device') {
        set({
          screen: 'devices',
          selectedDeviceIds: new Set([target.id]),
          anchorDeviceId: target.id,
          activeDeviceId: target.id,
        });
        return;
      }
      const expanded = new Set(get().expandedFolders);
      for (const id of folderPath) if (id !== target.id) expanded.add(id);
      set({
        screen: 'devices',
        deviceFilter: { ...get().deviceFilter, folder: { kind: 'folder', id: target.id } },
        expandedFolders: expanded,
      });
    },
    setSessionView(sessionView: 'agenda' | 'state') {
      set({ sessionView });
    },
    rememberCreatedSession(id: Id, at: number) {
      set({ createdSessions: new Map(get().createdSessions).set(id, at) });
    },
    rememberBulk(batchId: string, record: BulkRecord) {
      set({ bulkRecords: new Map(get().bulkRecords).set(batchId, record) });
    },
    openMoveDialog(ids: Id[]) {
      set({ moveDialogIds: ids.length ? ids : null });
    },
    closeMoveDialog() {
      set({ moveDialogIds: null });
    },
    setReauthDialog(open: boolean) {
      set({ reauthDialogOpen: open });
    },
    request(id: UiCommand) {
      set({ command: { id, seq: (get().command?.seq ?? 0) + 1 } });
    },
    /** Takes the waiting command off if it is `id`: true when the caller is to run it. */
    consumeCommand(id: UiCommand): boolean {
      if (get().command?.id !== id) return false;
      set({ command: null });
      return true;
    },
    focusUser(id: Id | null) {
      set({ focusedUserId: id, ...(id ? { screen: 'users' as const } : {}) });
    },
    toast(kind: Toast['kind'], text: string, sessionId?: Id, target?: StatusTarget): number {
      const id = nextToastId++;
      const toasts = get().toasts;
      // The same message again merges into one toast (counted, its time restarted) instead of stacking.
      const same = toasts.find(
        (x) =>
          x.kind === kind &&
          x.text === text &&
          x.sessionId === sessionId &&
          x.target?.kind === target?.kind &&
          x.target?.id === target?.id &&
          x.target?.account === target?.account,
      );
      const count = same ? same.count + 1 : 1;
      const toast: Toast = {
        id,
        kind,
        text,
        count,
        ...(sessionId ? { sessionId } : {}),
        ...(target ? { target: { kind: target.kind, id: target.id, ...accountOf(target) } } : {}),
      };
      // Keep the last few: a flood of notices must not bury the screen.
      set({ toasts: [...toasts.filter((x) => x !== same).slice(-4), toast] });
      return id;
    },
    /**
     * `keep`: the outcome of an action, which what follows at once (the count its filter change shows)
     * is added to instead of replacing it before a screen reader has read it.
     */
    announce(text: string, options: { keep?: boolean } = {}) {
      const prev = get().announcement;
      const at = Date.now();
      const joined = prev.keepUntil !== undefined && at < prev.keepUntil ? `${prev.text} ${text}` : text;
      set({
        announcement: { text: joined, seq: prev.seq + 1, keepUntil: options.keep ? at + 1_000 : undefined },
      });
    },
    dismissToast(id: number) {
      set({ toasts: get().toasts.filter((t) => t.id !== id) });
    },
    /** Forgets removed ids; everything else (selection, active row, filters) stays as it was. */
    pruneRemoved(dataset: 'devices' | 'sessions' | 'folders', removed: readonly Id[]) {
      if (!removed.length) return;
      const gone = new Set(removed);
      const s = get();
      if (dataset === 'devices') {
        const kept = [...s.selectedDeviceIds].filter((id) => !gone.has(id));
        if (
          kept.length === s.selectedDeviceIds.size &&
          !gone.has(s.activeDeviceId ?? '') &&
          !gone.has(s.anchorDeviceId ?? '')
        )
          return;
        set({
          selectedDeviceIds: new Set(kept),
          activeDeviceId: s.activeDeviceId && gone.has(s.activeDeviceId) ? null : s.activeDeviceId,
          anchorDeviceId: s.anchorDeviceId && gone.has(s.anchorDeviceId) ? null : s.anchorDeviceId,
        });
      } else if (dataset === 'sessions') {
        if (s.selectedSessionId && gone.has(s.selectedSessionId)) set({ selectedSessionId: null });
      } else if (s.deviceFilter.folder.kind === 'folder' && gone.has(s.deviceFilter.folder.id)) {
        set({ deviceFilter: { ...s.deviceFilter, folder: { kind: 'all' } } });
      }
    },
  };
}

export type UiActions = ReturnType<typeof uiActions>;

/** The account a target names (issue 28: a notice of an account not on screen), kept with the toast. */
function accountOf(target: StatusTarget): { account?: string } {
  return target.account ? { account: target.account } : {};
}
