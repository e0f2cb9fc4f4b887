// The device table's default order, as the technician first sees it: by name A→Z (case aside, numbers in
// names as numbers: textSortKey), devices without a name last, ties by id. The main side picks the
// offline copy's first screen in it (electron/core/first-screen.ts) and the renderer opens the grid
// sorted so (its DeviceIndex sorts names itself, kept by delta; a test holds it to this comparison).

import { textSortKey } from './text-sort-key.js';

/** The sort the grid opens with. */
export const DEFAULT_SORT = { key: 'name', direction: 'asc' } as const;

/** The name as the default order compares it ('' for none). */
export function defaultOrderName(name: string | null | undefined): string {
  return name ? textSortKey(name) : '';
}

/** The default order over `defaultOrderName`s and ids. */
export function compareDefaultOrder(
  a: { name: string; id: string },
  b: { name: string; id: string },
): number {
  if (a.name !== b.name) {
    if (a.name === '') return 1;
    if (b.name === '') return -1;
    return a.name < b.name ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
