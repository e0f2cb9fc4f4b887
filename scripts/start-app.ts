// `npm start` (after scripts/start.sh made sure node_modules and dist exist): the stand-in service with
// its demo account, and the app pointed at it, so a first-time user walks the real PIN sign-in.
//
// The app runs in Electron where an Electron binary is installed (never downloaded from here) and a
// display exists; otherwise in the browser host, whose one-time URL is printed to open in any browser.
// Ctrl-C stops both.
//
// Flags:   --browser | --electron   choose the host (default: Electron if it can run)
//          --port N                  the browser host's port (default 8471, or a free one)
// Point the app at a real service instead of the demo (no demo service is started then):
//   SUPPORT_CONSOLE_SERVICE_URL=https://… SUPPORT_CONSOLE_CONSUMER_KEY=… [SUPPORT_CONSOLE_CONSUMER_SECRET=…] npm start
// Other environment: SUPPORT_CONSOLE_DATA_DIR (the browser host's data; default .cache/demo/app),
//   SUPPORT_CONSOLE_PORT (as --port), SUPPORT_CONSOLE_SERVICE_PORT (the demo service; default 8470).

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { startBrowserApp as StartBrowserApp } from '../electron/browser-host/main.js';
import type { LaunchDefaults } from '../electron/launch-config.js';
import { readLaunchDefaults } from '../electron/launch-config.js';
import type { RunningService } from '../service/server.js';
import { SERVICE_DEFAULTS, startService } from '../service/server.js';

interface BrowserHostModule {
  startBrowserApp: typeof StartBrowserApp;
}

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

const { values: flags } = parseArgs({
  options: {
    browser: { type: 'boolean', default: false },
    electron: { type: 'boolean', default: false },
    port: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (flags.help) {
  console.log('Usage: npm start [-- --browser | --electron] [-- --port N]   (see scripts/start-app.ts)');
  process.exit(0);
}

/** The Electron binary npm installed, if its download ever happened; never triggers one. */
function electronBinary(): string | null {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return process.env.ELECTRON_OVERRIDE_DIST_PATH;
  try {
    const dir = path.dirname(require.resolve('electron/package.json'));
    const pathFile = path.join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

function electronCannotRun(binary: string | null): string | null {
  if (!binary) return 'no Electron binary is installed here';
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return 'there is no display';
  return null;
}

async function listenWithFallback<T>(preferred: number, start: (port: number) => Promise<T>): Promise<T> {
  try {
    return await start(preferred);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || preferred === 0) throw error;
    console.log(`Port ${preferred} is in use; taking a free one.`);
    return start(0);
  }
}

function port(text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`Not a port: ${text}`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const stops: Array<() => Promise<void>> = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const stop of stops.reverse())
      await stop().catch((e: unknown) => console.error('While stopping:', e));
    process.exit(code);
  };
  process.on('SIGINT', () => {
    if (stopping) process.exit(130);
    console.log('\nStopping…');
    void stopAll(0);
  });
  process.on('SIGTERM', () => void stopAll(0));

  let defaults: LaunchDefaults;
  let service: RunningService | null = null;
  if (process.env.SUPPORT_CONSOLE_SERVICE_URL) {
    defaults = readLaunchDefaults(process.env);
    console.log(
      `Using the service at ${defaults.baseUrl} (SUPPORT_CONSOLE_SERVICE_URL); no demo service started.`,
    );
  } else {
    const demoDir = path.join(root, '.cache/demo/service');
    service = await listenWithFallback(
      port(process.env.SUPPORT_CONSOLE_SERVICE_PORT, SERVICE_DEFAULTS.port),
      (p) => startService({ port: p, dataDir: demoDir, simulate: true, demoScenarios: true }),
    );
    const running = service;
    stops.push(() => running.close());
    defaults = {
      baseUrl: service.baseUrl,
      consumerKey: SERVICE_DEFAULTS.consumerKey,
      consumerSecret: SERVICE_DEFAULTS.consumerSecret,
      demoSignIn: { email: SERVICE_DEFAULTS.adminEmail, password: SERVICE_DEFAULTS.adminPassword },
    };
    console.log(`Demo service (stand-in of the remote-support service): ${service.baseUrl}`);
    console.log(
      `  its state is kept in ${path.relative(root, demoDir)}; delete that folder for a fresh account`,
    );
    console.log(`  sign in as:  ${SERVICE_DEFAULTS.adminEmail} / ${SERVICE_DEFAULTS.adminPassword}`);
    console.log(
      `  (the app fills in the service address and consumer; the password goes in the authorize page)`,
    );
  }

  const binary = electronBinary();
  const whyNot = electronCannotRun(binary);
  const useElectron = flags.electron || (!flags.browser && whyNot === null);
  if (useElectron && binary) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SUPPORT_CONSOLE_SERVICE_URL: defaults.baseUrl,
      SUPPORT_CONSOLE_CONSUMER_KEY: defaults.consumerKey,
    };
    if (defaults.consumerSecret) env.SUPPORT_CONSOLE_CONSUMER_SECRET = defaults.consumerSecret;
    if (defaults.demoSignIn) {
      env.SUPPORT_CONSOLE_DEMO_EMAIL = defaults.demoSignIn.email;
      env.SUPPORT_CONSOLE_DEMO_PASSWORD = defaults.demoSignIn.password;
    }
    console.log('Starting Support Console (Electron)… Ctrl-C stops it and the demo service.');
    const child = spawn(binary, [root], { stdio: 'inherit', env });
    stops.push(async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    });
    child.on('exit', (code) => void stopAll(code ?? 0));
    return;
  }
  if (flags.electron) {
    console.error(`Cannot start Electron: ${whyNot}.`);
    await stopAll(1);
  }

  // The browser host runs the BUILT core (the dist/host bundle, scripts/build-host.mjs), not the TypeScript
  // sources: the core's worker thread, for one, loads its compiled file.
  const built = path.join(root, 'dist/host/browser-host.js');
  const { startBrowserApp } = (await import(pathToFileURL(built).href)) as BrowserHostModule;
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const dataDir = process.env.SUPPORT_CONSOLE_DATA_DIR || path.join(root, '.cache/demo/app');
  const app = await listenWithFallback(port(flags.port ?? process.env.SUPPORT_CONSOLE_PORT, 8471), (p) =>
    startBrowserApp({
      rendererDir: path.join(root, 'dist/renderer'),
      dataDir,
      defaults,
      appVersion: pkg.version,
      port: p,
    }),
  );
  stops.push(() => app.close());
  console.log('');
  console.log(
    `Support Console runs in the browser host (${flags.browser ? 'as asked' : `Electron cannot run: ${whyNot}`}).`,
  );
  console.log("Open this address in a browser on this computer (it carries this launch's key):");
  console.log('');
  console.log(`    ${app.host.launchUrl}`);
  console.log('');
  console.log('Ctrl-C stops it.');
}

main().catch((error: unknown) => {
  console.error('npm start failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
