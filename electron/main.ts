// The Electron app's entry (package.json "main"): the core, with the OS keychain and the defaults of
// this launch, handed to the glue. See launch-config.ts for the environment it reads. Launched with --cli
// first it is the command line instead (cli-mode.ts), decided before anything of the app starts.

import { mkdir } from 'node:fs/promises';
import { waitForAccountLock } from './core/account-lock.js';
import { createAccountsCore } from './core/accounts/accounts-core.js';
import { KeyringVault } from './core/keyring-vault.js';
import { createLogger } from './core/logger.js';
import { prepareOwnDirs } from './core/store/data-dirs.js';
import { runElectronApp, type CoreContext } from './glue/app.js';
import { readLaunchDefaults } from './launch-config.js';
import { withCommandLine } from './command-socket/with-command-line.js';
import { commandLineArguments, runCommandLine } from './cli-mode.js';
import { exitWithCommandLine } from './glue/command-line.js';

const cliArguments = commandLineArguments(process.argv, process.defaultApp === true);
if (cliArguments) exitWithCommandLine(runCommandLine(cliArguments));
else runElectronApp(createAppCore);

async function createAppCore(context: CoreContext) {
  const logger = createLogger();
  // Inside the single-instance lock (the glue takes it before calling us): no other app writes here.
  // The account lock is for other kinds of process: a command-line run (support-console) that holds these
  // files is waited for (a command ends by itself). Released when this process exits; a crash leaves a
  // lock whose pid is gone, which the next start takes over.
  await mkdir(context.dataDir, { recursive: true, mode: 0o700 });
  const lock = await waitForAccountLock(context.dataDir, 'console', (holder) =>
    logger.info('Waiting for a support-console command to finish with the account', { pid: holder.pid }),
  );
  process.once('exit', () => lock.release());
  // Under the lock: the temp files it sweeps are no live command's.
  await prepareOwnDirs(context.dataDir);
  // One core per account, behind one core's face (electron/core/accounts/accounts-core.ts); once started,
  // a support-console command that finds the lock held sends its command to it (command-socket/).
  const core = createAccountsCore({
    ...context,
    host: 'electron',
    vault: new KeyringVault(),
    defaults: readLaunchDefaults(process.env),
  });
  return withCommandLine(core, { dataDir: context.dataDir, appVersion: context.appVersion, logger });
}
