// `sign-in` and `sign-out` in a terminal: the console's own PIN flow (auth:begin, auth:complete), so the
// tokens land in the same keychain entry and the account in the same data directory. The authorization
// address goes to stdout (a script can hand it on), the browser opens where there is one, and the PIN is
// read from the terminal or, piped, from the first line of stdin. The consumer secret is never an argument
// (other users see arguments in `ps`): it comes from SUPPORT_CONSOLE_CONSUMER_SECRET, as for the console.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ReadContext } from './account-run.js';
import { CliExit, EXIT } from './exit-codes.js';
import { openAccount } from './open-account.js';
import { drainOutbox, progressLine, unanswered } from './outbox-drain.js';
import { renderJson, type Format } from './output.js';

/** Opens `url` in the system browser when this session has one; resolves whether it tried. */
export async function openInBrowser(url: string): Promise<boolean> {
  const graphical =
    process.platform === 'darwin' ||
    process.platform === 'win32' ||
    Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (!graphical) return false;
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  return new Promise((resolve) => {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => resolve(false));
    child.on('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}

/** One line: typed at a terminal (after a prompt on stderr), or the first line piped in. */
async function readLine(prompt: string): Promise<string> {
  const rl = createInterface({
    input: process.stdin,
    ...(process.stdin.isTTY ? { output: process.stderr } : {}),
  });
  try {
    if (process.stdin.isTTY) process.stderr.write(prompt);
    for await (const line of rl) return line.trim();
    return '';
  } finally {
    rl.close();
  }
}

export interface SignInOptions {
  service?: string;
  consumerKey?: string;
}

export async function signIn(ctx: ReadContext, o: SignInOptions, format: Format): Promise<void> {
  // The options are this run's launch configuration, as the environment is the console's: the core uses
  // the configured consumer secret for the service and key it was configured with.
  if (o.service) process.env.SUPPORT_CONSOLE_SERVICE_URL = o.service;
  if (o.consumerKey) process.env.SUPPORT_CONSOLE_CONSUMER_KEY = o.consumerKey;
  const account = await openAccount({ ...ctx, openExternal: openInBrowser });
  try {
    const auth = account.core.state().auth;
    if (auth.status === 'signed-in') {
      throw new CliExit(EXIT.usage, 'cli.signIn.already', {
        user: auth.account.user.email ?? auth.account.user.id,
        service: auth.account.baseUrl,
      });
    }
    const baseUrl = o.service ?? process.env.SUPPORT_CONSOLE_SERVICE_URL ?? '';
    const consumerKey = o.consumerKey ?? process.env.SUPPORT_CONSOLE_CONSUMER_KEY ?? '';
    if (!/^https?:\/\/./.test(baseUrl) || !consumerKey) {
      throw new CliExit(EXIT.usage, 'cli.signIn.whichService');
    }
    const begin = await account.invoke('auth:begin', { baseUrl, consumerKey, consumerSecret: '' });
    process.stderr.write(
      `${ctx.text.say(begin.opened ? 'cli.signIn.openedInBrowser' : 'cli.signIn.openAddress')}\n`,
    );
    ctx.out.write(`${begin.authorizeUrl}\n`);
    const pin = await readLine(`${ctx.text.say('cli.signIn.pinPrompt')} `);
    if (!pin) {
      await account.invoke('auth:cancel', {});
      throw new CliExit(EXIT.usage, 'cli.signIn.noPin');
    }
    const info = await account.invoke('auth:complete', { pin });
    // The first sync, so the next command has a copy to answer from.
    await account.invoke('sync:refresh', {}).catch(() => undefined);
    ctx.out.write(
      format === 'json'
        ? renderJson(info)
        : `${ctx.text.say('cli.signIn.done', { user: info.user.email ?? info.user.id, service: info.baseUrl })}\n`,
    );
  } finally {
    await account.close();
  }
}

/** Signs out and forgets the account's copy, as the console's "Sign out"; refuses while changes wait. */
export async function signOut(ctx: ReadContext, force: boolean): Promise<void> {
  const account = await openAccount(ctx);
  try {
    if (account.core.state().auth.status === 'signed-out') {
      throw new CliExit(EXIT.signedOut, 'cli.signOut.notSignedIn');
    }
    const progress = progressLine(ctx.io.err, ctx.text);
    const state = await drainOutbox(account, { onState: progress.show });
    progress.end();
    if (!force && (unanswered(state) > 0 || state.conflicts.length > 0)) {
      throw new CliExit(EXIT.offlineWrite, 'cli.signOut.outboxWaits', { n: state.pending });
    }
    await account.invoke('auth:sign-out', {});
    ctx.warn('cli.signOut.done');
  } finally {
    await account.close();
  }
}
