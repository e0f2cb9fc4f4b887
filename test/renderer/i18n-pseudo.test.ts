// The pseudo-locale: every English message accented, ~40 % longer and bracketed, with its ICU arguments
// (plurals, selects, numbers) intact, so it formats like the English one.
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../shared/i18n/translator.js';
import { catalogueOf } from '../../renderer/i18n/catalogues.js';
import { pseudoCatalogue, pseudoMessage } from '../../renderer/i18n/pseudo.js';
import { icuArguments } from '../support/icu-arguments.js';

describe('pseudo-locale', () => {
  it('accents, lengthens and brackets a message, keeping its arguments', () => {
    expect(pseudoMessage('Devices')).toBe('[Ðéṽîçéš ···]');
    const plural = pseudoMessage('{count, plural, one {# device} other {# devices}}');
    const t = createTranslator('en', { m: plural });
    expect(t.t('m', { count: 1200 })).toBe('[1,200 ðéṽîçéš ···]');
  });

  it('covers every English message with the same arguments', () => {
    const english = catalogueOf('en');
    const pseudo = pseudoCatalogue(english);
    for (const [key, message] of Object.entries(english)) {
      expect(pseudo[key], key).toMatch(/^\[.*\]$/s);
      expect(icuArguments(pseudo[key]!), key).toEqual(icuArguments(message));
    }
  });
});
