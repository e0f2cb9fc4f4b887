// The technician's settings, persisted in dataDir. A missing or damaged file means the defaults.

import path from 'node:path';
import type { Settings } from '../../shared/ipc/contract.js';
import { LANGUAGES } from '../../shared/model.js';
import { readJsonFile, writeFileAtomic } from './atomic-file.js';

export const DEFAULT_SETTINGS: Settings = {
  reminderLeadMinutes: 10,
  notificationsEnabled: true,
  notificationsPausedUntil: null,
  theme: 'system',
  language: 'account',
  displayZone: 'computer',
};

export class SettingsStore {
  readonly #file: string;
  constructor(dataDir: string) {
    this.#file = path.join(dataDir, 'settings.json');
  }

  async load(): Promise<Settings> {
    try {
      const v = (await readJsonFile(this.#file)) as Partial<Settings> | undefined;
      if (!v || typeof v !== 'object') return { ...DEFAULT_SETTINGS };
      return {
        reminderLeadMinutes:
          Number.isInteger(v.reminderLeadMinutes) &&
          (v.reminderLeadMinutes as number) >= 0 &&
          (v.reminderLeadMinutes as number) <= 1440
            ? (v.reminderLeadMinutes as number)
            : DEFAULT_SETTINGS.reminderLeadMinutes,
        notificationsEnabled:
          typeof v.notificationsEnabled === 'boolean'
            ? v.notificationsEnabled
            : DEFAULT_SETTINGS.notificationsEnabled,
        notificationsPausedUntil:
          typeof v.notificationsPausedUntil === 'string' &&
          Number.isFinite(Date.parse(v.notificationsPausedUntil))
            ? v.notificationsPausedUntil
            : null,
        theme:
          v.theme === 'light' || v.theme === 'dark' || v.theme === 'system'
            ? v.theme
            : DEFAULT_SETTINGS.theme,
        language:
          v.language === 'account' || (LANGUAGES as readonly unknown[]).includes(v.language)
            ? (v.language as Settings['language'])
            : DEFAULT_SETTINGS.language,
        displayZone: v.displayZone === 'account' ? 'account' : DEFAULT_SETTINGS.displayZone,
      };
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
  }

  async save(settings: Settings): Promise<void> {
    await writeFileAtomic(this.#file, JSON.stringify(settings));
  }
}
