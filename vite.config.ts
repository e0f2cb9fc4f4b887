import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is built once and served two ways: loaded from disk by Electron, and from 127.0.0.1 by the
// browser host. Relative asset paths make both work.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: true, target: 'es2022' },
});
