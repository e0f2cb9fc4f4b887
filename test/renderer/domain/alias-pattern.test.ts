import { afterEach } from 'vitest';
import { setLanguage } from '../../../renderer/i18n/index.js';
import { hasCounter, parseAliasPattern, renderAlias } from '../../../renderer/domain/alias-pattern.js';
import { makeDevice } from '../../shared/support/fixtures.js';

function render(pattern: string, index = 0, folder: string | null = 'Sales') {
  const parsed = parseAliasPattern(pattern);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return renderAlias(
    parsed.parts,
    makeDevice(7, { name: 'PC-7', ip: '10.0.0.7', alias: 'old' }),
    folder,
    index,
  );
}

describe('alias pattern', () => {
  it('fills name, folder, ip and the current alias', () => {
    expect(render('{folder} {name} ({ip}) was {alias}')).toBe('Sales PC-7 (10.0.0.7) was old');
  });

  it('counts from 1, zero-padded to the width asked', () => {
    expect(render('{folder}-{n}', 0)).toBe('Sales-1');
    expect(render('{folder}-{n}', 11)).toBe('Sales-12');
    expect(render('{folder}-{n:3}', 4)).toBe('Sales-005');
    expect(render('{n:2}', 122)).toBe('123');
  });

  it('leaves a missing value empty and trims the result', () => {
    expect(render('{folder} {name}', 0, null)).toBe('PC-7');
  });

  it('keeps doubled braces as literal ones', () => {
    expect(render('{{{name}}}')).toBe('{PC-7}');
  });

  it('rejects unknown placeholders and stray braces with their position', () => {
    expect(parseAliasPattern('a{host}')).toEqual({
      ok: false,
      error: expect.objectContaining({ at: 1, message: expect.stringContaining('{host}') }),
    });
    expect(parseAliasPattern('ab{name')).toMatchObject({ ok: false, error: { at: 2 } });
    expect(parseAliasPattern('x}')).toMatchObject({ ok: false, error: { at: 1 } });
    expect(parseAliasPattern('{n:0}')).toMatchObject({ ok: false });
    expect(parseAliasPattern('{n:12}')).toMatchObject({ ok: false });
  });

  afterEach(() => setLanguage('en'));

  it('says what is wrong in the chosen language, the braces shown literally', () => {
    setLanguage('ge');
    expect(parseAliasPattern('x}')).toMatchObject({
      ok: false,
      error: { message: 'Ein „}“ ohne sein „{“ (für eine Klammer „}}“ schreiben).' },
    });
    expect(parseAliasPattern('a{host}')).toMatchObject({
      ok: false,
      error: {
        message:
          'Unbekannter Platzhalter {host}: verwenden Sie {name}, {folder}, {ip}, {alias}, {n} oder {n:3}.',
      },
    });
    expect(parseAliasPattern('{n:12}')).toMatchObject({
      ok: false,
      error: { message: 'Die Breite des Zählers muss 1 bis 9 sein.' },
    });
  });

  it('says whether the pattern can tell devices apart', () => {
    const a = parseAliasPattern('{name}');
    const b = parseAliasPattern('{name}-{n:2}');
    expect(a.ok && hasCounter(a.parts)).toBe(false);
    expect(b.ok && hasCounter(b.parts)).toBe(true);
  });
});
