// electron-updater, driven by the plain-Node policy of core/updater.ts: the feed it decided, a check at
// start and daily, the download in the background, and a question before restarting (never a restart
// behind the technician's back: a support session may be running). An update not installed by a restart
// installs when the app quits.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserWindow } from 'electron';
import { app, dialog } from 'electron';
import electronUpdater from 'electron-updater';
import type { UiLanguage } from '../../shared/i18n/translator.js';
import type { UpdateCheckOutcome } from '../core-port.js';
import {
  LastCheckStore,
  PACKAGED_FEED_KEY,
  UpdateScheduler,
  createLogger,
  resolveUpdateConfig,
  restartQuestion,
  systemClock,
} from '../core-port.js';

/** The feed chosen when packaging, from the packaged package.json (build/electron-builder.config.ts). */
function packagedFeedUrl(appRoot: string): string | null {
  try {
    const pkg = JSON.parse(readFileSync(path.join(appRoot, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const url = pkg[PACKAGED_FEED_KEY];
    return typeof url === 'string' ? url : null;
  } catch {
    return null;
  }
}

/** The updater of this installation; the caller start()s it once the core runs (no check before that). */
export function createUpdates(options: {
  dataDir: string;
  window: () => BrowserWindow | null;
  /** The technician's language now: the question is asked in it. */
  language: () => UiLanguage;
}): UpdateScheduler {
  const logger = createLogger(undefined, 'updates');
  const config = resolveUpdateConfig({
    host: 'electron',
    packaged: app.isPackaged,
    env: process.env,
    packagedFeedUrl: packagedFeedUrl(app.getAppPath()),
  });
  // Read lazily: electron-updater's getter builds the platform's updater, which needs a running Electron.
  const check = async (): Promise<UpdateCheckOutcome> => {
    const result = await electronUpdater.autoUpdater.checkForUpdates();
    if (!result?.isUpdateAvailable) return { outcome: 'up-to-date', version: app.getVersion() };
    return { outcome: 'downloading', version: result.updateInfo.version };
  };
  const scheduler = new UpdateScheduler({
    config,
    check,
    store: new LastCheckStore(options.dataDir),
    clock: systemClock,
    logger,
  });
  if (config.off !== null || !config.feedUrl) {
    logger.info('updates are off', { reason: config.off });
    return scheduler;
  }

  const { autoUpdater } = electronUpdater;
  autoUpdater.setFeedURL({ provider: 'generic', url: config.feedUrl });
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.on('error', (error: Error) => {
    void scheduler.record({
      outcome: 'failed',
      stage: 'update',
      message: error.message.slice(0, 300),
    });
  });
  autoUpdater.on('update-downloaded', (info: { version: string }) => {
    void scheduler.record({ outcome: 'downloaded', version: info.version });
    void askToRestart(info.version, options.window());
  });
  return scheduler;

  async function askToRestart(version: string, win: BrowserWindow | null): Promise<void> {
    const question = restartQuestion(options.language(), app.getName(), version);
    const { response } = win
      ? await dialog.showMessageBox(win, question)
      : await dialog.showMessageBox(question);
    if (response === 0) autoUpdater.quitAndInstall();
  }
}
