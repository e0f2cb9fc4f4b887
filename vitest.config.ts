import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: everything that runs in Node (shared/, electron/, service/ against real loopback HTTP and a
// real Secret Service), and the renderer's stores and components in jsdom with a fake bridge.
// Chromium end-to-end tests are Playwright's (playwright.config.ts), benchmarks are `npm run bench`.
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Two files at a time even on two cores (Vitest's default there is one): most of the slow files wait
    // on child processes, loopback HTTP and timers rather than compute. `--maxWorkers=1` runs them in turn.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/{shared,electron,service,scripts}/**/*.test.ts'],
          // The command line and the children some tests kill, bundled once per run to be spawned; the
          // devices poll worker starts from the same bundle rather than its source under tsx.
          globalSetup: ['test/support/spawned-bundle.ts'],
          setupFiles: ['test/support/poll-worker-bundle.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.tsx'],
        },
      },
      {
        // The renderer's logic without its components (stores, domain, the bridge) needs no DOM: a jsdom
        // window per file cost about a third of a second of CPU each. A file that does need one says so in
        // its first line (`// @vitest-environment jsdom`).
        extends: true,
        test: {
          name: 'renderer-logic',
          environment: 'node',
          include: ['test/renderer/**/*.test.ts'],
        },
      },
    ],
  },
});
