import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The test folders that run in Node (the renderer's have projects of their own below). */
const NODE_DIRS = ['shared', 'electron', 'service', 'scripts'];

/**
 * The test files that replace a module (`vi.mock`, `vi.doMock`: electron, node:fs, a catalogue, the
 * palette's index). A replaced module stays replaced in a module registry shared with other files, so
 * these files get one of their own; every other Node file, and every other component file in jsdom,
 * shares its worker's registry (and window), which spares each file the import of the modules it shares
 * with the others: about 70 of the Node files' 207 CPU-seconds, and 35 of the component files' 49. Found
 * by reading the files, so a new file that mocks lands here by itself. What a shared file changes besides
 * (the locale, a timer, a global) it restores in its own afterEach.
 */
function filesThatMock(dirs: readonly string[], suffix: string): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(`test/${dir}`, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith(suffix))
      .map((name) => `test/${dir}/${name}`)
      .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8'))),
  );
}
const MOCKING = filesThatMock(NODE_DIRS, '.test.ts');
const COMPONENTS_MOCKING = filesThatMock(['renderer'], '.test.tsx');

/** What both Node projects start with. */
const NODE_PROJECT = {
  environment: 'node' as const,
  // The command line and the children some tests kill, bundled once per run to be spawned; the devices
  // poll worker starts from the same bundle rather than its source under tsx.
  globalSetup: ['test/support/spawned-bundle.ts'],
  setupFiles: ['test/support/poll-worker-bundle.ts'],
};

// Everything that runs in Node (shared/, electron/, service/ against real loopback HTTP and a real Secret
// Service) in two projects, the files that mock apart; the renderer's components in jsdom with a fake
// bridge, likewise in two (those sharing a window put away what they leave: renderer-dom-setup.ts), and
// its logic in Node, each file on its own (a shared registry let one file's condition kinds into another's).
// Chromium end-to-end tests are Playwright's (playwright.config.ts), benchmarks are `npm run bench`.
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Two files at a time even on two cores (Vitest's default there is one): most of the slow files wait
    // on child processes, loopback HTTP and timers rather than compute. Three at a time ran the suite in
    // 117 s against 131 s alone, but in a fresh clone's CI the keychain's daemon died under it and a new one,
    // started by D-Bus, came up locked (every keychain test then failed): not worth 14 s. `--maxWorkers` on
    // the command line does not reach the projects below (they take this value): edit it here.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          ...NODE_PROJECT,
          name: 'node',
          include: [`test/{${NODE_DIRS.join(',')}}/**/*.test.ts`],
          exclude: MOCKING,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...NODE_PROJECT, name: 'node-mocks', include: MOCKING },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.tsx'],
          exclude: COMPONENTS_MOCKING,
          isolate: false,
          setupFiles: ['test/support/renderer-dom-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer-mocks',
          environment: 'jsdom',
          include: COMPONENTS_MOCKING,
          setupFiles: ['test/support/renderer-dom-setup.ts'],
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
