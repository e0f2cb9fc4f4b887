// Every message exists in every language with the same ICU arguments (name and kind: plain, number,
// date, plural, select), parses as ICU, and a translation is a translation: a sentence left in English
// is caught. Covers the renderer's catalogues and the shared ones (errors, tray, notices, menu).

import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogueOf } from '../../renderer/i18n/catalogues.js';
import { UI_LANGUAGES } from '../../shared/i18n/translator.js';

const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'plain',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
};

/** "count:plural", "name:plain", … for every argument the message reads, nested ones included. */
export function icuArguments(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      const kind = KIND[el.type];
      if (kind && 'value' in el) found.add(`${el.value as string}:${kind}`);
      if ('options' in el)
        for (const option of Object.values(el.options) as Array<{ value: MessageFormatElement[] }>)
          walk(option.value);
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

const english = catalogueOf('en');
const englishKeys = Object.keys(english).sort();

// Words that are the same in the other language (product name, units, technical terms).
const SAME_IN_TRANSLATION =
  /^(app\.title|tray\.tooltip\.app|common\.none|unit\.|age\.(seconds|minutes|hours)$|.*\.(ip|mac|cpu|alias|pin)$|.*\.timeIn$|time\.inZone|dataset\.failed|settings\.version|status\.(online|offline|bar)$|columns\.(name|status|os)$|devices\.count\.(online|offline)$|connection\.offline$|users\.col\.email$|sessions\.(code|agenda|count)$|nav\.(sessions|label)$|dataset\.sessions$|account\.menu$|signIn\.(consumerKey|consumerSecret|noKeychainDetails)$|status\.details$|devices\.searchPlaceholder$|tray\.status$|sessions\.note$|sessions\.customer$|role\.administrator$|tray\.tooltip\.status$|devices\.filterOs$|folders\.tree$|dataset\.folders$|language\.\w+$|users\.col\.name$|devices\.filterStatus$|devices\.aliasInput$|notice\.who$|outbox\.conflictItem$|statusNotice\.line$|settings\.updates\.checkedAt$|export\.(utc|shown)Suffix$|history\.(bar|transition)$|history\.duration\.(minutes|hours|days)$|palette\.kind\.(session|action|account)$|notice\.fromAccount$|accounts\.(noticeFrom|bannerFor|shortcut|status\.(online|offline))$|views\.cond\.status$)/;

describe('catalogues', () => {
  it('English messages are ICU strings (no older plural objects) and all parse', () => {
    for (const [key, entry] of Object.entries(english)) expect(typeof entry, key).toBe('string');
    for (const [key, entry] of Object.entries(english)) expect(() => parse(entry), key).not.toThrow();
  });

  for (const language of UI_LANGUAGES.filter((l) => l !== 'en')) {
    describe(language, () => {
      const catalogue = catalogueOf(language);

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
