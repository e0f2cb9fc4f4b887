// The application menu. Electron's default one offers Reload, Force Reload and Toggle Developer Tools (and
// its Ctrl+R would swallow the renderer's refresh key), none of which a technician's console should have.
// macOS needs a menu bar: the app menu (About, Hide, Quit) and an Edit menu, without which copy and paste
// shortcuts do nothing in text fields. Windows and Linux need none: the window has no menu bar, and
// Chromium handles the editing shortcuts itself.

import type { MenuItemConstructorOptions } from 'electron';
import { sharedTranslator } from '../../shared/i18n/catalogues/index.js';
import type { UiLanguage } from '../../shared/i18n/translator.js';

/** Items with a role are named by the OS in its own language; the one label we write is translated. */
export function applicationMenuTemplate(
  platform: NodeJS.Platform,
  appName: string,
  language: UiLanguage = 'en',
): MenuItemConstructorOptions[] | null {
  if (platform !== 'darwin') return null;
  return [
    {
      label: appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    {
      label: sharedTranslator(language).t('menu.edit'),
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
  ];
}
