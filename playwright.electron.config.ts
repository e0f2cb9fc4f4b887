import { defineConfig } from '@playwright/test';

// The Electron end-to-end suite: runs only where an Electron binary exists (scripts/electron-e2e.mjs says
// so otherwise). It launches the built app (`npm run build` first) against the stand-in service.
export default defineConfig({
  testDir: 'test/electron-e2e',
  timeout: 60_000,
  workers: 1,
  retries: 0,
  reporter: 'list',
});
