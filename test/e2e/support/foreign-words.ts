// Words on screen that are not in the language shown: the pseudo-locale walk and the German walk read every
// visible text node (and the names, placeholders and tooltips a user or a screen reader meets) and flag the
// words that escaped a catalogue. What is allowed is what the service itself holds (device, folder, user
// and customer names, operating systems, addresses: `serviceWords`) and what Intl writes for the locale
// (month and weekday names, AM/PM, zone names): those are data, not the console's text.

import type { Page } from '@playwright/test';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { AccountStore } from '../../../service/domain/account-store.js';

/** Letters-only words of a text, as written (apostrophes and hyphens split words). */
export function wordsOf(text: string): string[] {
  return text.match(/\p{L}+/gu) ?? [];
}

/** The literal words of an ICU message: what a reader sees of it, without argument and plural syntax. */
export function messageWords(message: string): string[] {
  const out: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal) out.push(...wordsOf(el.value));
      else if ('options' in el)
        for (const option of Object.values(el.options) as Array<{ value: MessageFormatElement[] }>)
          walk(option.value);
      else if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parse(message));
  return out;
}

/** Every word the service's own data holds (lower case): names, aliases, systems, customers, notes. */
export function serviceWords(store: AccountStore): Set<string> {
  const words = new Set<string>();
  const add = (value: unknown): void => {
    if (typeof value === 'string') for (const w of wordsOf(value)) words.add(w.toLowerCase());
    else if (Array.isArray(value)) value.forEach(add);
    else if (value && typeof value === 'object') Object.values(value).forEach(add);
  };
  add(store.listDevices());
  const folders = (parent?: string): void => {
    for (const folder of store.listFolders(parent)) {
      add(folder);
      folders(folder.id);
    }
  };
  folders();
  add(store.listUsers());
  add(store.listSessions());
  return words;
}

/** What Intl writes in `locale` besides digits: month and weekday names, day periods, era and zone names. */
export function intlWords(locale: string): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => wordsOf(text).forEach((w) => words.add(w.toLowerCase()));
  for (let m = 0; m < 12; m++)
    for (const month of ['short', 'long'] as const)
      add(new Intl.DateTimeFormat(locale, { month, day: 'numeric' }).format(Date.UTC(2026, m, 10)));
  for (let d = 0; d < 7; d++)
    for (const weekday of ['short', 'long'] as const)
      add(new Intl.DateTimeFormat(locale, { weekday }).format(Date.UTC(2026, 10, 22 + d)));
  for (const hour of [1, 13])
    add(new Intl.DateTimeFormat(locale, { hour: 'numeric' }).format(Date.UTC(2026, 0, 1, hour)));
  for (const zone of Intl.supportedValuesOf('timeZone')) add(zone);
  for (const unit of ['kilobyte', 'megabyte', 'gigabyte'])
    add(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(1));
  ['utc', 'gmt', 'csv', 'pin', 'url', 'ip', 'mac', 'os'].forEach((w) => words.add(w));
  return words;
}

export interface ShownText {
  text: string;
  /** Where it is: the element's tag and class, or the attribute it came from. */
  where: string;
}

/**
 * Every text a person meets on the page now: visible text nodes (screen-reader-only text included, it is
 * read out), the options of visible selects, and placeholders, accessible names and tooltips.
 */
export async function shownTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(() => {
    const out: Array<{ text: string; where: string }> = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || !text || /^(SCRIPT|STYLE|NOSCRIPT)$/.test(parent.tagName)) continue;
      if (parent.tagName === 'OPTION') {
        const select = parent.closest('select');
        if (!select?.checkVisibility()) continue;
      } else if (!parent.checkVisibility()) continue;
      out.push({ text, where: describe(parent) });
    }
    for (const el of document.querySelectorAll('[placeholder],[aria-label],[title]')) {
      if (!el.checkVisibility()) continue;
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push({ text: value, where: `${describe(el)}[${attr}]` });
      }
    }
    return out;
  });
}

/**
 * The texts holding a word `foreign` calls foreign, unless the service's data or Intl wrote that word:
 * "button.primary: "Save" (save)".
 */
export function foreignTexts(
  texts: readonly ShownText[],
  foreign: (word: string) => boolean,
  allowed: ReadonlySet<string>,
): string[] {
  const out = new Set<string>();
  for (const { text, where } of texts) {
    const bad = wordsOf(text).filter((w) => !allowed.has(w.toLowerCase()) && foreign(w));
    if (bad.length > 0) out.add(`${where}: "${text.slice(0, 60)}" (${[...new Set(bad)].join(', ')})`);
  }
  return [...out];
}
