// The ICU arguments a message reads, for the tests that hold the languages' messages to one another. A
// helper of its own, not an export of a test file: importing a test file runs its tests again in the
// importer.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

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
