// Which language the console speaks: the Settings choice; else the account's; before sign-in (or for an
// account without a language the console speaks) this computer's; else English. Both processes use it.
import { describe, expect, it } from 'vitest';
import { chosenLanguage, languageOfLocales } from '../../shared/i18n/translator.js';

describe('chosen language', () => {
  it('maps the computer’s locales to the first language the console speaks (German is the service’s ge)', () => {
    expect(languageOfLocales(['de-AT', 'en'])).toBe('ge');
    expect(languageOfLocales(['nl-NL', 'fr_CA'])).toBe('fr');
    expect(languageOfLocales(['nl'])).toBeNull();
  });

  it('prefers the choice, then the account’s language, then the computer’s, then English', () => {
    expect(chosenLanguage('it', 'ge', ['fr'])).toBe('it');
    expect(chosenLanguage('account', 'ge', ['fr'])).toBe('ge');
    expect(chosenLanguage('account', 'en', ['fr'])).toBe('en');
    expect(chosenLanguage('account', null, ['fr-FR'])).toBe('fr');
    expect(chosenLanguage('account', { unknown: 'xx' }, ['es'])).toBe('es');
    expect(chosenLanguage('account', null, ['nl'])).toBe('en');
  });
});
