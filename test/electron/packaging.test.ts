// Packages the built app through scripts/package.mjs (--dir, Linux) against a placeholder Electron given as
// ELECTRON_OVERRIDE_DIST_PATH: no Electron download is possible here, and the script passes it on to
// electron-builder as electronDist. Also: without that, the script fails in seconds with one sentence. The placeholder carries Electron's fuse
// sentinel with Electron 45's default wire, so the real @electron/fuses flips it and the test can read
// what the packaged binary would enforce. Then app.asar is opened with @electron/asar. Needs `npm run build`
// first (scripts/test.sh runs it before the suites).

import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { builtinModules } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { extractFile, listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../build/electron-builder.config.js';
import { APP_ID, PRODUCT_NAME } from '../../electron/app-identity.js';
import { workerLocation } from '../../electron/core/devices-worker-start.js';
import { DevicesPart, type PartCarried } from '../../electron/core/devices-part.js';
import { PACKAGED_FEED_KEY } from '../../electron/core/updater.js';
import { device } from './support/fake-service.js';

const root = path.resolve(import.meta.dirname, '../..');
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron 45's defaults: RunAsNode on, cookie encryption off, NODE_OPTIONS on, --inspect on, asar integrity
// off, only-asar off, browser V8 snapshot off, file: privileges on.
const DEFAULT_WIRE = '10110001';

let work: string;
let asarPath: string;
let files: string[];
let binary: Buffer;
let unpackedDir: string;
let outDir: string;
const FEED = 'https://updates.example.org/support-console/stable/';

beforeAll(() => {
  for (const built of [
    'dist/electron/electron/main.js',
    'dist/electron/electron/glue/preload.cjs',
    'dist/renderer/index.html',
  ]) {
    if (!existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  work = mkdtempSync(path.join(tmpdir(), 'sc-package-'));
  const electronDist = path.join(work, 'electron-dist');
  const placeholder = path.join(electronDist, 'electron');
  spawnSync('mkdir', ['-p', electronDist]);
  writeFileSync(
    placeholder,
    Buffer.concat([
      Buffer.from('#!/bin/sh\nexit 1\n'),
      Buffer.from(SENTINEL),
      Buffer.from([1, 8]),
      Buffer.from(DEFAULT_WIRE),
    ]),
  );
  chmodSync(placeholder, 0o755);
  const out = path.join(work, 'out');
  outDir = out;
  // Through `npm run package:dir`'s script, with the placeholder as ELECTRON_OVERRIDE_DIST_PATH: the way
  // out the script names when Electron cannot be downloaded.
  const result = spawnSync(
    process.execPath,
    ['scripts/package.mjs', '--dir', '--linux', '--skip-build', `-c.directories.output=${out}`],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
        ELECTRON_OVERRIDE_DIST_PATH: electronDist,
        SUPPORT_CONSOLE_UPDATE_URL: FEED,
      },
      timeout: 180_000,
    },
  );
  if (result.status !== 0) throw new Error(`packaging failed:\n${result.stdout}\n${result.stderr}`);
  asarPath = path.join(out, 'linux-unpacked/resources/app.asar');
  unpackedDir = `${asarPath}.unpacked`;
  files = listPackage(asarPath, { isPack: false }).map((f) => f.replaceAll('\\', '/'));
  binary = readFileSync(path.join(out, `linux-unpacked/${config.executableName}`));
}, 200_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('electron-builder config', () => {
  it('uses the app identity the main process gives Windows', () => {
    expect(config.appId).toBe(APP_ID);
    expect(config.productName).toBe(PRODUCT_NAME);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg', 'zip']);
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
  });

  it('flips the fuses in the packaged binary', () => {
    const at = binary.indexOf(SENTINEL) + SENTINEL.length;
    const wire = binary.subarray(at + 2, at + 2 + 8).toString('latin1');
    // RunAsNode 0, cookie encryption 1, NODE_OPTIONS 0, --inspect 0, asar integrity 1, only app.asar 1.
    expect(wire.slice(0, 6)).toBe('010011');
    expect(wire.slice(6)).toBe(DEFAULT_WIRE.slice(6));
  });
});

describe('updates in the package', () => {
  it('names its author and the feed chosen when packaging, where electron-updater and the app read it', () => {
    const pkg = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8')) as Record<string, unknown>;
    expect(pkg.author).toMatchObject({ name: expect.any(String), email: expect.stringContaining('@') });
    expect(pkg[PACKAGED_FEED_KEY]).toBe(FEED);
    const yml = readFileSync(path.join(outDir, 'linux-unpacked/resources/app-update.yml'), 'utf8');
    expect(yml).toMatch(/^provider: generic$/m);
    expect(yml).toContain(`url: ${FEED}`);
    expect(files).toContain('/node_modules/electron-updater/package.json');
  });
});

describe('app.asar', () => {
  const own = () => files.filter((f) => !f.startsWith('/node_modules/'));

  it('holds the main process, the preload, the renderer and the tray icons', () => {
    const pkg = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8')) as { main: string };
    for (const f of [
      `/${pkg.main}`,
      '/dist/electron/electron/glue/preload.cjs',
      '/dist/electron/shared/ipc/contract.js',
      '/dist/renderer/index.html',
      '/build/tray/tray-online.png',
      '/build/tray/tray-signed-out.png',
      '/build/tray/tray-offline.png',
      '/build/tray/tray-ongoing.png',
      '/build/tray/tray-onlineTemplate.png',
      '/build/tray/tray-onlineTemplate@2x.png',
      '/build/tray/tray-offlineTemplate.png',
    ]) {
      expect(files, f).toContain(f);
    }
    expect(files.some((f) => /^\/dist\/renderer\/assets\/.+\.js$/.test(f))).toBe(true);
    expect(files).toContain('/node_modules/zod/package.json');
  });

  it('holds no sources, tests, stand-in service, source maps or browser host', () => {
    const offending = own().filter(
      (f) =>
        /\.(ts|tsx|cts|map)$/.test(f) ||
        /^\/(test|service|scripts|renderer|electron|shared)\//.test(f) ||
        f.includes('/browser-host/') ||
        f.includes('tsbuildinfo'),
    );
    expect(offending).toEqual([]);
  });

  it("does not carry the demo service's consumer secret", () => {
    const texts = own().filter((f) => /\.(js|cjs|html|json)$/.test(f));
    expect(texts.length).toBeGreaterThan(10);
    for (const f of texts) {
      expect(extractFile(asarPath, f.slice(1)).toString('utf8'), f).not.toContain('demo-console-secret');
    }
  });
});

describe('the devices poll worker in the package', () => {
  // Where the packaged decoder (inside app.asar) will look for its worker, as a path inside the archive.
  const inArchive = () => {
    const asarRoot = '/opt/sc/resources/app.asar';
    const at = workerLocation(`file://${asarRoot}/dist/electron/electron/core/devices-poller.js`);
    return String(at).slice(asarRoot.length);
  };

  it('is one CommonJS file inside app.asar, where the packaged decoder looks for it, not unpacked', () => {
    expect(inArchive()).toBe('/dist/worker/devices-poll-worker.cjs');
    expect(files).toContain(inArchive());
    // Kept under the archive's integrity check: only the keychain's native module is unpacked (a .node
    // binary cannot be loaded from an archive), none of our code.
    const unpacked = existsSync(unpackedDir)
      ? readdirSync(unpackedDir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(unpackedDir, path.join(e.parentPath, e.name)).replaceAll('\\', '/'))
      : [];
    expect(unpacked.filter((f) => !f.startsWith('node_modules/@napi-rs/'))).toEqual([]);
  });

  it('requires nothing but Node built-ins, so it needs nothing else from the archive', () => {
    const source = extractFile(asarPath, inArchive().slice(1)).toString('utf8');
    expect(source).not.toMatch(/^\s*(import|export)\s/m);
    const required = [...source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
    expect(required.length).toBeGreaterThan(0);
    const builtins = new Set(builtinModules);
    expect(required.filter((id) => !(id.startsWith('node:') || builtins.has(id)))).toEqual([]);
  });

  it('starts on its own (outside the archive) and reads a devices cache file in parts', async () => {
    const file = path.join(work, 'devices-poll-worker.cjs');
    writeFileSync(file, extractFile(asarPath, inArchive().slice(1)));
    const devices = [device('1', null, { alias: 'Front desk' }), device('2', '10', { ram: 2048 })];
    const cacheFile = path.join(work, 'devices.json');
    writeFileSync(cacheFile, JSON.stringify({ version: 1, fetchedAt: null, records: devices }));
    const worker = new Worker(file);
    try {
      const messages: unknown[] = [];
      const reply = new Promise<unknown>((resolve, reject) => {
        worker.on('message', (m: { id?: number; op?: string }) => {
          messages.push(m);
          // Each part is acknowledged, as the poller does: the next comes only then.
          if (m.op === 'part') worker.postMessage({ op: 'ack', id: m.id });
          if (m.id === 1 && m.op !== 'part') resolve(m);
        });
        worker.on('error', reject);
      });
      worker.postMessage({ op: 'load', id: 1, file: cacheFile });
      // The load is the change log's first entry (seq 1): the worker owns the devices and numbers its changes.
      expect(await reply).toEqual({
        id: 1,
        op: 'loaded',
        seq: 1,
        result: { status: 'loaded', fetchedAt: null },
      });
      expect(messages[0]).toEqual({ ready: true });
      const part = messages[1] as { id: number; op: string; seq: number; part: PartCarried };
      expect({ ...part, part: new DevicesPart(part.seq, true, part.part).devices() }).toEqual({
        id: 1,
        op: 'part',
        seq: 1,
        part: { added: devices, changed: [], removed: [] },
      });
    } finally {
      await worker.terminate();
    }
  });
});

describe('the command line in the package', () => {
  const shim = () => path.join(outDir, 'linux-unpacked/resources/bin/support-console');

  it('ships the shims in resources/bin: the shell script on Linux and macOS, the .cmd on Windows', () => {
    // What the binary runs with --cli: the dispatch and the command table bundled beside Electron's main.
    expect(files).toContain('/dist/electron/electron/cli-mode.js');
    expect(files).toContain('/dist/electron/electron/cli/command-line.js');
    expect(existsSync(shim())).toBe(true);
    expect(statSync(shim()).mode & 0o111).toBe(0o111);
    // Not beside the binary: there, on Linux and Windows, is the binary itself, named support-console.
    expect(config.executableName).toBe('support-console');
    expect(config.linux?.extraResources).toEqual([
      { from: 'build/cli/support-console', to: 'bin/support-console' },
    ]);
    expect(config.mac?.extraResources).toEqual(config.linux?.extraResources);
    expect(config.win?.extraResources).toEqual([
      { from: 'build/cli/support-console.cmd', to: 'bin/support-console.cmd' },
    ]);
    const cmd = readFileSync(path.join(root, 'build/cli/support-console.cmd'), 'utf8');
    expect(cmd).toContain('"%~dp0..\\..\\support-console.exe" --cli %*\r\n');
    expect(cmd).toContain('exit /b %ERRORLEVEL%');
  });

  it('runs the packaged binary with --cli first and every argument as given, also through a link', () => {
    // The package's layout with a binary that prints what it was given (the placeholder cannot run).
    const app = path.join(work, 'cli-app');
    mkdirSync(path.join(app, 'resources/bin'), { recursive: true });
    copyFileSync(shim(), path.join(app, 'resources/bin/support-console'));
    chmodSync(path.join(app, 'resources/bin/support-console'), 0o755);
    writeFileSync(path.join(app, 'support-console'), '#!/bin/sh\nprintf "[%s]\\n" "$@"\nexit 3\n');
    chmodSync(path.join(app, 'support-console'), 0o755);
    const link = path.join(work, 'on-path');
    mkdirSync(link, { recursive: true });
    symlinkSync(path.join(app, 'resources/bin/support-console'), path.join(link, 'support-console'));
    const args = ['devices', 'list', '--where', "name:'front desk' $HOME *", '', 'a\nb', '--cli'];
    for (const shimPath of [
      path.join(app, 'resources/bin/support-console'),
      path.join(link, 'support-console'),
    ]) {
      const run = spawnSync(shimPath, args, { encoding: 'utf8', cwd: tmpdir() });
      expect(run.status, run.stderr).toBe(3);
      expect(run.stdout).toBe(['--cli', ...args].map((a) => `[${a}]\n`).join(''));
    }
  });
});

describe('npm run package where Electron cannot be downloaded', () => {
  it('fails within seconds, before building, with one sentence naming the way out', async () => {
    // A port just closed on this machine: as unreachable as github.com is here, without asking DNS.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const started = Date.now();
    const cache = mkdtempSync(path.join(tmpdir(), 'sc-electron-cache-'));
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ELECTRON_CACHE: cache,
        ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
      };
      delete env.ELECTRON_OVERRIDE_DIST_PATH;
      const result = spawnSync(process.execPath, ['scripts/package.mjs', '--dir', '--linux', '--x64'], {
        cwd: root,
        encoding: 'utf8',
        env,
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^npm run package: Electron \d+\.\d+\.\d+ for linux-x64 is not cached and cannot be downloaded from 127\.0\.0\.1:\d+ \(ECONNREFUSED\); set ELECTRON_OVERRIDE_DIST_PATH to .*electronDist/,
      );
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
