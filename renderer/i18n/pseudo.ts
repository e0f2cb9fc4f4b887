// A pseudo-locale for development, made from the English catalogue the way large i18n teams do: every
// letter accented, each message about 40 % longer and bracketed ("[Ðéṽîçéš ····]"). Text on screen without
// the brackets escaped a catalogue; text cut off or spilling out will be cut in German or French too. Not
// offered to users: switched on by a hidden flag (localStorage, see isPseudoLocaleOn), for e2e and review.

import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

function accent(text: string): string {
  return [...text].map((c) => ACCENTED[c] ?? c).join('');
}

function walk(elements: MessageFormatElement[]): number {
  let letters = 0;
  for (const el of elements) {
    if (el.type === TYPE.literal) {
      letters += el.value.length;
      el.value = accent(el.value);
    } else if ('options' in el) {
      for (const option of Object.values(el.options) as Array<{ value: MessageFormatElement[] }>)
        letters = Math.max(letters, walk(option.value));
    } else if (el.type === TYPE.tag) letters += walk(el.children);
  }
  return letters;
}

/** One English ICU message as pseudo-locale text: accented, ~40 % longer, in brackets. */
export function pseudoMessage(message: string): string {
  const ast = parse(message);
  const letters = walk(ast);
  const padding = '·'.repeat(Math.max(1, Math.round(letters * 0.4)));
  return `[${printAST(ast)} ${padding}]`;
}

export function pseudoCatalogue(english: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(english)) out[key] = pseudoMessage(message);
  return out;
}

const FLAG = 'supportConsole.pseudoLocale';

/** The hidden development switch: localStorage "supportConsole.pseudoLocale" = "1". */
export function isPseudoLocaleOn(): boolean {
  try {
    // Read off globalThis: the main process runs this module too, without the DOM lib's types.
    const storage = (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage;
    return storage?.getItem(FLAG) === '1';
  } catch {
    return false;
  }
}
