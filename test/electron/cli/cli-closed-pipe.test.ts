// `support-console … | head`: the reader closes the pipe before the command has written everything. The
// command line ends quietly with its code instead of throwing Node's unhandled EPIPE with a stack.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it, inject } from 'vitest';

const ENTRY = path.join(inject('spawnedBundle'), 'support-console.js');

function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [ENTRY, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Closed before the child writes a byte: its first write to stdout meets a pipe nobody reads.
  child.stdout.destroy();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a reader that closes the pipe early', () => {
  it('ends the command quietly with code 0, no EPIPE stack on stderr', async () => {
    const run = await runWithClosedStdout(['--help']);
    expect(run.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('keeps a failed command’s code', async () => {
    // A usage error prints to stderr and exits 2 whatever happened to stdout.
    const run = await runWithClosedStdout(['devices', 'list', '--format', 'nonsense']);
    expect(run.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(run.code).toBe(2);
  });
});
