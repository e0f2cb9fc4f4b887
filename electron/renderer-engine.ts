// How the desktop app sizes its window's JavaScript engine (V8), and the one place it is said: the Electron
// glue hands it to Chromium (app.commandLine, before the app is ready, which every renderer it starts
// inherits), and the bench's Chromium, standing in for that renderer here, is launched with the same flags.
//
// The young generation: V8 lets it grow to 2 × 16 MB while a first load or an account switch allocates
// (tens of thousands of devices, their search texts and sort keys), and keeps it committed afterwards: the
// console then idles in the tray with tens of MB of empty nursery. Two accounts of 50,000 devices (bench
// `two_accounts_100k_memory_mb`, host + page, 3 runs each, loads 1.3-3.6): 591-642 MB at V8's default,
// 556-589 with 8 MB semi-spaces, 551-574 with 4 MB (the page's process alone 291-305 → 246 MB). At 4 MB
// the search's keystroke p95 at 100,000 devices reached its 50 ms floor in 3 runs of 5 (50.2-62.9 ms); at
// 8 MB it stayed at 32-38 ms (V8's default: 36-43), the first rows from the copy as noisy as at the
// default. What a load allocates dies at once or is kept for good: a smaller nursery costs a few more short
// scavenges, and below 8 MB it began to cost the search.

/** V8 flags for the renderer (Chromium's `--js-flags`). */
export const RENDERER_JS_FLAGS = '--max-semi-space-size=8';
