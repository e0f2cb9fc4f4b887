// Bundles the sandboxed renderer's preload into one CommonJS file: a sandboxed preload can require
// 'electron' and nothing of ours, so the channel names it allows are bundled in from shared/ipc rather than
// written out again. `npm run build` runs this after tsc; the glue test bundles the same way in memory.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PRELOAD_SOURCE = path.join(root, 'electron/glue/preload.ts');
export const PRELOAD_OUTPUT = path.join(root, 'dist/electron/electron/glue/preload.cjs');

/** Resolves to the bundle's text; writes it to PRELOAD_OUTPUT unless `write` is false. */
export async function bundlePreload({ write = true } = {}) {
  const result = await build({
    entryPoints: [PRELOAD_SOURCE],
    bundle: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    // zod comes along with the table the channel names are derived from; minified it is a fraction.
    minify: true,
    external: ['electron'],
    outfile: PRELOAD_OUTPUT,
    write,
    logLevel: 'warning',
  });
  return write ? null : result.outputFiles[0].text;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundlePreload();
}
