// The accounts:* channels as a core of one account answers them when it runs alone, without the accounts
// layer (accounts-core.ts) around it: the command line and the tests of one core. Inside the layer these
// are never reached (the layer answers them itself).

import type { ServiceHandlers } from '../../../shared/ipc/services.js';
import { AppFailure } from '../../../shared/errors.js';

export function oneAccountHandlers(): ServiceHandlers<'accounts'> {
  const refuse = async (): Promise<never> => {
    throw new AppFailure({
      kind: 'not-allowed',
      key: 'error.app.oneAccountOnly',
      message: 'This run holds one account only.',
    });
  };
  return {
    'accounts:list': async () => ({ active: '', accounts: [] }),
    'accounts:add': refuse,
    'accounts:switch': refuse,
    'accounts:rename': refuse,
    'accounts:remove': refuse,
    // No other account to search or to match a view in; quiet hours for all are this account's own (watch:set).
    'accounts:search': async () => [],
    'accounts:view-matches': async () => [],
    'accounts:quiet-hours': refuse,
  };
}
