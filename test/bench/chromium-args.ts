// The bench's Chromium stands in for the desktop app's window (Electron cannot be launched here): it runs
// with the engine flags the app gives its renderers (electron/renderer-engine.ts), so that what the bench
// measures of the page, its memory first, is what the app's window would show. BENCH_CHROMIUM_ARGS adds
// more for a diagnosis.
import { RENDERER_JS_FLAGS } from '../../electron/renderer-engine.js';

export function benchChromiumArgs(): string[] {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    `--js-flags=${RENDERER_JS_FLAGS}`,
    ...(process.env.BENCH_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
  ];
}
