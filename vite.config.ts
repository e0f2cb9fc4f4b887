import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// main.tsx imports the interface (mount.tsx) only once the stores have asked for the snapshot; the page
// fetches it from the start all the same, so loading it never waits on that.
const preloadInterface: Plugin = {
  name: 'preload-interface',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'mount');
      return chunk
        ? [
            {
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: '', href: `./${chunk.fileName}` },
              injectTo: 'head',
            },
          ]
        : [];
    },
  },
};

// The renderer is built once and served two ways: loaded from disk by Electron, and from 127.0.0.1 by the
// browser host. Relative asset paths make both work.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), preloadInterface],
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: true, target: 'es2022' },
});
