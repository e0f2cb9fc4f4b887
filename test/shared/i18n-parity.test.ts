// The translators' files (shared/i18n/messages/<code>.json, one per language, as Weblate or Crowdin give
// them back) read as files: each is a flat JSON object of ICU messages, every message exists in every
// language with the same ICU arguments (name and kind: plain, number, date, plural, select) and parses,
// a translation is a translation (a sentence left in English is caught), and the console serves exactly
// what the files say.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogueOf } from '../../renderer/i18n/catalogues.js';
import { localeOf, UI_LANGUAGES, type UiLanguage } from '../../shared/i18n/translator.js';
import { icuArguments } from '../support/icu-arguments.js';

const MESSAGES = path.resolve(import.meta.dirname, '../../shared/i18n/messages');

/** A language's file as a translator delivers it: JSON, one object of key → ICU message. */
function messagesFile(language: UiLanguage): Record<string, string> {
  const data: unknown = JSON.parse(readFileSync(path.join(MESSAGES, `${localeOf(language)}.json`), 'utf8'));
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error(`${localeOf(language)}.json is not one JSON object`);
  for (const [key, value] of Object.entries(data))
    if (typeof value !== 'string') throw new Error(`${localeOf(language)}.json: "${key}" is not a string`);
  return data as Record<string, string>;
}

const english = messagesFile('en');
const englishKeys = Object.keys(english).sort();

// Words that are the same in the other language (product name, units, technical terms).
const SAME_IN_TRANSLATION =
  /^(app\.title|tray\.tooltip\.app|common\.none|unit\.|(cli\.)?age\.(seconds|minutes|hours)$|.*\.(ip|mac|cpu|alias|pin)$|.*\.timeIn$|time\.inZone|dataset\.failed|settings\.version|status\.(online|offline|bar)$|columns\.(name|status|os)$|devices\.count\.(online|offline)$|connection\.offline$|users\.col\.email$|sessions\.(code|agenda|count)$|nav\.(sessions|label)$|dataset\.sessions$|account\.menu$|signIn\.(consumerKey|consumerSecret|noKeychainDetails)$|status\.details$|devices\.searchPlaceholder$|tray\.status$|sessions\.note$|sessions\.customer$|role\.administrator$|tray\.tooltip\.status$|devices\.filterOs$|folders\.tree$|dataset\.folders$|language\.\w+$|users\.col\.name$|devices\.filterStatus$|devices\.aliasInput$|notice\.who$|outbox\.conflictItem$|statusNotice\.line$|settings\.updates\.checkedAt$|export\.(utc|shown)Suffix$|history\.(bar|transition)$|history\.duration\.(minutes|hours|days)$|palette\.kind\.(session|action|account)$|notice\.fromAccount$|accounts\.(noticeFrom|bannerFor|shortcut|column|status\.(online|offline))$|views\.cond\.status$|cli\.column\.(id|name|email|code|error|service)$|cli\.status\.account$|cli\.signIn\.pinPrompt$)/;

describe('catalogues', () => {
  it('are one file per language, named by its BCP 47 code (de.json, not ge.json), and no other', () => {
    expect(readdirSync(MESSAGES).sort()).toEqual(UI_LANGUAGES.map((l) => `${localeOf(l)}.json`).sort());
  });

  it('English messages are ICU strings (no older plural objects) and all parse', () => {
    for (const [key, entry] of Object.entries(english)) expect(() => parse(entry), key).not.toThrow();
  });

  for (const language of UI_LANGUAGES)
    it(`the console serves ${localeOf(language)}.json as it is`, () => {
      expect(catalogueOf(language)).toEqual(messagesFile(language));
    });

  for (const language of UI_LANGUAGES.filter((l) => l !== 'en')) {
    describe(language, () => {
      const catalogue = messagesFile(language);

      it('has every key and no other', () => {
        expect(Object.keys(catalogue).sort()).toEqual(englishKeys);
      });

      it('reads the same arguments as English in every message', () => {
        const mismatches: string[] = [];
        for (const key of englishKeys) {
          const entry = catalogue[key];
          if (entry === undefined) continue;
          const ours = icuArguments(entry).join(' ');
          const theirs = icuArguments(english[key]!).join(' ');
          if (ours !== theirs) mismatches.push(`${key}: ${ours} ≠ en ${theirs}`);
        }
        expect(mismatches).toEqual([]);
      });

      it('translates sentences instead of leaving them in English', () => {
        const untranslated = englishKeys.filter(
          (key) =>
            !SAME_IN_TRANSLATION.test(key) && catalogue[key] !== undefined && catalogue[key] === english[key],
        );
        expect(untranslated).toEqual([]);
      });
    });
  }
});
