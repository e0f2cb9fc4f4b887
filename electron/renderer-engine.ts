// How the desktop app sizes its window's JavaScript engine (V8), and the one place it is said: the Electron
// glue hands it to Chromium (app.commandLine, before the app is ready, which every renderer it starts
// inherits), and the bench's Chromium, standing in for that renderer here, is launched with the same flags.
//
// The young generation: V8 lets it grow to 2 × 16 MB while a first load or an account switch allocates
// (tens of thousands of devices, their search texts and sort keys), and keeps it committed afterwards: the
// console then idles in the tray with ~32 MB of empty nursery. Two accounts of 50,000 devices each, built
// renderer and host, three runs each (loads 1.3-3.6, bench `two_accounts_100k_memory_mb`): the page's
// process 291-305 MB at V8's default, 246 MB with 4 MB semi-spaces; the search, sort, first-click, palette
// and scroll figures stayed within their floors (100,000 devices). What a load allocates either dies at
// once or is kept for good, so a smaller nursery costs a few more short scavenges, not speed a user sees.

/** V8 flags for the renderer (Chromium's `--js-flags`). */
export const RENDERER_JS_FLAGS = '--max-semi-space-size=4';
