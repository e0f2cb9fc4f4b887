// Where the devices poll worker (devices-poll-worker.ts) is started from, for devices-poller.ts.
//
// The worker's source must load both as compiled JavaScript (the built app: devices-poll-worker.js
// beside this file) and as TypeScript under tsx/Vitest (this file is then a .ts source): in the latter
// case a tiny inline bootstrap registers tsx's loader inside the worker, then imports the .ts worker.
//
// In the packaged app this file sits inside app.asar, and the worker is a single CommonJS bundle beside the
// built code (dist/worker/devices-poll-worker.cjs, made by build/bundle-worker.ts): Electron reads
// CommonJS worker scripts from asar, ES-module workers and their imports from asar it does not promise.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What the Worker is started from: a module URL, or (eval) inline source. */
export interface WorkerSpec {
  source: string | URL;
  eval: boolean;
  workerData?: unknown;
}

const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsxApi) (await import(workerData.tsxApi)).register();
  await import(workerData.entry);
})().catch((error) => { setImmediate(() => { throw error; }); });
`;

// The ES module build of tsx's API, found through tsx's own exports map (require.resolve would give the
// CommonJS build, which cannot be import()ed).
function tsxEsmApi(from: string): string {
  const manifest = createRequire(from).resolve('tsx/package.json');
  const exportsMap = (
    JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }
  ).exports;
  const entry = exportsMap['./esm/api']?.import.default ?? './dist/esm/api/index.mjs';
  return new URL(entry, pathToFileURL(manifest)).href;
}

/** The worker to start for a poller module at `here`: the one-file bundle when running from app.asar. */
export function workerLocation(here: string): string | URL {
  if (/\.asar\//.test(new URL(here).pathname))
    return fileURLToPath(new URL('../../../worker/devices-poll-worker.cjs', here));
  return new URL('./devices-poll-worker.js', here);
}

export function defaultWorkerSpec(): WorkerSpec {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsxApi = tsxEsmApi(here);
    return {
      source: BOOTSTRAP,
      eval: true,
      workerData: { tsxApi, entry: new URL('./devices-poll-worker.ts', here).href },
    };
  }
  return { source: workerLocation(here), eval: false };
}
