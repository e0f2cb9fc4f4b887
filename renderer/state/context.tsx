// React access to the stores: one provider, and hooks that subscribe to a slice.

import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppStores, ShellState } from './app-stores.js';
import type { DataState } from './data-store.js';
import type { UiState } from './ui-store.js';
import type { DeviceView } from './views.js';
import type { SavedViewsState } from './saved-views.js';
import type { SpanningState } from './spanning-views.js';
import type { FolderTree } from '../domain/folder-tree.js';

const StoresContext = createContext<AppStores | null>(null);

export const StoresProvider = StoresContext.Provider;

export function useStores(): AppStores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores outside <StoresProvider>');
  return stores;
}

export function useShell<T>(selector: (s: ShellState) => T): T {
  return useStore(useStores().shell, selector);
}

export function useData<T>(selector: (s: DataState) => T): T {
  return useStore(useStores().data, selector);
}

export function useUi<T>(selector: (s: UiState) => T): T {
  return useStore(useStores().ui, selector);
}

/** The folder tree; re-renders when folders or devices change. */
export function useFolderTree(): FolderTree {
  const stores = useStores();
  useData((s) => s.versions.folders);
  useData((s) => s.versions.devices);
  return stores.views.folderTree();
}

/** Sorted and filtered device rows; re-renders on device/folder changes, sort and filter only. */
export function useDeviceView(): DeviceView {
  const stores = useStores();
  useData((s) => s.versions.devices);
  useData((s) => s.versions.folders);
  useUi((s) => s.deviceSort);
  useUi((s) => s.deviceFilter);
  useUi((s) => s.historyFilter);
  useUi((s) => s.historyClock);
  useData((s) => s.sinceVersion);
  useStore(stores.savedViews.store, (s) => s.activeId);
  useStore(stores.savedViews.store, (s) => s.views);
  return stores.views.deviceView();
}

export function useSavedViews<T>(selector: (s: SavedViewsState) => T): T {
  return useStore(useStores().savedViews.store, selector);
}

export function useSpanning<T>(selector: (s: SpanningState) => T): T {
  return useStore(useStores().spanning.store, selector);
}

/** Why writes are disabled right now (sign-in needed; offline for 'direct' writes), or null. */
export function useWriteBlocked(kind: 'queued' | 'direct' = 'queued'): string | null {
  const stores = useStores();
  useShell((s) => s.auth?.status);
  useShell((s) => s.account);
  useShell((s) => s.sync?.connection);
  return stores.actions.writeBlockedReason(kind);
}
