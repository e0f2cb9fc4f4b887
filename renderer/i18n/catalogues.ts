// The five catalogues the renderer speaks: its own messages plus the shared ones (errors, notices) that
// main sends as keys. One flat object per language.

import { SHARED_CATALOGUES } from '../../shared/i18n/catalogues/index.js';
import type { CatalogueEntry, UiLanguage } from '../../shared/i18n/translator.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';

const RENDERER: Record<UiLanguage, Readonly<Record<string, CatalogueEntry | undefined>>> = {
  en,
  es,
  it,
  ge: de,
  fr,
};

/** Everything `language` provides (no English filled in: the parity test reads these as they are). */
export function catalogueOf(language: UiLanguage): Record<string, CatalogueEntry> {
  const out: Record<string, CatalogueEntry> = {};
  for (const source of [SHARED_CATALOGUES[language], RENDERER[language]])
    for (const [key, value] of Object.entries(source)) if (value !== undefined) out[key] = value;
  return out;
}
