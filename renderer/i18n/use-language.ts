import { useSyncExternalStore } from 'react';
import { getLanguage, subscribeLanguage, type UiLanguage } from './index.js';

/** The language, as React state: a component that calls this re-renders when it changes. */
export function useLanguage(): UiLanguage {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}
