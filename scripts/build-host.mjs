// Bundles the browser host (the core served to a browser: what `npm start -- --browser`, the end-to-end
// suite and the bench run) into a few ES module files in dist/host/. Why: Node loads the tsc output as
// some 200 separate modules (ours, zod's, fast-xml-parser's…), each resolved, read and compiled on its own,
// and that was ~550 ms of a cold start before the host listened; one bundle loads in a fraction of it.
// The tsc build (dist/electron) stays: Electron's main process, the preload and the packaged worker use it.
//
// Entries: browser-host.js (startBrowserApp), devices-poll-worker.js (the poll worker, found beside the
// code that starts it: devices-poller.ts resolves ./devices-poll-worker.js against its own module URL),
// ipc-dispatch.js + logger.js for the bench's host process, and support-console.js (the command line,
// package.json "bin": a core host like the browser host, so it shares its chunks and finds the poll worker
// the same way), console-commands.js (the command line's table, loaded by a running browser host when a
// command line sends it a command: electron/command-socket/serve-console.ts) and command-line.js (the
// command line without its process entry, as the unit suite runs it in process); code they share lands in
// chunks. Electron's main (tsc-built, which does not compile electron/cli) gets the command table as
// bundles of its own beside it: dist/electron/electron/cli/console-commands.js and command-line.js.
// Kept out of the bundle: @napi-rs/keyring (a native module, loaded from node_modules as before).
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HOST_OUTPUT = path.join(root, 'dist/host');

export const HOST_ENTRIES = {
  'browser-host': 'electron/browser-host/main.ts',
  'support-console': 'electron/cli/main.ts',
  'console-commands': 'electron/cli/console-commands.ts',
  'command-line': 'electron/cli/command-line.ts',
  'devices-poll-worker': 'electron/core/devices-poll-worker.ts',
  'ipc-dispatch': 'shared/ipc/dispatch.ts',
  logger: 'electron/core/logger.ts',
};

/** What every bundle of the host shares: one ES module file set for Node 20, the keyring and Electron left out. */
const NODE_ESM = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@napi-rs/keyring', 'electron'],
  // CommonJS dependencies (saxes, oauth-1.0a…) call require() for Node's built-ins: an ES module has none.
  banner: {
    js: "import { createRequire as __scCreateRequire } from 'node:module'; const require = __scCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
};

/**
 * `outdir` and `entryPoints` are for the unit suite, which bundles the processes it spawns the same way
 * (test/support/spawned-bundle.ts): inside the repository, so the keyring module resolves from node_modules.
 */
export async function bundleHost({ outdir = HOST_OUTPUT, entryPoints = HOST_ENTRIES } = {}) {
  await rm(outdir, { recursive: true, force: true });
  await build({
    ...NODE_ESM,
    entryPoints,
    splitting: true,
    outdir,
    // Beside the entries: the poller's chunk finds devices-poll-worker.js next to itself.
    chunkNames: '[name]-[hash]',
  });
  // The Electron main's copy of the command table, twice: console-commands.js for a command line that
  // hands its command to the running console, command-line.js for the app's binary run as the command
  // line (`--cli`, electron/cli-mode.ts). Each one file, at the depth of electron/core/ in the archive, so
  // the poll worker is found as from there (devices-worker-start.ts). The unit suite's bundle needs neither.
  if (outdir !== HOST_OUTPUT) return;
  for (const entry of ['console-commands', 'command-line']) {
    await build({
      ...NODE_ESM,
      entryPoints: [`electron/cli/${entry}.ts`],
      outfile: path.join(root, `dist/electron/electron/cli/${entry}.js`),
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleHost();
}
