// The one formatter both processes use: ICU MessageFormat (plural, select, number) through FormatJS's
// @formatjs/intl, which runs the same in Node and in Chromium. Main formats the tray, notifications and
// application menu with it; the renderer formats everything else. Catalogues are flat objects of
// key → ICU message, one per language, with English the reference every other follows.

import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { LANGUAGES, type KnownLanguage } from '../model.js';

export type UiLanguage = KnownLanguage;
export const UI_LANGUAGES: readonly UiLanguage[] = LANGUAGES;

export type MessageValues = Record<string, string | number>;

/** A message as data: what crosses IPC instead of an English sentence. */
export interface I18nMessage {
  key: string;
  values?: MessageValues;
}

/** The BCP 47 locale of a service language code (the service writes German as `ge`). */
export function localeOf(language: UiLanguage): string {
  return language === 'ge' ? 'de' : language;
}

/** The service's language value (known, unknown or absent) as a language the console speaks. */
export function uiLanguageOf(value: unknown): UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value)
    ? (value as UiLanguage)
    : 'en';
}

/** The first of this computer's languages (BCP 47, most preferred first) that the console speaks. */
export function languageOfLocales(locales: readonly string[]): UiLanguage | null {
  for (const locale of locales) {
    const base = locale.toLowerCase().split(/[-_]/)[0];
    const language = base === 'de' ? 'ge' : base;
    if ((UI_LANGUAGES as readonly string[]).includes(language ?? '')) return language as UiLanguage;
  }
  return null;
}

/**
 * The language the console speaks in, on both sides: the Settings choice, or with 'account' the signed-in
 * user's own on the service. Before sign-in (or for a user without a language the console speaks) that is
 * this computer's language (`computerLocales`), else English.
 */
export function chosenLanguage(
  choice: UiLanguage | 'account',
  accountLanguage: unknown,
  computerLocales: readonly string[] = [],
): UiLanguage {
  if (choice !== 'account') return choice;
  const own = uiLanguageOf(accountLanguage);
  if (own !== 'en' || accountLanguage === 'en') return own;
  return languageOfLocales(computerLocales) ?? 'en';
}

/** A catalogue's message: ICU MessageFormat text (plurals are ICU plurals; there is no other form). */
export type CatalogueEntry = string;

export interface Translator {
  readonly language: UiLanguage;
  readonly locale: string;
  t(key: string, values?: MessageValues): string;
  has(key: string): boolean;
  readonly intl: IntlShape<string>;
}

/**
 * A translator for `language` over `messages`; a key the language lacks falls back to `fallback`
 * (English), and a key nobody has shows as itself (the e2e run looks for those).
 */
export function createTranslator(
  language: UiLanguage,
  messages: Readonly<Record<string, CatalogueEntry>>,
  fallback: Readonly<Record<string, CatalogueEntry>> = {},
): Translator {
  const flat: Record<string, string> = { ...fallback, ...messages };
  const locale = localeOf(language);
  const intl = createIntl(
    {
      locale,
      messages: flat,
      // A missing key is the parity test's business; at run time the key itself is shown, not a crash.
      onError: () => {},
    },
    createIntlCache(),
  );
  const formats = new Map<string, ReturnType<typeof intl.formatters.getMessageFormat> | null>();
  return {
    language,
    locale,
    intl,
    has: (key) => key in flat,
    t: (key, values) => {
      if (!values) return intl.formatMessage({ id: key }) as string;
      // Each call of formatMessage serialises its arguments to find its memoised formatter: at 100,000
      // rows (an export, a grid) that lookup costs more than the formatting. The compiled message is
      // kept per key instead; a key without a message goes the usual way (it shows the key).
      let compiled = formats.get(key);
      if (compiled === undefined) {
        const message = flat[key];
        compiled = message === undefined ? null : intl.formatters.getMessageFormat(message, locale);
        formats.set(key, compiled);
      }
      return compiled ? String(compiled.format(values)) : (intl.formatMessage({ id: key }, values) as string);
    },
  };
}
