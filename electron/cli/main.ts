#!/usr/bin/env node
// `support-console` (package.json "bin", `npm run cli`): the command line as a Node program of its own.
// What it does is command-line.ts's; the app's binary runs the same with --cli (electron/cli-mode.ts).

import { runCli } from './command-line.js';

process.exitCode = await runCli(process.argv.slice(2));
