// electron-builder configuration (`npm run package`; `npm run package:dir` for an unpacked build).
// appId comes from electron/app-identity.ts, the same constant the main process gives
// app.setAppUserModelId(): Windows shows notifications only when the two agree.
// nsis (Windows), dmg+zip (macOS) and AppImage (Linux) are the targets electron-updater can update from;
// `publish` is the generic feed they update from (electron/core/updater.ts), and the same address goes
// into the packaged package.json, where the app reads it. Signing and notarisation: see README, "Build
// installers"; electron-builder reads their credentials from the environment and skips them when absent.

import path from 'node:path';
import type { Configuration } from 'electron-builder';
import { APP_ID, EXECUTABLE_NAME, PRODUCT_NAME } from '../electron/app-identity.js';
import { PACKAGED_FEED_KEY, packagingFeedUrl } from '../electron/core/updater.js';
import { WORKER_BUNDLE, bundleDevicesWorker } from './bundle-worker.js';

const feedUrl = packagingFeedUrl(process.env);

/** A command-line shim of build/cli/, shipped as resources/bin/<name>. */
const CLI_SHIM = (name: string) => ({ from: `build/cli/${name}`, to: `bin/${name}` });

const config: Configuration = {
  appId: APP_ID,
  productName: PRODUCT_NAME,
  executableName: EXECUTABLE_NAME,
  directories: { output: 'dist-app', buildResources: 'build/resources' },
  // The built app only: no sources, tests, service stand-in, source maps or the browser host (which only
  // `npm start` uses). Source maps stay out so nothing of the sources ships by accident.
  files: [
    'package.json',
    'dist/electron/**/*',
    'dist/renderer/**/*',
    WORKER_BUNDLE,
    'build/tray/*.png',
    '!**/*.map',
    '!dist/electron/.tsbuildinfo',
    '!dist/electron/electron/browser-host/**',
  ],
  asar: true,
  extraMetadata: { [PACKAGED_FEED_KEY]: feedUrl },
  publish: [{ provider: 'generic', url: feedUrl }],
  // The devices decoding worker ships as one CommonJS bundle inside app.asar (see bundle-worker.ts for why);
  // it is built here, before electron-builder collects the files, from the sources of this checkout.
  beforePack: async () => {
    await bundleDevicesWorker(path.resolve(import.meta.dirname, '..'));
  },
  // Electron fuses (after Element Desktop's builder config): the packaged binary cannot be turned into a
  // plain Node, take NODE_OPTIONS or --inspect, nor load code from outside its integrity-checked app.asar.
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
  },
  // The command line (`support-console`): a shim in resources/bin that runs the app's binary with --cli
  // (electron/cli-mode.ts), since the fuses above keep the binary from running as plain Node. Not beside
  // the binary: on Linux and Windows the binary is itself named support-console.
  win: { target: ['nsis'], extraResources: [CLI_SHIM('support-console.cmd')] },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
  mac: {
    target: ['dmg', 'zip'],
    category: 'public.app-category.business',
    extraResources: [CLI_SHIM('support-console')],
  },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Network',
    maintainer: 'Support Console maintainers <support-console@example.com>',
    extraResources: [CLI_SHIM('support-console')],
  },
};

export default config;
