// The Electron app's entry (package.json "main"): the core, with the OS keychain and the defaults of
// this launch, handed to the glue. See launch-config.ts for the environment it reads.

import { acquireAccountLock } from './core/account-lock.js';
import { createAccountsCore } from './core/accounts/accounts-core.js';
import { KeyringVault } from './core/keyring-vault.js';
import { prepareOwnDirs } from './core/store/data-dirs.js';
import { runElectronApp } from './glue/app.js';
import { readLaunchDefaults } from './launch-config.js';

runElectronApp(async (context) => {
  // Inside the single-instance lock (the glue takes it before calling us): no other app writes here.
  await prepareOwnDirs(context.dataDir);
  // The account lock is for other kinds of process: a command-line run (support-console) that holds these
  // files makes this throw, and the app does not start beside it. Released when this process exits; a
  // crash leaves a lock whose pid is gone, which the next start takes over.
  const lock = acquireAccountLock(context.dataDir, 'console');
  process.once('exit', () => lock.release());
  // One core per account, behind one core's face (electron/core/accounts/accounts-core.ts).
  return createAccountsCore({
    ...context,
    host: 'electron',
    vault: new KeyringVault(),
    defaults: readLaunchDefaults(process.env),
  });
});
