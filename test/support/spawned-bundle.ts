// Vitest global setup (node project): the processes the unit suite spawns (the command line, the outbox
// and history children a test SIGKILLs) bundled once per run, as scripts/build-host.mjs bundles the
// shipped command line. Started as `node --import tsx <source>` each spawn cost about a second of CPU in
// tsx's loader (and the CLI's poll worker loaded tsx again); the bundle starts in a fifth of that, and the
// suite spawns some two hundred of them. Written under test-results/ (git ignores it) rather than the OS
// temporary directory, so `@napi-rs/keyring`, kept out of the bundle, resolves from node_modules.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory holding <entry>.js for each of SPAWNED_ENTRIES. */
    spawnedBundle: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Entry name (the bundle's file name without .js) → source, beside the shipped host's own entries. */
export const SPAWNED_ENTRIES = {
  'outbox-child': 'test/electron/support/outbox-child.ts',
  'history-writer': 'test/electron/support/history-writer.ts',
} as const;

interface BuildHost {
  HOST_ENTRIES: Record<string, string>;
  bundleHost(options: { outdir: string; entryPoints: Record<string, string> }): Promise<void>;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outdir = path.join(ROOT, 'test-results', `.spawned-${process.pid}-${project.name}`);
  const { HOST_ENTRIES, bundleHost } = (await import(
    pathToFileURL(path.join(ROOT, 'scripts/build-host.mjs')).href
  )) as BuildHost;
  await bundleHost({ outdir, entryPoints: { ...HOST_ENTRIES, ...SPAWNED_ENTRIES } });
  project.provide('spawnedBundle', outdir);
  return () => rm(outdir, { recursive: true, force: true });
}
