// A saved view spanning accounts (issue 28), for the accounts not on screen: the view's conditions are
// read here (a view that cannot be read is refused before any account is asked), and each account's
// devices' owner matches it over the devices it holds (device-view-match.ts): only the first `limit`
// matches per account cross to the renderer, with how many match in all. The account on screen is matched
// by the renderer over its own copy, as for any view.

import type { AccountViewMatches, InvokeRequest } from '../../../shared/ipc/contract.js';
import { fail } from '../../../shared/errors.js';
import { registerHistoryConditions } from '../../../renderer/domain/history-conditions.js';
import { viewBodySchema } from '../../../renderer/domain/saved-view.js';
import type { ConditionGroup } from '../../../renderer/domain/view-conditions.js';
import type { ViewQuery } from '../device-view-match.js';
import { shownName, type Held } from './held-account.js';

type Request = InvokeRequest<'accounts:view-matches'>;

/** The matches of the view in each of `others`, in the order asked, `limit` rows of each at most. */
export async function viewMatches(
  others: readonly Held[],
  request: Request,
  now = Date.now(),
): Promise<AccountViewMatches[]> {
  registerHistoryConditions(); // their kinds are part of the conditions' schema
  const where = viewBodySchema().shape.where.safeParse(request.where);
  if (!where.success)
    fail({
      kind: 'validation',
      message: 'The view’s conditions cannot be read.',
      key: 'views.paste.damaged',
    });
  const query = {
    search: request.search,
    where: where.data as ConditionGroup,
    sort: request.sort,
    limit: request.limit,
    now,
  };
  // Each account's owner is its own worker: they match at once, and the answers keep the accounts' order.
  return Promise.all(others.map((h) => accountMatches(h, query)));
}

async function accountMatches(h: Held, query: Omit<ViewQuery, 'folders'>): Promise<AccountViewMatches> {
  const matched = await h.core.matchView({ ...query, folders: [...h.core.folders()] });
  return { account: { id: h.entry.id, name: shownName(h) }, copy: copyOf(h), ...matched };
}

/** Live while the account is signed in and reaches its service; otherwise its offline copy. */
function copyOf(h: Held): AccountViewMatches['copy'] {
  const auth = h.auth?.status ?? 'signed-out';
  if (auth === 'signed-out') return 'signed-out';
  return h.sync?.connection === 'offline' ? 'offline' : 'live';
}
