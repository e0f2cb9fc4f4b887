// The language menu, in Settings and on the sign-in screen: the choice is kept in the settings (main keeps
// them across runs, signed in or not). Each language is named in itself, so it can be found by someone who
// does not read the current one.

import type { Settings } from '../../shared/ipc/contract.js';
import { localeOf, UI_LANGUAGES, type UiLanguage } from '../../shared/i18n/translator.js';
import { t } from '../i18n/index.js';
import { useShell, useStores } from '../state/context.js';

/** A language's name in that language ("Deutsch", "Français"), from Intl. */
export function nativeLanguageName(code: UiLanguage): string {
  const locale = localeOf(code);
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** `automatic`: how the 'account' choice reads here ("As on the service (German)", "As on this computer …"). */
export function LanguageSelect({ id, automatic }: { id: string; automatic: string }) {
  const { actions } = useStores();
  const choice = useShell((s) => s.settings?.language ?? 'account');
  return (
    <label className="field">
      <span>{t('settings.language')}</span>
      <select
        id={id}
        value={choice}
        onChange={(e) => void actions.updateSettings({ language: e.target.value as Settings['language'] })}
      >
        <option value="account">{automatic}</option>
        {UI_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={localeOf(code)}>
            {nativeLanguageName(code)}
          </option>
        ))}
      </select>
    </label>
  );
}
