// The question Electron's message box asks once an update has downloaded, built in plain Node from the
// catalogues: in every language its own words (no English left behind), the product and version named,
// button 0 restarting and button 1 (Escape too) leaving it for the next quit.
import { describe, expect, it } from 'vitest';
import { restartQuestion } from '../../../electron/core/update-question.js';
import { UI_LANGUAGES } from '../../../shared/i18n/translator.js';

describe('the update question', () => {
  const english = restartQuestion('en', 'Support Console', '2.4.1');

  it('names the product and version, and restarts only on its first button', () => {
    expect(english).toEqual({
      type: 'info',
      buttons: ['Restart now', 'Later'],
      defaultId: 0,
      cancelId: 1,
      message: 'Support Console 2.4.1 is ready to install.',
      detail: 'Restart now to use it, or later: it installs when you quit the app.',
    });
  });

  it.each(UI_LANGUAGES.filter((l) => l !== 'en'))('is asked in %s, none of it in English', (language) => {
    const q = restartQuestion(language, 'Support Console', '2.4.1');
    expect(q.message).toContain('Support Console');
    expect(q.message).toContain('2.4.1');
    expect(q.message).not.toBe(english.message);
    expect(q.detail).not.toBe(english.detail);
    expect(q.buttons[0]).not.toBe(english.buttons[0]);
    expect(q.buttons[1]).not.toBe(english.buttons[1]);
  });

  it('in German, word for word from the catalogue', () => {
    expect(restartQuestion('ge', 'Support Console', '2.4.1').buttons).toEqual([
      'Jetzt neu starten',
      'Später',
    ]);
  });
});
