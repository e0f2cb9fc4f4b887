// The Electron app's entry (package.json "main"): the core, with the OS keychain and the defaults of
// this launch, handed to the glue. See launch-config.ts for the environment it reads.

import { createAppCore } from './core/app-core.js';
import { KeyringVault } from './core/keyring-vault.js';
import { runElectronApp } from './glue/app.js';
import { readLaunchDefaults } from './launch-config.js';

runElectronApp((context) =>
  createAppCore({
    ...context,
    host: 'electron',
    vault: new KeyringVault(),
    defaults: readLaunchDefaults(process.env),
  }),
);
