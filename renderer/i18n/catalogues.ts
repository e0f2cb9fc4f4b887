// The five catalogues the renderer speaks, read from the one JSON file per language in
// shared/i18n/messages/ (see shared/i18n/catalogues/index.ts for why they live there).

import { CATALOGUES } from '../../shared/i18n/catalogues/index.js';
import type { CatalogueEntry, UiLanguage } from '../../shared/i18n/translator.js';

/** Everything `language` provides (no English filled in: the parity test reads these as they are). */
export function catalogueOf(language: UiLanguage): Record<string, CatalogueEntry> {
  const out: Record<string, CatalogueEntry> = {};
  for (const [key, value] of Object.entries(CATALOGUES[language])) if (value !== undefined) out[key] = value;
  return out;
}
