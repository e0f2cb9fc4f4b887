// The command line's sentences in the technician's language: the console's catalogues (the cli.* keys of
// shared/i18n/messages/*.json), and the language the console itself speaks for the account: its Settings
// choice, else the signed-in user's language, else this computer's (LANG, LC_ALL, LC_MESSAGES). Until
// the account is open (a usage error) only the computer's is known.
//
// The renderer's i18n layer, whose column headers, cell texts and error sentences the command line shares
// (device-columns.ts, formatError), is switched to the same language.

import { CATALOGUES, englishMessages, type MessageKey } from '../../shared/i18n/catalogues/index.js';
import {
  chosenLanguage,
  createTranslator,
  languageOfLocales,
  localeOf,
  type MessageValues,
  type Translator,
  type UiLanguage,
} from '../../shared/i18n/translator.js';
import type { AppSnapshot } from '../../shared/ipc/contract.js';
import { setLanguage } from '../../renderer/i18n/index.js';

export type CliKey = Extract<MessageKey, `cli.${string}`>;
/** The command line's table columns: cli.column.<name>. */
type ColumnOf<K> = K extends `cli.column.${infer C}` ? C : never;
export type CliColumn = ColumnOf<CliKey>;

const translators = new Map<UiLanguage, Translator>();
function translator(language: UiLanguage): Translator {
  let found = translators.get(language);
  if (!found) {
    const messages = Object.fromEntries(
      Object.entries(CATALOGUES[language]).filter((e): e is [string, string] => e[1] !== undefined),
    );
    found = createTranslator(language, messages, englishMessages);
    translators.set(language, found);
  }
  return found;
}

/** A sentence in English: what an error carries as its message (logs, a caller without a language). */
export function english(key: CliKey, values?: MessageValues): string {
  return translator('en').t(key, values);
}

/** A value such as "signed-in" as an ICU select's case ("signedIn"): a case cannot hold a hyphen. */
export function selector(value: string): string {
  return value.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

export class CliText {
  #language: UiLanguage;

  constructor(readonly locales: readonly string[]) {
    this.#language = languageOfLocales(locales) ?? 'en';
    setLanguage(this.#language);
  }

  get language(): UiLanguage {
    return this.#language;
  }

  /** The console's rule for the account now open (app-core.ts trayState). */
  follow(snapshot: Pick<AppSnapshot, 'auth' | 'settings'>): void {
    const { auth } = snapshot;
    const user = auth.status === 'signed-in' || auth.status === 'reauth-required' ? auth.account.user : null;
    this.#language = chosenLanguage(snapshot.settings.language, user?.language, this.locales);
    setLanguage(this.#language);
  }

  say(key: CliKey, values?: MessageValues): string {
    return translator(this.#language).t(key, values);
  }

  /** A table's column headings: the catalogue's words (cli.column.*) in capitals, as the tables head. */
  headings(...columns: Array<CliColumn>): string[] {
    const locale = localeOf(this.#language);
    return columns.map((c) => this.say(`cli.column.${c}`).toLocaleUpperCase(locale));
  }

  /** "3 minutes", "2 hours": how old the copy is, in the unit a person would say. */
  age(ms: number): string {
    const s = Math.max(0, Math.round(ms / 1000));
    if (s < 90) return this.say('cli.age.seconds', { n: s });
    const m = Math.round(s / 60);
    if (m < 90) return this.say('cli.age.minutes', { n: m });
    const h = Math.round(m / 60);
    if (h < 48) return this.say('cli.age.hours', { n: h });
    return this.say('cli.age.days', { n: Math.round(h / 24) });
  }
}
