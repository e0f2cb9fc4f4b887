// --help on every command of the tree, --version, and the completion scripts generated from the same tree
// (bash run for real; zsh and PowerShell are not installed here, so their scripts are checked as text).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/** Every command path, as the bash completion script's table lists them ("" is the program itself). */
function commandPaths(script: string): string[] {
  return [...script.matchAll(/^ {4}"([^"]*)"\) words=/gm)].map((m) => m[1]!);
}

describe('support-console help and completion', () => {
  it('answers --help on every command with its usage and the exit codes, and --version', async () => {
    const bash = await runCli(['completion', 'bash']);
    expect(bash.code, bash.stderr).toBe(0);
    const paths = commandPaths(bash.stdout);
    for (const expected of [
      'devices move',
      'folders delete',
      'sessions create',
      'views export',
      'outbox retry',
    ])
      expect(paths).toContain(expected);
    for (let i = 0; i < paths.length; i += 4) {
      const runs = await Promise.all(
        paths
          .slice(i, i + 4)
          .map(async (p) => ({ p, r: await runCli([...p.split(' ').filter(Boolean), '--help']) })),
      );
      for (const { p, r } of runs) {
        expect(r.code, `${p} --help: ${r.stderr}`).toBe(0);
        expect(r.stdout, p).toMatch(new RegExp(`^Usage: support-console ${p}`.trimEnd()));
        expect(r.stdout, p).toMatch(/Exit codes:/);
      }
    }
    expect((await runCli(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  }, 300_000);

  it('completes commands and options in bash from the command tree', async () => {
    const script = (await runCli(['completion', 'bash'])).stdout;
    const complete = (...words: string[]) => {
      const r = spawnSync(
        'bash',
        [
          '-c',
          `${script}\nCOMP_WORDS=(support-console "$@"); COMP_CWORD=$#; _support_console_complete; echo "\${COMPREPLY[*]}"`,
          'x',
          ...words,
        ],
        { encoding: 'utf8' },
      );
      expect(r.status, r.stderr).toBe(0);
      return r.stdout.trim().split(' ');
    };
    expect(complete('dev')).toEqual(['devices']);
    expect(complete('devices', '')).toEqual(expect.arrayContaining(['list', 'show', 'set-alias', 'move']));
    expect(complete('--cached', 'devices', 'move', '--d')).toEqual(['--dry-run']);
    expect(complete('sessions', 'create', '--l')).toEqual(['--language']);
  }, 60_000);

  it('writes zsh and PowerShell scripts over the same table, and refuses another shell (2)', async () => {
    const zsh = await runCli(['completion', 'zsh']);
    expect(zsh.stdout).toMatch(
      /^# support-console completion for zsh[\s\S]*bashcompinit[\s\S]*complete -o default -F/,
    );
    const ps = await runCli(['completion', 'powershell']);
    expect(ps.stdout).toMatch(/Register-ArgumentCompleter -Native -CommandName 'support-console'/);
    expect(ps.stdout).toContain(`'devices move' = @(`);
    const fish = await runCli(['completion', 'fish']);
    expect(fish.code).toBe(2);
    expect(fish.stderr).toMatch(/Completion is made for bash, zsh, powershell, not fish\./);
  }, 60_000);
});
