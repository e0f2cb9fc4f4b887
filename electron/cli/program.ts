// `support-console`'s command table (commander); run-program.ts runs it and ends the run with its exit
// code and sentence (exit-codes.ts). The same table runs in a `support-console` process of its own
// (main.ts) and inside a running console for a command line that found the account locked by it
// (console-commands.ts): CliHost says which, and where the terminal is.

import { Command, Option } from 'commander';
import { LANGUAGES } from '../../shared/model.js';
import { consoleDataDir } from './data-dir.js';
import { accountsList, chooseListedAccount, signInTakenBy, type ListedAccount } from './accounts.js';
import { CliExit, EXIT, exitCodesHelp } from './exit-codes.js';
import type { Format } from './output.js';
import type { CliIo } from './cli-io.js';
import { CliText } from './cli-text.js';
import type { OpenAccount } from './open-account.js';
import type { ReadContext } from './account-run.js';
import { requireFormat } from './output.js';
import type { MoveOptions } from './device-move.js';
import { completionScript, SHELLS } from './completion.js';
import type { SignInOptions } from './sign-in.js';
import type { SessionOptions } from './change-commands.js';

// Each command's module is loaded when that command runs: a command compiles only what it uses (the
// core for the account commands, the calendar library only for sessions…), and --help, --version and
// completion none of it.
const readModule = () => import('./read-commands.js');
const writeModule = () => import('./write-commands.js');
const moveModule = () => import('./device-move.js');
const viewsModule = () => import('./view-commands.js');
const signingModule = () => import('./sign-in.js');
const historyModule = () => import('./history-outbox-commands.js');
const changeModule = () => import('./change-commands.js');
const openingModule = () => import('./open-account.js');

const FORMATS: readonly Format[] = ['table', 'csv', 'json'];

function formatOption(allowed: readonly Format[] = ['table', 'json']): Option {
  return new Option('--format <format>', `output format: ${allowed.join(', ')}`).default('table');
}

export interface CliHost {
  io: CliIo;
  /** The console's data directory when it is fixed (inside the console); else --data-dir and the rest. */
  dataDir?: string;
  /** Opens the chosen account; default: openAccount, under the lock, in this process. */
  open?: (account: ListedAccount) => Promise<OpenAccount>;
  /** Inside the console: sign-in and sign-out, which replace the console's own account, are refused. */
  inConsole?: boolean;
  /**
   * Called once the account is chosen, before a command that opens it runs: a running console that holds
   * the lock takes the command over from here (main.ts throws HandToConsole).
   */
  beforeOpen?: (consoleDir: string) => void | Promise<void>;
}

/** Commands that do not open an account: they run where they are asked, console or not. */
const NO_ACCOUNT = new Set(['completion', 'accounts list']);
/** Commands that replace the account itself: the console's own window does that, not a command in it. */
const OWN_PROCESS = new Set(['sign-in', 'sign-out']);

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

export function buildProgram(version: string, host: CliHost, text = new CliText(host.io.locales)): Command {
  const { io } = host;
  const program = new Command('support-console');
  program
    .description("The Support Console's command line: the same account, copy and outbox as the console.")
    .version(version, '-V, --version', 'print the version')
    .option(
      '--data-dir <dir>',
      "the console's data directory (default: SUPPORT_CONSOLE_DATA_DIR, else the app's)",
    )
    .option('--account <name>', 'which of the console’s accounts (default: the one it showed last)')
    .option(
      '--timeout <seconds>',
      'how long a read waits for the service before answering from the copy',
      '15',
    )
    .option('--refresh', 'ask the service for everything the command reads, however fresh the copy')
    .option('--cached', 'answer reads from the saved copy without asking the service')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', `\n${exitCodesHelp()}`)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.out.write(text),
      writeErr: (text) => io.err.write(text),
      outputError: (text, write) => write(text),
    });

  const consoleDir = () => host.dataDir ?? consoleDataDir(program.opts<{ dataDir?: string }>().dataDir);
  // The account is chosen once, before the command runs (reading the console's list is asynchronous).
  let chosen: ListedAccount | null = null;
  let takenBy: ((baseUrl: string, userId: string) => string | null) | null = null;
  program.hook('preAction', async (_program, action) => {
    const path = commandPath(action);
    if (NO_ACCOUNT.has(path)) return;
    if (host.inConsole && OWN_PROCESS.has(path)) {
      throw new CliExit(
        EXIT.accountBusy,
        path === 'sign-in' ? 'cli.console.signInThere' : 'cli.console.signOutThere',
      );
    }
    const opts = program.opts<{ account?: string }>();
    chosen = await chooseListedAccount(consoleDir(), opts.account);
    await host.beforeOpen?.(consoleDir());
    if (!host.inConsole) takenBy = await signInTakenBy(consoleDir(), chosen.dir);
  });
  const ctx = (): ReadContext => {
    const opts = program.opts<{
      dataDir?: string;
      timeout: string;
      refresh?: boolean;
      cached?: boolean;
    }>();
    if (opts.refresh && opts.cached) {
      throw new CliExit(EXIT.usage, 'cli.option.refreshCached');
    }
    const seconds = Number(opts.timeout);
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new CliExit(EXIT.usage, 'cli.option.timeout', { value: opts.timeout });
    }
    const account = chosen;
    const ctx: ReadContext = {
      dataDir: account?.dir ?? consoleDir(),
      lockDir: consoleDir(),
      ...(takenBy ? { signInTakenBy: takenBy } : {}),
      appVersion: version,
      refreshTimeoutMs: seconds * 1000,
      freshness: opts.refresh ? 'always' : opts.cached ? 'never' : 'stale',
      out: io.out,
      warn: (key, values) => io.err.write(`${text.say(key, values)}\n`),
      text,
      now: () => Date.now(),
      io,
      open: async () => {
        const opened = await (host.open && account
          ? host.open(account)
          : (await openingModule()).openAccount(ctx));
        // From here on the account's language: its Settings choice, else its user's.
        text.follow(opened.core.snapshot());
        return opened;
      },
    };
    return ctx;
  };
  const fmt = (o: { format: string }, allowed: readonly Format[] = ['table', 'json']) =>
    requireFormat(o.format, allowed);

  program
    .command('sign-in')
    .description(
      'sign in with the PIN flow: prints the address to approve, opens it where a browser exists, reads the PIN',
    )
    .option('--service <url>', 'the service address (default: SUPPORT_CONSOLE_SERVICE_URL)')
    .option('--consumer-key <key>', 'the API consumer key (default: SUPPORT_CONSOLE_CONSUMER_KEY)')
    .addOption(formatOption())
    .action(async (o: SignInOptions & { format: string }) =>
      (await signingModule()).signIn(ctx(), o, fmt(o)),
    );
  program
    .command('sign-out')
    .description('sign out and remove the copy of the account on this computer')
    .option('--force', 'even while changes still wait in the outbox (they are lost)')
    .action(async (o: { force?: boolean }) => (await signingModule()).signOut(ctx(), o.force === true));

  program
    .command('accounts')
    .description('the console’s accounts')
    .command('list')
    .description('each account’s name, service address and sign-in; * marks the one the console shows')
    .addOption(formatOption())
    .action(async (o: { format: string }) => accountsList(consoleDir(), io.out, fmt(o)));

  program
    .command('status')
    .description('the account, whether the service is reachable, how old the copy is, and the outbox')
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await readModule()).status(ctx(), fmt(o)));

  const devices = program.command('devices').description('the account’s devices');
  devices
    .command('list')
    .description('list devices, filtered with the search box’s syntax')
    .option('--view <name>', 'a saved view: its search, conditions, sort and columns')
    .option('--where <search>', "the search syntax of the app’s search box, e.g. 'ip:10.4. desk'")
    .option('--sort <column[:asc|desc]>', 'sort by a column (default: name)')
    .option('--columns <list>', 'comma-separated columns for table and csv (json writes whole records)')
    .addOption(formatOption(FORMATS))
    .action(async (o: { view?: string; where?: string; sort?: string; columns?: string; format: string }) =>
      (await readModule()).devicesList(ctx(), o, fmt(o, FORMATS)),
    );
  devices
    .command('show')
    .description('one device’s fields')
    .argument('<id>', 'the device id')
    .addOption(formatOption())
    .action(async (id: string, o: { format: string }) => (await readModule()).devicesShow(ctx(), id, fmt(o)));

  devices
    .command('set-alias')
    .description('give a device an alias (an empty alias removes it)')
    .argument('<id>', 'the device id')
    .argument('<alias>', 'the new alias')
    .action(async (id: string, alias: string) => (await writeModule()).devicesSetAlias(ctx(), id, alias));

  devices
    .command('move')
    .description(
      'move devices to a folder (or out of it) as one outbox batch, like the app’s bulk change; a run cut short is finished by the next command',
    )
    .argument('[ids...]', 'device ids, or - to read them from stdin (one a line)')
    .option('--to <folder>', 'the folder id to move them to')
    .option('--unassign', 'take them out of their folders')
    .option('--where <search>', 'every device matching the search syntax instead of ids')
    .option('--dry-run', 'show what would move, change nothing')
    .option('-y, --yes', 'move more than one device without asking')
    .addOption(formatOption())
    .action(async (ids: string[], o: MoveOptions & { format: string }) =>
      (await moveModule()).devicesMove(ctx(), ids, o, fmt(o)),
    );

  const folders = program.command('folders').description('the account’s folders');
  folders
    .command('tree')
    .description('the folder tree with device counts (sub-folders included)')
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await readModule()).foldersTree(ctx(), fmt(o)));

  folders
    .command('create')
    .description('create a folder and print its id')
    .argument('<name>', 'the folder name (unique among its siblings)')
    .option('--parent <id>', 'the parent folder (default: top level)')
    .addOption(formatOption())
    .action(async (name: string, o: { parent?: string; format: string }) =>
      (await writeModule()).foldersCreate(ctx(), name, o.parent ?? null, fmt(o)),
    );

  folders
    .command('rename')
    .description('rename a folder')
    .argument('<id>', 'the folder id')
    .argument('<name>', 'the new name (unique among its siblings)')
    .action(async (id: string, name: string) => (await changeModule()).foldersRename(ctx(), id, name));
  folders
    .command('move')
    .description('move a folder under another (or to the top level)')
    .argument('<id>', 'the folder id')
    .option('--parent <id>', 'the new parent folder')
    .option('--top', 'to the top level')
    .action(async (id: string, o: { parent?: string; top?: boolean }) => {
      if (!o.parent === !o.top) throw new CliExit(EXIT.usage, 'cli.folder.parentOrTop');
      return (await changeModule()).foldersMove(ctx(), id, o.parent ?? null);
    });
  folders
    .command('delete')
    .description('delete an empty folder')
    .argument('<id>', 'the folder id')
    .action(async (id: string) => (await changeModule()).foldersDelete(ctx(), id));

  program
    .command('users')
    .description('the account’s users')
    .command('list')
    .description('list users')
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await readModule()).usersList(ctx(), fmt(o)));

  const sessions = program.command('sessions').description('support sessions');
  sessions
    .command('list')
    .description('list sessions by planned start')
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await readModule()).sessionsList(ctx(), fmt(o)));
  const sessionOptions = (command: Command) =>
    command
      .option('--customer <name>', 'who the session is for')
      .option('--email <address>', 'the customer’s e-mail address')
      .option('--language <code>', `the customer’s language (${LANGUAGES.join(', ')})`)
      .option('--start <time>', "planned start: 2026-12-01T09:30 on the account's clock, or with Z / +01:00")
      .option('--end <time>', 'planned end, the same way (without one the code lasts 15 minutes)')
      .option('--ics <file>', 'also write the calendar file (.ics) here')
      .addOption(formatOption());
  sessionOptions(
    sessions
      .command('create')
      .description('create a session; prints its code and the invitation text for the customer'),
  ).action(async (o: SessionOptions & { format: string }) =>
    (await changeModule()).sessionsCreate(ctx(), o, fmt(o)),
  );
  sessionOptions(
    sessions
      .command('edit')
      .description('change a planned session; prints its code and the invitation again')
      .argument('<id>', 'the session id')
      .option('--no-end', 'remove the planned end'),
  ).action(async (id: string, o: Omit<SessionOptions, 'end'> & { format: string; end?: string | boolean }) =>
    (await changeModule()).sessionsEdit(
      ctx(),
      id,
      { ...o, end: typeof o.end === 'string' ? o.end : undefined, noEnd: o.end === false },
      fmt(o),
    ),
  );
  sessions
    .command('delete')
    .description('delete a session')
    .argument('<id>', 'the session id')
    .action(async (id: string) => (await changeModule()).sessionsDelete(ctx(), id));

  const views = program.command('views').description('saved views (“smart folders”)');
  views
    .command('list')
    .description('the saved views and what each shows')
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await viewsModule()).viewsList(ctx(), fmt(o)));
  views
    .command('show')
    .description('a view as the app shares it (the text “Paste view” takes)')
    .argument('<view>', 'its name or id')
    .action(async (view: string) => (await viewsModule()).viewsShow(ctx(), view));
  views
    .command('export')
    .description('the devices a view shows, with its columns (CSV as the app exports it)')
    .argument('<view>', 'its name or id')
    .addOption(formatOption(FORMATS).default('csv'))
    .action(async (view: string, o: { format: string }) =>
      (await readModule()).devicesList(ctx(), { view }, fmt(o, FORMATS)),
    );

  const history = program.command('history').description('the status history');
  history
    .command('device')
    .description('one device’s status changes as CSV (the app’s history export)')
    .argument('<id>', 'the device id')
    .option('--days <n>', 'how many days back (1-366)', '30')
    .action(async (id: string, o: { days: string }) =>
      (await historyModule()).historyDevice(ctx(), id, o.days),
    );
  history
    .command('offline')
    .description('devices offline for longer than a time, the longest first')
    .requiredOption('--for <duration>', 'e.g. 90m, 36h, 2d, 1w')
    .addOption(formatOption())
    .action(async (o: { for: string; format: string }) =>
      (await historyModule()).historyOffline(ctx(), o.for, fmt(o)),
    );

  const outbox = program.command('outbox').description('changes waiting to be sent, failed or in conflict');
  outbox
    .command('list')
    .description('what waits, what failed and what conflicts')
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await historyModule()).outboxList(ctx(), fmt(o)));
  outbox
    .command('cancel')
    .description('withdraw a change not yet sent')
    .argument('<entry>', 'the entry id (outbox list)')
    .action(async (entry: string) => (await historyModule()).outboxCancel(ctx(), entry));
  outbox
    .command('retry')
    .description('send failed changes again (all, or one)')
    .argument('[entry]', 'the entry id (outbox list)')
    .addOption(formatOption())
    .action(async (entry: string | undefined, o: { format: string }) =>
      (await historyModule()).outboxRetry(ctx(), entry, fmt(o)),
    );

  program
    .command('completion')
    .description('print a shell completion script: bash, zsh or powershell')
    .argument('<shell>', SHELLS.join(', '))
    .addHelpText(
      'after',
      '\nbash: source <(support-console completion bash)\nzsh: source <(support-console completion zsh)\nPowerShell: support-console completion powershell | Out-String | Invoke-Expression',
    )
    .action(async (shell: string) => {
      io.out.write(completionScript(shell, program));
    });

  // Subcommands inherit exitOverride and the output from the program; each prints the exit codes too.
  const withCodes = (command: Command) => {
    for (const sub of command.commands) {
      sub.addHelpText('after', `\n${exitCodesHelp()}`);
      withCodes(sub);
    }
  };
  withCodes(program);
  return program;
}
