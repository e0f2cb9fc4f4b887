// Each component test file of the renderer (jsdom) shares its worker's window and modules with the files
// before it (vitest.config.ts: isolate: false, which spares each file a new window and the import of React
// and the screens). So what a file leaves behind must be put away for the next one here.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no matchMedia. The Overview's charts (uPlot) ask it when they draw, after their chunk loads:
// in a window of its own that came after the file's end and went unseen; in a shared one it failed the
// next file. Nothing matches, as in a window without the queried feature.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (media: string) =>
    ({
      matches: false,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Testing Library unmounts after each test only in the first file that imports it (its afterEach is
// registered once per module registry): every file gets that cleanup here.
afterEach(() => {
  cleanup();
});
