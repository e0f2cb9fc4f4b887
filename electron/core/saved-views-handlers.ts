// The renderer's saved views (the `views:*` channels): they belong to the signed-in account; none while
// signed out.

import { fail } from '../../shared/errors.js';
import type { InvokeHandlers } from '../../shared/ipc/contract.js';
import type { Id } from '../../shared/model.js';
import { storageProblem } from './atomic-file.js';
import type { SavedViewsStore } from './saved-views-store.js';

export function savedViewsHandlers(
  store: SavedViewsStore,
  signedInAs: () => { baseUrl: string; userId: Id } | null,
): Pick<InvokeHandlers, 'views:load' | 'views:save'> {
  return {
    'views:load': async () => {
      const who = signedInAs();
      return who ? store.load(who.baseUrl, who.userId) : { views: [] };
    },
    'views:save': async (p) => {
      const who = signedInAs();
      if (!who)
        fail({
          kind: 'not-allowed',
          message: 'Sign in to save views.',
          key: 'error.app.signInToSaveViews',
        });
      try {
        await store.save(who.baseUrl, who.userId, p);
      } catch (error) {
        fail({ kind: 'storage', message: storageProblem(error, 'the saved views') });
      }
    },
  };
}
