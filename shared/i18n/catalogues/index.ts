import { createTranslator, type Translator, type UiLanguage } from '../translator.js';
import { sharedDe } from './de.js';
import { sharedEn, type SharedMessageKey } from './en.js';
import { sharedEs } from './es.js';
import { sharedFr } from './fr.js';
import { sharedIt } from './it.js';

export type { SharedMessageKey };
export { sharedEn };

export const SHARED_CATALOGUES: Record<UiLanguage, Partial<Record<SharedMessageKey, string>>> = {
  en: sharedEn,
  es: sharedEs,
  it: sharedIt,
  ge: sharedDe,
  fr: sharedFr,
};

const translators = new Map<UiLanguage, Translator>();

/** The main process's translator for `language` (tray, notifications, application menu). */
export function sharedTranslator(language: UiLanguage): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = createTranslator(language, SHARED_CATALOGUES[language], sharedEn);
    translators.set(language, translator);
  }
  return translator;
}
