// Renders the whole app over a fake bridge, as the renderer runs for real minus the main process.

import { render } from '@testing-library/react';
import { App } from '../../../renderer/App.js';
import { createAppStores, type AppStoreOptions } from '../../../renderer/state/app-stores.js';
import { StoresProvider } from '../../../renderer/state/context.js';
import type { AppSnapshot } from '../../../shared/ipc/contract.js';
import { createFakeBridge, makeSnapshot } from './fake-bridge.js';

// jsdom does no layout: give elements a size so the virtualised grid renders its visible rows.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

export async function renderApp(patch: Partial<AppSnapshot> = {}, options: AppStoreOptions = {}) {
  const bridge = createFakeBridge(makeSnapshot(patch));
  const stores = createAppStores(bridge, options);
  await stores.start();
  const view = render(
    <StoresProvider value={stores}>
      <App />
    </StoresProvider>,
  );
  return { bridge, stores, view };
}
