// A saved view spanning accounts (issue 28), for the accounts not on screen: the view's search and
// conditions are matched here, where each account's core holds its devices (AppCore.devices), and only
// the first `limit` matches per account cross to the renderer, with how many match in all. The account on
// screen is matched by the renderer over its own copy, as for any view.
//
// The view model is the renderer's (saved-view.ts: the search syntax and the condition language), run
// here as the command line runs it, so a spanning view shows in another account exactly what it would
// show there. The history conditions ("offline longer than", "flapping") read the history of the account
// on screen only: in the others no device matches one (their since rows are not kept in this process's
// memory), which the view's table says beside its count.

import type { AccountViewMatches, InvokeRequest } from '../../../shared/ipc/contract.js';
import type { Device, Folder, Id } from '../../../shared/model.js';
import { fail } from '../../../shared/errors.js';
import { compareMatches } from '../../../renderer/domain/account-view-rows.js';
import { searchEntry } from '../../../renderer/domain/device-search.js';
import {
  buildFolderTree,
  descendantsAndSelf,
  type FolderTree,
} from '../../../renderer/domain/folder-tree.js';
import { registerHistoryConditions } from '../../../renderer/domain/history-conditions.js';
import { compileView, viewBodySchema } from '../../../renderer/domain/saved-view.js';
import type { ConditionGroup } from '../../../renderer/domain/view-conditions.js';
import { shownName, type Held } from './held-account.js';

type Request = InvokeRequest<'accounts:view-matches'>;
type Row = AccountViewMatches['devices'][number];

/** The matches of the view in each of `others`, in the order asked, `limit` rows of each at most. */
export function viewMatches(
  others: readonly Held[],
  request: Request,
  now = Date.now(),
): AccountViewMatches[] {
  registerHistoryConditions();
  const where = viewBodySchema.shape.where.safeParse(request.where);
  if (!where.success)
    fail({
      kind: 'validation',
      message: 'The view’s conditions cannot be read.',
      key: 'views.paste.damaged',
    });
  const view = { search: request.search, where: where.data as ConditionGroup };
  return others.map((h) => accountMatches(h, view, request, now));
}

function accountMatches(
  h: Held,
  view: { search: string; where: ConditionGroup },
  request: Request,
  now: number,
): AccountViewMatches {
  const folders = [...h.core.folders()];
  let tree: FolderTree | null = null;
  // Built only when a condition names a folder: the tree of a large account is not free.
  const folderTree = () => (tree ??= buildFolderTree(folders, []));
  const names = new Map<Id, string>(folders.map((f: Folder) => [f.id, f.name]));
  const { match } = compileView(view, {
    now,
    subtree: (id) => descendantsAndSelf(folderTree(), id),
    knownFolder: (id) => names.has(id),
    extensions: {},
  });
  const matched: Device[] = [];
  for (const d of h.core.devices())
    if (match(d, searchEntry(d, d.folderId ? names.get(d.folderId) : null))) matched.push(d);
  const { key, direction } = request.sort;
  // Sorting all matches is O(m log m) of the matches only; the rows sent are the first `limit` of them.
  if (request.limit > 0) matched.sort((a, b) => compareMatches(a, b, key, direction));
  return {
    account: { id: h.entry.id, name: shownName(h) },
    copy: copyOf(h),
    total: matched.length,
    devices: matched.slice(0, request.limit).map(row),
  };
}

function row(d: Device): Row {
  return { id: d.id, name: d.name, alias: d.alias, ip: d.ip, os: d.os, status: d.status };
}

/** Live while the account is signed in and reaches its service; otherwise its offline copy. */
function copyOf(h: Held): AccountViewMatches['copy'] {
  const auth = h.auth?.status ?? 'signed-out';
  if (auth === 'signed-out') return 'signed-out';
  return h.sync?.connection === 'offline' ? 'offline' : 'live';
}
