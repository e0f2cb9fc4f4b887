// Saved views on the command line: the app's own view model (saved-view.ts: validation, compileView over
// the search syntax and the condition language, the history conditions) over the account's stored views.
// `devices list --view NAME` and `views export NAME` list what the view shows, with its sort and columns.

import type { Id } from '../../shared/model.js';
import { buildFolderTree, descendantsAndSelf } from '../../renderer/domain/folder-tree.js';
import { HISTORY_EXTENSION, registerHistoryConditions } from '../../renderer/domain/history-conditions.js';
import {
  compileView,
  savedViewSchema,
  viewToShareText,
  type SavedView,
} from '../../renderer/domain/saved-view.js';
import { viewConditionPhrases } from '../../renderer/domain/view-summary.js';
import type { DevicePredicate } from '../../renderer/domain/view-conditions.js';
import { CliExit, EXIT } from './exit-codes.js';
import type { OpenAccount } from './open-account.js';
import { renderJson, renderTable, type Format } from './output.js';
import { withAccount, type ReadContext } from './account-run.js';

/** The account's views that the app would load (a damaged one is left out, as the app leaves it out). */
export async function loadViews(account: OpenAccount): Promise<SavedView[]> {
  registerHistoryConditions();
  const stored = await account.invoke('views:load', {});
  return stored.views.flatMap((v) => {
    const parsed = savedViewSchema().safeParse(v);
    return parsed.success ? [parsed.data as SavedView] : [];
  });
}

export function findView(views: readonly SavedView[], nameOrId: string): SavedView {
  const wanted = nameOrId.toLowerCase();
  const view = views.find((v) => v.id === nameOrId) ?? views.find((v) => v.name.toLowerCase() === wanted);
  if (!view) {
    const names = views.map((v) => v.name).join(', ');
    throw names
      ? new CliExit(EXIT.notFound, 'cli.view.notFound', { name: nameOrId, names })
      : new CliExit(EXIT.notFound, 'cli.view.notFoundNone', { name: nameOrId });
  }
  return view;
}

/** The view as one predicate over (device, search entry), with the clock, the folder tree and the history. */
export async function viewPredicate(
  account: OpenAccount,
  view: SavedView,
  now: number,
): Promise<DevicePredicate> {
  const snap = await account.core.snapshot();
  const tree = buildFolderTree(snap.data.folders, snap.data.devices);
  let readsHistory = false;
  const { match } = compileView(view, {
    now,
    subtree: (id) => descendantsAndSelf(tree, id),
    knownFolder: (id) => tree.byId.has(id),
    extensions: {
      // Each device's since row as the app's table has it, read from the history where it is kept.
      get [HISTORY_EXTENSION]() {
        readsHistory = true;
        return (id: Id) => account.core.sinceOf(id);
      },
    },
  });
  // The history opens at its first use here (open-account.ts): only for a view whose conditions read it.
  if (readsHistory) await account.core.historyReady();
  return match;
}

export async function viewsList(ctx: ReadContext, format: Format): Promise<void> {
  await withAccount(ctx, ['devices', 'folders'], async (account, snap) => {
    const views = await loadViews(account);
    const names = new Map(snap.data.folders.map((f) => [f.id, f.name]));
    const summary = (v: SavedView) => viewConditionPhrases(v, { folderName: (id) => names.get(id) ?? null });
    if (format === 'json') {
      return ctx.out.write(
        renderJson(views.map((v) => ({ id: v.id, name: v.name, conditions: summary(v) }))),
      );
    }
    const rows = views.map((v) => [v.id, v.name, summary(v).join('; ')]);
    ctx.out.write(renderTable(ctx.text.headings('id', 'name', 'shows'), rows, ctx.out.columns));
  });
}

/** The view as the app shares it (the text "Copy view" gives, which "Paste view" takes). */
export async function viewsShow(ctx: ReadContext, nameOrId: string): Promise<void> {
  await withAccount(ctx, [], async (account) => {
    ctx.out.write(viewToShareText(findView(await loadViews(account), nameOrId)) + '\n');
  });
}
