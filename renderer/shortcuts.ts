// The keyboard's ways around the console, shared by the handlers that act on them, the palette and the
// list Settings shows.

import type { MessageKey } from './i18n/index.js';
import type { Screen } from './state/ui-store.js';

/** The device search box: "/" and Ctrl+F focus it from anywhere. */
export const SEARCH_INPUT_ID = 'device-search';

/** The sections in the order of the sidebar and of their keys, Alt+1 … Alt+5. */
export const SECTIONS: ReadonlyArray<{ screen: Screen; label: MessageKey }> = [
  { screen: 'devices', label: 'nav.devices' },
  { screen: 'sessions', label: 'nav.sessions' },
  { screen: 'users', label: 'nav.users' },
  { screen: 'settings', label: 'nav.settings' },
  { screen: 'overview', label: 'overview.nav' },
];

/** The section Alt+`key` shows, if any ("1" → devices … "5" → overview). */
export function sectionForKey(key: string): Screen | null {
  const n = /^[1-9]$/.test(key) ? Number(key) : 0;
  return SECTIONS[n - 1]?.screen ?? null;
}
