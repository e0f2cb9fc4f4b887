// The app's binary as the command line (electron/cli-mode.ts): which launches are the command line, and
// Electron's main (electron/main.ts, against the 'electron' stub: no Electron can run here) running a
// command with --cli first through the same command table as `support-console`, its output and exit
// code, with nothing of the app started (no single-instance lock, no window, no tray).

import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandLineArguments, runCommandLine } from '../../../electron/cli-mode.js';
import type * as Stub from '../support/electron-stub.js';

vi.mock('electron', () => import('../support/electron-stub.js'));

describe('commandLineArguments', () => {
  it('takes everything after --cli when it is the first argument, packaged or run from a folder', () => {
    expect(commandLineArguments(['/opt/sc/support-console', '--cli', 'devices', 'list'], false)).toEqual([
      'devices',
      'list',
    ]);
    expect(commandLineArguments(['/opt/sc/support-console', '--cli'], false)).toEqual([]);
    expect(commandLineArguments(['electron', '.', '--cli', 'status', '--cli'], true)).toEqual([
      'status',
      '--cli',
    ]);
  });

  it('is the app otherwise: no --cli, or --cli anywhere but first', () => {
    expect(commandLineArguments(['/opt/sc/support-console'], false)).toBeNull();
    expect(commandLineArguments(['/opt/sc/support-console', '--hidden', '--cli'], false)).toBeNull();
    expect(commandLineArguments(['electron', '--cli', 'status'], true)).toBeNull();
  });
});

/** process.stdout and process.stderr as strings while `run` runs (write callbacks answered). */
async function captured<T>(run: () => Promise<T>): Promise<{ value: T; out: string; err: string }> {
  const seen = { out: '', err: '' };
  const spy = (stream: NodeJS.WriteStream, into: 'out' | 'err') =>
    vi.spyOn(stream, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
      seen[into] += String(chunk);
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as NodeJS.WriteStream['write']);
  const spies = [spy(process.stdout, 'out'), spy(process.stderr, 'err')];
  try {
    return { value: await run(), ...seen };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

describe('runCommandLine', () => {
  it('runs the command table from its sources and resolves to the exit code', async () => {
    const { value, out } = await captured(() => runCommandLine(['completion', 'bash']));
    expect(value).toBe(0);
    expect(out).toMatch(/^# support-console completion for bash/);
  });

  it('says in one sentence that the command line could not be loaded, and ends with 1', async () => {
    const { value, err } = await captured(() =>
      runCommandLine(['status'], () => Promise.reject(new Error('the command line is not built'))),
    );
    expect(value).toBe(1);
    expect(err).toBe('support-console: the command line is not built\n');
  });
});

describe('electron/main.ts launched with --cli first', () => {
  const argv = process.argv;
  const env = { ...process.env };
  afterEach(() => {
    process.argv = argv;
    process.env = { ...env };
  });

  /** A fresh main.ts (the module registry is reset, so it runs again) launched with `args`. */
  async function launch(...args: string[]) {
    process.argv = [process.execPath, ...args];
    vi.resetModules();
    // The stub main.ts meets: the mocked 'electron' (kept across the reset, as mocks are).
    const stub = (await import('electron')) as unknown as typeof Stub;
    stub.app.calls.length = 0;
    const lock = vi.spyOn(stub.app, 'requestSingleInstanceLock');
    const run = await captured(async () => {
      await import('../../../electron/main.js');
      await vi.waitFor(() => expect(stub.app.calls.some((c) => c.startsWith('exit:'))).toBe(true), {
        timeout: 15_000,
      });
    });
    return { ...run, stub, lock };
  }

  it('runs the command and exits with its code, starting nothing of the app', async () => {
    const { out, stub, lock } = await launch('--cli', '--version');
    expect(out).toBe('0.1.0\n');
    expect(stub.app.calls).toEqual(['exit:0']);
    expect(lock).not.toHaveBeenCalled();
    expect(stub.BrowserWindow.instances).toHaveLength(0);
    expect(stub.Tray.instances).toHaveLength(0);
  });

  it('speaks the terminal’s language and ends a usage error with 2', async () => {
    process.env.LC_ALL = 'de_DE.UTF-8';
    const { out, err, stub } = await launch('--cli', 'devices', 'lst');
    expect(out).toBe('');
    expect(err).toMatch(/^support-console: Unbekannter Befehl lst\. Meinten Sie list\?\n/);
    expect(stub.app.calls).toEqual(['exit:2']);
  });
});
