// The renderer's saved views (the `views:*` channels): they belong to an account. The signed-in account's
// are read and written; the copy opened signed out (no credentials kept) shows its views read-only, so a
// restart without a keychain still finds them; none while nobody's data is shown.

import { fail } from '../../shared/errors.js';
import type { ServiceHandlers } from '../../shared/ipc/services.js';
import type { Id } from '../../shared/model.js';
import { storageProblem } from './atomic-file.js';
import type { SavedViewsStore } from './saved-views-store.js';

type Who = { baseUrl: string; userId: Id } | null;

export function savedViewsHandlers(
  store: SavedViewsStore,
  who: { signedInAs: Who; shownAs: Who },
): ServiceHandlers<'views'> {
  return {
    'views:load': async () => {
      const shown = who.shownAs;
      return shown ? store.load(shown.baseUrl, shown.userId) : { views: [] };
    },
    'views:save': async (p) => {
      const signedIn = who.signedInAs;
      if (!signedIn)
        fail({
          kind: 'not-allowed',
          message: 'Sign in to save views.',
          key: 'error.app.signInToSaveViews',
        });
      try {
        await store.save(signedIn.baseUrl, signedIn.userId, p);
      } catch (error) {
        fail({ kind: 'storage', message: storageProblem(error, 'the saved views') });
      }
    },
  };
}
