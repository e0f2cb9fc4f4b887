// The message layer's language state: the console's language, a customer's language beside it (tIn), the
// locale of dates and numbers, and who is told of a change. The translator is made on first use, so these
// pin that switching (and switching back) gives each language's text, never a stale one.

import {
  formatNumber,
  getLanguage,
  getLocale,
  setLanguage,
  subscribeLanguage,
  t,
  tIn,
} from '../../renderer/i18n/index.js';

describe('the console language', () => {
  afterEach(() => setLanguage('en'));

  it('switches messages, locale and numbers, and back', () => {
    expect(t('devices.title')).toBe('Devices');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    setLanguage('ge');
    expect(getLanguage()).toBe('ge');
    expect(getLocale()).toBe('de');
    expect(t('devices.title')).toBe('Geräte');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    setLanguage('en');
    expect(getLocale()).toBe('en');
    expect(t('devices.title')).toBe('Devices');
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });

  it("speaks a customer's language beside the console's", () => {
    setLanguage('ge');
    expect(tIn('es', 'invitation.now')).toBe('ahora');
    expect(tIn('en', 'invitation.now')).toBe('now');
    expect(tIn('ge', 'invitation.now')).toBe('jetzt');
    expect(t('invitation.now')).toBe('jetzt');
  });

  it('tells listeners of a change once, and not of setting the same language', () => {
    const heard: string[] = [];
    const stop = subscribeLanguage(() => heard.push(getLanguage()));
    setLanguage('en');
    setLanguage('fr');
    setLanguage('fr');
    stop();
    setLanguage('it');
    expect(heard).toEqual(['fr']);
  });
});
