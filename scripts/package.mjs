// `npm run package` (installers) and `npm run package:dir` (unpacked): checks in seconds what would
// otherwise fail after a minute of building, says what signing and notarisation will do, then builds and
// runs electron-builder. Arguments go to electron-builder (--dir, --win, --mac, --linux, --x64, -c.key=…);
// --skip-build packages what `npm run build` left in dist/.
//
// Electron itself: electron-builder downloads the distribution for each target unless it is cached or
// given. ELECTRON_OVERRIDE_DIST_PATH (an unpacked Electron distribution: the folder holding `electron`,
// `electron.exe` or `Electron.app`) is passed on as electronDist; so is an explicit -c.electronDist=….
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const skipBuild = args.includes('--skip-build');
const builderArgs = args.filter((a) => a !== '--skip-build');
const env = process.env;

function fail(sentence) {
  console.error(`npm run package: ${sentence}`);
  process.exit(1);
}

// 1. Electron for every target platform: given, cached, or downloadable — else one sentence, now.
const electronVersion = require('electron/package.json').version;
const platforms = [
  ...(builderArgs.some((a) => /^(--win|--windows|-w)$/.test(a)) ? ['win32'] : []),
  ...(builderArgs.some((a) => /^(--mac|--macos|-m)$/.test(a)) ? ['darwin'] : []),
  ...(builderArgs.some((a) => /^(--linux|-l)$/.test(a)) ? ['linux'] : []),
];
if (platforms.length === 0) platforms.push(process.platform);
// A universal macOS app is made of the x64 and the arm64 distributions.
const archs = [
  ...new Set(
    ['x64', 'arm64', 'ia32', 'armv7l', 'universal']
      .filter((a) => builderArgs.includes(`--${a}`))
      .flatMap((a) => (a === 'universal' ? ['x64', 'arm64'] : [a])),
  ),
];
if (archs.length === 0) archs.push(process.arch);

const givenDist = builderArgs.find((a) => a.startsWith('-c.electronDist='));
const overrideDist = env.ELECTRON_OVERRIDE_DIST_PATH;
if (!givenDist && overrideDist) {
  if (!existsSync(overrideDist)) {
    fail(
      `ELECTRON_OVERRIDE_DIST_PATH is ${overrideDist}, which does not exist: point it at an unpacked Electron ${electronVersion} distribution.`,
    );
  }
  builderArgs.push(`-c.electronDist=${path.resolve(overrideDist)}`);
}

function cacheDirs() {
  if (env.ELECTRON_CACHE) return [env.ELECTRON_CACHE];
  if (process.platform === 'darwin') return [path.join(homedir(), 'Library/Caches/electron')];
  if (process.platform === 'win32') return [path.join(env.LOCALAPPDATA ?? homedir(), 'electron/Cache')];
  return [path.join(env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'electron')];
}

function isCached(file) {
  // @electron/get keeps each download in a folder named after a hash of its URL.
  for (const dir of cacheDirs()) {
    if (!existsSync(dir)) continue;
    if (existsSync(path.join(dir, file))) return true;
    for (const sub of readdirSync(dir, { withFileTypes: true })) {
      if (sub.isDirectory() && existsSync(path.join(dir, sub.name, file))) return true;
    }
  }
  return false;
}

async function reachable(url) {
  try {
    const res = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(10_000) });
    return res.ok ? null : `it answered HTTP ${res.status}`;
  } catch (error) {
    const cause = error?.cause?.code ?? error?.cause?.message ?? error?.name ?? String(error);
    return cause === 'TimeoutError' ? 'no answer within 10 s' : String(cause);
  }
}

if (!givenDist && !overrideDist) {
  const mirror = (env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/').replace(
    /\/?$/,
    '/',
  );
  for (const platform of platforms) {
    for (const arch of archs) {
      const file = `electron-v${electronVersion}-${platform}-${arch}.zip`;
      if (isCached(file)) continue;
      const url = `${mirror}v${electronVersion}/${file}`;
      const problem = await reachable(url);
      if (problem) {
        fail(
          `Electron ${electronVersion} for ${platform}-${arch} is not cached and cannot be downloaded from ${new URL(url).host} (${problem}); set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron ${electronVersion} distribution (it becomes electron-builder's electronDist), or ELECTRON_MIRROR to a reachable mirror.`,
        );
      }
    }
  }
}

// 2. Node: electron-builder 26 and its @electron/* tools declare Node 22.12 or newer.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.warn(
    `Note: packaging tools (electron-builder, @electron/get, @electron/rebuild) want Node 22.12 or newer; this is Node ${process.versions.node}. The app and its tests need only 20.19.`,
  );
}

// 3. Signing and notarisation: from the environment, skipped with a clear word when absent.
const has = (...names) => names.every((n) => !!env[n]);
if (platforms.includes('win32')) {
  console.log(
    has('WIN_CSC_LINK') || has('CSC_LINK')
      ? 'Windows: signing with the certificate in WIN_CSC_LINK / CSC_LINK.'
      : 'Windows: NOT signing (no WIN_CSC_LINK or CSC_LINK with CSC_KEY_PASSWORD): SmartScreen will warn on install.',
  );
}
if (platforms.includes('darwin')) {
  console.log(
    has('CSC_LINK')
      ? 'macOS: signing with the Developer ID certificate in CSC_LINK.'
      : 'macOS: no CSC_LINK: signing only if a Developer ID identity is in the login keychain, else unsigned.',
  );
  const notarise =
    has('APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID') ||
    has('APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER') ||
    has('APPLE_KEYCHAIN_PROFILE');
  console.log(
    notarise
      ? 'macOS: notarising with the Apple credentials in the environment.'
      : 'macOS: NOT notarising (set APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID, or APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER): Gatekeeper will refuse to open the app.',
  );
}
if (platforms.includes('linux')) console.log('Linux: AppImage and .deb are not signed.');

// 4. Build, then package.
// npm is npm.cmd on Windows, which needs a shell; node itself does not (and its path may hold spaces).
const run = (command, commandArgs, shell = false) => {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', shell });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
if (!skipBuild) run('npm', ['run', 'build'], process.platform === 'win32');
run(process.execPath, [
  require.resolve('electron-builder/cli.js'),
  '-c',
  'build/electron-builder.config.ts',
  ...builderArgs,
]);
