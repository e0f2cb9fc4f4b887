// The question asked once an update has downloaded, in the technician's language: Electron's message box
// shows it (glue/updater.ts passes this object through), so its words are built here, in plain Node, from
// the catalogues, where a test reads them in every language and in the pseudo-locale.

import { sharedTranslator } from '../../shared/i18n/catalogues/index.js';
import type { UiLanguage } from '../../shared/i18n/translator.js';

/** Button 0 restarts and installs; button 1 (also Escape, closing the box) leaves it for the next quit. */
export interface RestartQuestion {
  type: 'info';
  buttons: [restartNow: string, later: string];
  defaultId: 0;
  cancelId: 1;
  message: string;
  detail: string;
}

export function restartQuestion(language: UiLanguage, product: string, version: string): RestartQuestion {
  const { t } = sharedTranslator(language);
  return {
    type: 'info',
    buttons: [t('updater.restartNow'), t('updater.later')],
    defaultId: 0,
    cancelId: 1,
    message: t('updater.ready', { product, version }),
    detail: t('updater.readyDetail'),
  };
}
