// Runs the command line as a technician's shell would: a child process of Node on the command line
// bundled from the sources for this run (test/support/spawned-bundle.ts, as package.json "bin" is built),
// asynchronously (the stand-in service answers from this test's own event loop).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const ENTRY = path.join(inject('spawnedBundle'), 'support-console.js');

export interface CliRun {
  code: number | null;
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string>;
  /** Written to the command's stdin, then closed; without it stdin is empty. */
  input?: string;
  /** Leave stdin open for the test to write to (child.stdin), as a person types at a prompt. */
  keepStdin?: boolean;
}

/** The child (to kill it halfway) and its end. */
export function spawnCli(
  args: readonly string[],
  options: CliOptions = {},
): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, [ENTRY, ...args], {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  if (!options.keepStdin) child.stdin!.end(options.input ?? '');
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

export function runCli(
  args: readonly string[],
  env: Record<string, string> = {},
  input?: string,
): Promise<CliRun> {
  return spawnCli(args, { env, ...(input !== undefined ? { input } : {}) }).done;
}
