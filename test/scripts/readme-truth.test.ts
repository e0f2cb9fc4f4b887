// The README speaks to users, and what it says about commands and keys is held to the code: every
// `npm run <script>` it names exists, the section keys it names are the ones the console handles, each
// shortcut it lists is one Settings lists too, every local file it names or links exists, and it points
// nowhere outside the repository.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECTIONS, sectionForKey } from '../../renderer/shortcuts.js';
import { englishMessages as en } from '../../shared/i18n/catalogues/index.js';

const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: object })
  .scripts as Record<string, string>;

describe('README', () => {
  it('names only npm scripts that package.json defines', () => {
    const named = new Set<string>();
    for (const m of readme.matchAll(/`npm (?:run )?([a-z][\w:-]*)/g)) named.add(m[1]!);
    for (const builtin of ['ci', 'install']) named.delete(builtin);
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((name) => !(name in scripts))).toEqual([]);
  });

  it('says Alt+1–N for exactly the sections the keys switch to', () => {
    const ranges = [...readme.matchAll(/Alt\+1–(\d)/g)].map((m) => Number(m[1]));
    expect(ranges.length).toBeGreaterThan(0);
    for (const n of ranges) expect(n).toBe(SECTIONS.length);
    for (let key = 1; key <= SECTIONS.length; key++) expect(sectionForKey(String(key))).not.toBeNull();
    expect(sectionForKey(String(SECTIONS.length + 1))).toBeNull();
  });

  it('lists only shortcuts the console lists in Settings', () => {
    const bullet = /\*\*Keyboard first\*\*:([^\n]*(?:\n {2}[^\n]*)*)/.exec(readme)?.[1] ?? '';
    const keys = [...bullet.matchAll(/(Ctrl\+[A-Z]|F\d|Shift\+F10|`\/`)/g)].map((m) =>
      m[1]!.replace(/`/g, ''),
    );
    expect(keys.length).toBeGreaterThan(3);
    const settingsList = Object.entries(en)
      .filter(([key]) => key.startsWith('shortcuts.'))
      .map(([, text]) => String(text))
      .join('\n');
    expect(keys.filter((key) => key !== 'Shift+F10' && !settingsList.includes(key))).toEqual([]);
  });

  it('names files and links that exist, and nothing outside the repository', () => {
    expect(readme).not.toMatch(/\]\(\.\.\/|`\.\.\/|\/work\//);
    const links = [...readme.matchAll(/\]\(([^)#]+)\)/g)]
      .map((m) => m[1]!)
      .filter((l) => !/^https?:/.test(l));
    const paths = [
      ...readme.matchAll(/`((?:scripts|test|renderer|electron|shared|service|build)\/[\w./-]+\.\w+)`/g),
    ].map((m) => m[1]!);
    expect(links.length + paths.length).toBeGreaterThan(5);
    expect([...links, ...paths].filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });

  it('speaks of the product, not of how it was made', () => {
    expect(readme).not.toMatch(
      /\bissue \d+|\b(first|second|third|fourth|fifth) session\b|\bour build machines\b/i,
    );
  });
});
