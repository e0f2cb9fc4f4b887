// Every word of `--help`, on every command of the tree, in the terminal's language: in German (no English
// word of the catalogues or of commander left) and in the pseudo-locale (renderer/i18n/pseudo.ts: every
// catalogue letter accented, so a plain letter that is not a name or a value passed in escaped the
// catalogues). Names stay as typed: commands, options, placeholders (<id>, [options]) and the usage line
// after its heading, as gh and kubectl keep theirs. Also commander's own usage errors, in German.
//
// In-process (the command table with a terminal of strings): the pseudo-locale is made by replacing the
// English catalogue, as test/shared/i18n-pseudo-main.test.ts does; the other languages are the real files.

import type { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { pseudoCatalogue } from '../../../renderer/i18n/pseudo.js';
import type * as SharedCatalogues from '../../../shared/i18n/catalogues/index.js';
import type { CliIo } from '../../../electron/cli/cli-io.js';
import { LANGUAGES } from '../../../shared/model.js';
import { messageWords, wordsOf } from '../../e2e/support/foreign-words.js';

vi.mock('../../../shared/i18n/catalogues/index.js', async (original) => {
  const real = await original<typeof SharedCatalogues>();
  return {
    ...real,
    // 'en' speaks the pseudo-locale; the English file stays the fallback for a key a language lacks.
    CATALOGUES: { ...real.CATALOGUES, en: pseudoCatalogue(real.englishMessages) },
  };
});

const { englishMessages, CATALOGUES } = await import('../../../shared/i18n/catalogues/index.js');
const { buildProgram } = await import('../../../electron/cli/program.js');
const { runProgram } = await import('../../../electron/cli/run-program.js');
const { progressLine } = await import('../../../electron/cli/outbox-drain.js');
const { CliText } = await import('../../../electron/cli/cli-text.js');

function terminal(locales: string[]): { io: CliIo; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const io: CliIo = {
    out: { write: (t) => void (out += t), columns: null },
    err: { write: (t) => void (err += t), isTTY: false },
    stdinIsTTY: false,
    readStdin: async () => '',
    confirm: async () => false,
    cwd: process.cwd(),
    locales,
  };
  return { io, out: () => out, err: () => err };
}

/** Every command path of the table, the program itself ("") first. */
function commandPaths(): string[][] {
  const paths: string[][] = [];
  const walk = (command: Command, path: string[]) => {
    paths.push(path);
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(buildProgram('1.0.0', { io: terminal([]).io }), []);
  return paths;
}

/** The values the table passes into its messages: names and examples, the same in every language. */
const VALUES = [
  'SUPPORT_CONSOLE_DATA_DIR',
  'SUPPORT_CONSOLE_SERVICE_URL',
  'SUPPORT_CONSOLE_CONSUMER_KEY',
  '2026-12-01T09:30',
  'Z / +01:00',
  '90m, 36h, 2d, 1w',
  'outbox list',
  'powershell',
  'table',
  'json',
  'csv',
  'bash',
  'zsh',
  'name',
  ...LANGUAGES,
];

/**
 * What a help text says in words: its headings and descriptions, without the names (the usage line after
 * its heading, each item's term column, the exit codes' numbers, the completion's shell lines) and without
 * the values passed in.
 */
function prose(help: string): string {
  const kept = help.split('\n').map((line) => {
    const usage = line.indexOf(' support-console');
    if (usage >= 0 && !line.startsWith(' ')) return line.slice(0, usage);
    if (/^ {2}(bash|zsh|PowerShell): /.test(line)) return '';
    if (/^ +\d+ {2}/.test(line)) return line.replace(/^ +\d+ {2}/, '');
    // An item: two spaces, its term (names), two or more spaces, its description.
    if (/^ {2}\S/.test(line)) return line.replace(/^ {2}\S.*?(\s{2,}|$)/, '');
    return line;
  });
  let text = kept.join(' ').replace(/\s+/g, ' ');
  // Whole words only: the language code "ge" is not the start of "gespeicherte".
  for (const value of [...VALUES].sort((a, b) => b.length - a.length)) {
    const escaped = value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    text = text.replace(new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, 'gu'), ' ');
  }
  return text.replace(/--?[a-z][\w-]*/g, ' ');
}

async function helpOf(path: string[], locales: string[]): Promise<string> {
  const t = terminal(locales);
  const code = await runProgram([...path, '--help'], '1.0.0', { io: t.io });
  expect(code, `${path.join(' ')} --help: ${t.err()}`).toBe(0);
  return t.out();
}

/** Words of the English catalogue (the real file) and of commander's help that German does not use. */
function englishOnlyWords(): Set<string> {
  const german = new Set(
    Object.values(CATALOGUES.ge).flatMap((m) => messageWords(m ?? '').map((w) => w.toLowerCase())),
  );
  const english = Object.values(englishMessages).flatMap((m) => messageWords(m));
  const commander = 'Usage Options Commands Arguments default display help for command print the version';
  return new Set(
    [...english, ...wordsOf(commander)].map((w) => w.toLowerCase()).filter((w) => !german.has(w)),
  );
}

describe('support-console --help in the terminal’s language', () => {
  const paths = commandPaths();

  it('walks the whole command table', () => {
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.map((p) => p.join(' '))).toEqual(
      expect.arrayContaining(['', 'devices move', 'sessions edit', 'completion']),
    );
  });

  it('leaves no English word in German, on any command', async () => {
    const english = englishOnlyWords();
    const left: string[] = [];
    for (const path of paths) {
      const help = await helpOf(path, ['de-DE']);
      expect(help).toMatch(/^Aufruf: support-console/);
      const words = wordsOf(prose(help)).filter((w) => english.has(w.toLowerCase()));
      if (words.length) left.push(`${path.join(' ') || '(program)'}: ${[...new Set(words)].join(', ')}`);
    }
    expect(left).toEqual([]);
  });

  it('leaves no plain letter outside the catalogues in the pseudo-locale, on any command', async () => {
    const left: string[] = [];
    for (const path of paths) {
      const help = await helpOf(path, []);
      expect(help).toMatch(/^\[Ûšåĝé/);
      const escaped = prose(help).match(/\S*[A-Za-z]\S*/g) ?? [];
      if (escaped.length) left.push(`${path.join(' ') || '(program)'}: ${escaped.join(' ')}`);
    }
    expect(left).toEqual([]);
  });

  it('says commander’s usage errors in German: one sentence, exit 2', async () => {
    const unknown = terminal(['de-DE']);
    expect(await runProgram(['devices', 'lst'], '1.0.0', { io: unknown.io })).toBe(2);
    expect(unknown.err()).toBe(
      'support-console: Unbekannter Befehl lst. Meinten Sie list?\n(--help zeigt den Aufruf)\n',
    );
    const option = terminal(['de-DE']);
    expect(await runProgram(['status', '--formt', 'json'], '1.0.0', { io: option.io })).toBe(2);
    expect(option.err()).toMatch(/^support-console: Unbekannte Option --formt\. Meinten Sie --format\?\n/);
    const missing = terminal(['de-DE']);
    expect(await runProgram(['devices', 'show'], '1.0.0', { io: missing.io })).toBe(2);
    expect(missing.err()).toMatch(/^support-console: Das Argument id fehlt\.\n/);
  });

  it('shows the progress line on a terminal in German, and nothing when stderr is piped', () => {
    const batch = {
      id: 'b',
      label: 'Move devices to a folder',
      total: 40,
      done: 10,
      failed: 1,
      cancelled: 1,
    };
    const state = {
      pending: 28,
      waiting: null,
      items: [],
      conflicts: [],
      batches: [{ ...batch, pending: 28, state: 'running' as const, failures: [], undoable: true }],
    };
    let shown = '';
    const line = progressLine({ write: (t) => void (shown += t), isTTY: true }, new CliText(['de-DE']));
    line.show(state);
    line.show({ ...state, batches: [] });
    line.end();
    expect(shown).toBe(
      '\r\u001b[2K12 von 40 Änderungen beantwortet\r\u001b[2K28 Änderungen zu senden\r\u001b[2K',
    );
    let piped = '';
    const quiet = progressLine({ write: (t) => void (piped += t), isTTY: false }, new CliText(['de-DE']));
    quiet.show(state);
    quiet.end();
    expect(piped).toBe('');
  });
});
