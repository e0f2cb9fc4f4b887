// The console's data directory, chosen exactly as the console chooses it, so the command line reads and
// writes the same account record, offline copy and outbox:
//   --data-dir, else SUPPORT_CONSOLE_DATA_DIR (what the browser host and a test profile of Electron use),
//   else Electron's userData folder for the product name (electron/glue/app.ts sets the name to
//   PRODUCT_NAME, and Electron puts userData under the platform's application-data folder).
// The keychain entry needs no choosing: KeyringVault's default service name is the console's.

import os from 'node:os';
import path from 'node:path';
import { PRODUCT_NAME } from '../app-identity.js';

export function consoleDataDir(
  flag: string | undefined,
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  if (flag) return path.resolve(flag);
  if (env.SUPPORT_CONSOLE_DATA_DIR) return path.resolve(env.SUPPORT_CONSOLE_DATA_DIR);
  return path.join(appDataDir(env, platform, home), PRODUCT_NAME);
}

/** Electron's app.getPath('appData'). */
function appDataDir(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  home: string,
): string {
  if (platform === 'win32') return env.APPDATA ?? path.join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || path.join(home, '.config');
}
