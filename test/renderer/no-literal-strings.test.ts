// No user-visible text is written into a component: every word goes through t(), so every language gets
// it. Reads each renderer .tsx with the TypeScript parser and reports JSX text and the attributes a
// person reads or hears (aria-label, title, placeholder, alt, aria-description) when they hold a literal
// with letters in it.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const RENDERER = path.join(import.meta.dirname, '../../renderer');
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'aria-description',
  'aria-roledescription',
]);
const HAS_LETTER = /\p{L}/u;

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

export function literalStrings(source: string, fileName = 'x.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text))
      found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
      const init = node.initializer;
      const literal =
        init && ts.isStringLiteral(init)
          ? init.text
          : init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
            ? init.expression.text
            : null;
      if (literal !== null && HAS_LETTER.test(literal))
        found.push(`${where(node)} ${node.name.getText()}="${literal}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('components write no user-visible literal', () => {
  it('finds what it looks for', () => {
    expect(literalStrings('const a = <p title="Close">Hello <b>{x}</b></p>;')).toEqual([
      'x.tsx:1 title="Close"',
      'x.tsx:1 text "Hello"',
    ]);
    expect(literalStrings('const a = <input placeholder={"Name"} aria-label={t("k")} />;')).toEqual([
      'x.tsx:1 placeholder="Name"',
    ]);
    expect(literalStrings('const a = <p title="F5">{t("k")} · ×</p>;')).toEqual(['x.tsx:1 title="F5"']);
  });

  it('in every renderer component', () => {
    const found = componentFiles(RENDERER).flatMap((file) =>
      literalStrings(readFileSync(file, 'utf8'), path.relative(RENDERER, file)),
    );
    expect(found).toEqual([]);
  });
});
