// The console's messages: one ICU MessageFormat JSON file per language in ../messages/ (en.json, de.json,
// fr.json, es.json, it.json), the flat key → message files translation platforms such as Weblate and
// Crowdin take and give back. One file per language, not one per process: the main process formats some of
// them itself (tray, notifications, the application menu, the updater, errors, exports) and the renderer
// all of them, and a translator should get one file to translate, not two whose split is our business. So
// they live here in shared/, which both processes import (JSON is neither Node nor DOM); what main does not
// use costs it a few kilobytes. English is the reference: its keys are the MessageKey type, and the parity
// test (test/shared/i18n-parity.test.ts) holds every other file to exactly its keys and ICU arguments.

import de from '../messages/de.json' with { type: 'json' };
import en from '../messages/en.json' with { type: 'json' };
import es from '../messages/es.json' with { type: 'json' };
import fr from '../messages/fr.json' with { type: 'json' };
import it from '../messages/it.json' with { type: 'json' };
import { createTranslator, type Translator, type UiLanguage } from '../translator.js';

/** Every message's key: those of the English file. */
export type MessageKey = keyof typeof en;
/** The keys main formats: since there is one file per language, all of them. */
export type SharedMessageKey = MessageKey;
export type Messages = Readonly<Partial<Record<MessageKey, string>>>;

/**
 * A translation as the compiler sees it: a key English lacks (renamed or removed there, left here) is a
 * type error naming it; a key it lacks is the parity test's to report.
 */
function translation<T extends Messages>(
  messages: T & { [K in Exclude<keyof T, MessageKey>]: never },
): Messages {
  return messages;
}

export const englishMessages: Readonly<Record<MessageKey, string>> = en;

/** Each language's messages by the service's language code (German is `ge`; its file is de.json). */
export const CATALOGUES: Readonly<Record<UiLanguage, Messages>> = {
  en,
  es: translation(es),
  it: translation(it),
  ge: translation(de),
  fr: translation(fr),
};

const translators = new Map<UiLanguage, Translator>();

/** The main process's translator for `language` (tray, notifications, application menu). */
export function sharedTranslator(language: UiLanguage): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = createTranslator(language, CATALOGUES[language] as Record<string, string>, englishMessages);
    translators.set(language, translator);
  }
  return translator;
}
