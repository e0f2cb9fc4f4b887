// Bundles the devices decoding worker into ONE CommonJS file for the packaged app (run by electron-builder's
// beforePack hook, see electron-builder.config.ts). Why a bundle: the packaged main process lives in
// app.asar, and Electron reads CommonJS worker scripts from an asar archive (since Electron 17) but gives
// no such promise for ES-module workers, whose imports (shared/xml, saxes, fast-xml-parser and theirs)
// would all have to resolve from inside the archive. One self-contained .cjs requiring only node: built-ins
// loads like any CommonJS file, and stays inside app.asar under its integrity check (nothing unpacked).
// `npm start` and the tests keep using the tsc-built ES module worker (dist/electron), never this file.

import path from 'node:path';

/** Where the bundle lands, relative to the repository (and inside app.asar). */
export const WORKER_BUNDLE = 'dist/worker/devices-poll-worker.cjs';

export async function bundleDevicesWorker(root: string): Promise<string> {
  const { build } = await import('vite');
  const outFile = path.join(root, WORKER_BUNDLE);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'electron/core/devices-poll-worker.ts'),
      outDir: path.dirname(outFile),
      emptyOutDir: true,
      target: 'node22', // Electron 45's Node
      minify: false,
      sourcemap: false,
      // The view matcher, imported by the worker when a first view spanning accounts is asked, goes into
      // the one file too (no second chunk beside it).
      rollupOptions: {
        output: { format: 'cjs', entryFileNames: path.basename(outFile), codeSplitting: false },
      },
    },
    // Everything it imports goes into the one file: nothing is resolved from node_modules at run time.
    ssr: { noExternal: true, target: 'node' },
  });
  return outFile;
}
