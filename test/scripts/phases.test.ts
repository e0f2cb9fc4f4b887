// scripts/phases.sh, which runs the phases of `npm test` side by side: a phase that fails beside others
// fails the run and is named, its output is shown whole, and a run that ends early stops the phases
// still running, children included (a soak left behind would hold ports and a keyring).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];

function runPhases(body: string): { code: number | null; stdout: string; stderr: string; dir: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'phases-test-'));
  dirs.push(dir);
  const script = `set -euo pipefail\nPHASE_DIR=${JSON.stringify(dir)}\nsource scripts/phases.sh\n${body}`;
  const r = spawnSync('bash', ['-c', script], { cwd: root, encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, dir };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('scripts/phases.sh', () => {
  it('passes when every phase passes, each shown with its output', () => {
    const r = runPhases(`
start one bash -c 'sleep 0.2; echo from one'
start two bash -c 'echo from two'
run three echo from three
finish one two
give_up_if_failed
echo all done`);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/== one: passed in \d+ s\nfrom one/);
    expect(r.stdout).toMatch(/== two: passed in \d+ s\nfrom two/);
    expect(r.stdout).toContain('from three');
    expect(r.stdout).toContain('all done');
  });

  it('fails the run when a phase beside others fails, naming it and showing its output', () => {
    const r = runPhases(`
start soak bash -c 'sleep 0.3; echo invariant broken; exit 3'
start lint bash -c 'echo lint fine'
run vitest true
finish lint soak
give_up_if_failed
echo not reached`);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/== soak: FAILED \(exit 3\) in \d+ s\ninvariant broken/);
    expect(r.stderr).toMatch(/^FAILED: soak \(after \d+ s\)/m);
    expect(r.stdout).not.toContain('not reached');
  });

  it('names every failed phase, foreground and background', () => {
    const r = runPhases(`
start build bash -c 'exit 2'
run e2e false
finish build
give_up_if_failed`);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/FAILED: e2e build/);
  });

  it('stops the phases still running, with their children, when the run ends early', async () => {
    const r = runPhases(`
export PHASE_DIR
start soak bash -c 'echo $$ > "$PHASE_DIR/soak.pid"; sleep 30 & echo $! > "$PHASE_DIR/child.pid"; wait'
until [ -s "$PHASE_DIR/child.pid" ]; do sleep 0.1; done
run vitest false
give_up_if_failed`);
    expect(r.code).toBe(1);
    const pids = ['soak.pid', 'child.pid'].map((f) => Number(readFileSync(path.join(r.dir, f), 'utf8')));
    for (let i = 0; i < 50 && pids.some(alive); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pids.filter(alive)).toEqual([]);
  });
});
