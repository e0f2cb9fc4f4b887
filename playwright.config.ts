import { defineConfig } from '@playwright/test';

// End-to-end tests in Debian's Chromium (never a downloaded browser) against the browser host and the
// stand-in service, both started by the tests' fixtures on loopback. The browser is Debian's headless shell
// (chromium-headless-shell: Chromium's own Blink and V8 without the desktop browser's processes), which
// cost 328 CPU-seconds for the whole suite where the full browser cost 444 (190 s against 242 s alone,
// quiet). The bench launches the full browser itself, and `npm run screenshots` sets CHROMIUM_PATH to it.
export default defineConfig({
  testDir: 'test/e2e',
  // Every test starts its own service and browser host on ephemeral ports with their own data directories
  // (fixtures.ts), so tests of one file may run at once. Two workers even on two cores: a test mostly
  // waits (loopback HTTP, polls, the browser drawing), and the accessibility audits, a third of the run,
  // keep one core busy each. `--workers=1` runs them one at a time.
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A failing test runs once more, recording a trace (below), and the run still fails: a test that
  // passes only on its second try is reported flaky and fails the run (failOnFlakyTests). Recording a
  // trace of every test, to keep the failing ones', cost 60 % more CPU: 41 CPU-seconds against 25 for
  // devices.spec and keyboard.spec together, quiet.
  retries: 1,
  failOnFlakyTests: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 860 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
