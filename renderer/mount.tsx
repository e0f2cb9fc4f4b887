// The interface: React DOM and every screen, most of the renderer's code. main.tsx loads it only after
// the stores have asked the host for the snapshot, so parsing and running it overlaps the answer's trip.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import type { AppStores } from './state/app-stores.js';
import { StoresProvider } from './state/context.js';

export function mount(root: HTMLElement, stores: AppStores): void {
  createRoot(root).render(
    <StrictMode>
      <StoresProvider value={stores}>
        <App />
      </StoresProvider>
    </StrictMode>,
  );
}
