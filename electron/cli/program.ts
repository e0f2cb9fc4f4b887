// `support-console`'s command table (commander); run-program.ts runs it and ends the run with its exit
// code and sentence (exit-codes.ts). The same table runs in a `support-console` process of its own
// (main.ts) and inside a running console for a command line that found the account locked by it
// (console-commands.ts): CliHost says which, and where the terminal is.

import { Command, Option } from 'commander';
import { LANGUAGES } from '../../shared/model.js';
import { consoleDataDir } from './data-dir.js';
import { accountsList, chooseListedAccount, signInTakenBy, type ListedAccount } from './accounts.js';
import { CliExit, EXIT, exitCodesHelp } from './exit-codes.js';
import { localizeHelp } from './help-text.js';
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

/** How each shell loads the completion script: commands, the same in every language. */
const COMPLETION_LOADING = [
  '  bash: source <(support-console completion bash)',
  '  zsh: source <(support-console completion zsh)',
  '  PowerShell: support-console completion powershell | Out-String | Invoke-Expression',
].join('\n');

function formatOptionOf(text: CliText, allowed: readonly Format[] = ['table', 'json']): Option {
  return new Option(
    '--format <format>',
    text.say('cli.help.format', { formats: allowed.join(', ') }),
  ).default('table');
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
  const say = text.say.bind(text);
  const formatOption = (allowed?: readonly Format[]) => formatOptionOf(text, allowed);
  const program = new Command('support-console');
  // Before any command is added: subcommands take the help's words and the output from the program.
  localizeHelp(program, text, io);
  program
    .description(say('cli.help.program'))
    .version(version, '-V, --version', say('cli.help.version'))
    .option('--data-dir <dir>', say('cli.help.dataDir', { env: 'SUPPORT_CONSOLE_DATA_DIR' }))
    .option('--account <name>', say('cli.help.account'))
    .option('--timeout <seconds>', say('cli.help.timeout'), '15')
    .option('--refresh', say('cli.help.refresh'))
    .option('--cached', say('cli.help.cached'))
    .addHelpText('after', `\n${exitCodesHelp(text)}`);

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
        text.follow(opened.core.state());
        return opened;
      },
    };
    return ctx;
  };
  const fmt = (o: { format: string }, allowed: readonly Format[] = ['table', 'json']) =>
    requireFormat(o.format, allowed);

  program
    .command('sign-in')
    .description(say('cli.help.signIn'))
    .option('--service <url>', say('cli.help.signIn.service', { env: 'SUPPORT_CONSOLE_SERVICE_URL' }))
    .option(
      '--consumer-key <key>',
      say('cli.help.signIn.consumerKey', { env: 'SUPPORT_CONSOLE_CONSUMER_KEY' }),
    )
    .addOption(formatOption())
    .action(async (o: SignInOptions & { format: string }) =>
      (await signingModule()).signIn(ctx(), o, fmt(o)),
    );
  program
    .command('sign-out')
    .description(say('cli.help.signOut'))
    .option('--force', say('cli.help.signOut.force'))
    .action(async (o: { force?: boolean }) => (await signingModule()).signOut(ctx(), o.force === true));

  program
    .command('accounts')
    .description(say('cli.help.accounts'))
    .command('list')
    .description(say('cli.help.accountsList'))
    .addOption(formatOption())
    .action(async (o: { format: string }) => accountsList(consoleDir(), io.out, fmt(o), text));

  program
    .command('status')
    .description(say('cli.help.status'))
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await readModule()).status(ctx(), fmt(o)));

  const devices = program.command('devices').description(say('cli.help.devices'));
  devices
    .command('list')
    .description(say('cli.help.devicesList'))
    .option('--view <name>', say('cli.help.devicesList.view'))
    .option('--where <search>', say('cli.help.devicesList.where'))
    .option('--sort <column[:asc|desc]>', say('cli.help.devicesList.sort', { column: 'name' }))
    .option('--columns <list>', say('cli.help.devicesList.columns'))
    .addOption(formatOption(FORMATS))
    .action(async (o: { view?: string; where?: string; sort?: string; columns?: string; format: string }) =>
      (await readModule()).devicesList(ctx(), o, fmt(o, FORMATS)),
    );
  devices
    .command('show')
    .description(say('cli.help.devicesShow'))
    .argument('<id>', say('cli.help.arg.deviceId'))
    .addOption(formatOption())
    .action(async (id: string, o: { format: string }) => (await readModule()).devicesShow(ctx(), id, fmt(o)));

  devices
    .command('set-alias')
    .description(say('cli.help.devicesSetAlias'))
    .argument('<id>', say('cli.help.arg.deviceId'))
    .argument('<alias>', say('cli.help.devicesSetAlias.alias'))
    .action(async (id: string, alias: string) => (await writeModule()).devicesSetAlias(ctx(), id, alias));

  devices
    .command('move')
    .description(say('cli.help.devicesMove'))
    .argument('[ids...]', say('cli.help.devicesMove.ids'))
    .option('--to <folder>', say('cli.help.devicesMove.to'))
    .option('--unassign', say('cli.help.devicesMove.unassign'))
    .option('--where <search>', say('cli.help.devicesMove.where'))
    .option('--dry-run', say('cli.help.devicesMove.dryRun'))
    .option('-y, --yes', say('cli.help.devicesMove.yes'))
    .addOption(formatOption())
    .action(async (ids: string[], o: MoveOptions & { format: string }) =>
      (await moveModule()).devicesMove(ctx(), ids, o, fmt(o)),
    );

  const folders = program.command('folders').description(say('cli.help.folders'));
  folders
    .command('tree')
    .description(say('cli.help.foldersTree'))
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await readModule()).foldersTree(ctx(), fmt(o)));

  folders
    .command('create')
    .description(say('cli.help.foldersCreate'))
    .argument('<name>', say('cli.help.foldersCreate.name'))
    .option('--parent <id>', say('cli.help.foldersCreate.parent'))
    .addOption(formatOption())
    .action(async (name: string, o: { parent?: string; format: string }) =>
      (await writeModule()).foldersCreate(ctx(), name, o.parent ?? null, fmt(o)),
    );

  folders
    .command('rename')
    .description(say('cli.help.foldersRename'))
    .argument('<id>', say('cli.help.arg.folderId'))
    .argument('<name>', say('cli.help.foldersRename.name'))
    .action(async (id: string, name: string) => (await changeModule()).foldersRename(ctx(), id, name));
  folders
    .command('move')
    .description(say('cli.help.foldersMove'))
    .argument('<id>', say('cli.help.arg.folderId'))
    .option('--parent <id>', say('cli.help.foldersMove.parent'))
    .option('--top', say('cli.help.foldersMove.top'))
    .action(async (id: string, o: { parent?: string; top?: boolean }) => {
      if (!o.parent === !o.top) throw new CliExit(EXIT.usage, 'cli.folder.parentOrTop');
      return (await changeModule()).foldersMove(ctx(), id, o.parent ?? null);
    });
  folders
    .command('delete')
    .description(say('cli.help.foldersDelete'))
    .argument('<id>', say('cli.help.arg.folderId'))
    .action(async (id: string) => (await changeModule()).foldersDelete(ctx(), id));

  program
    .command('users')
    .description(say('cli.help.users'))
    .command('list')
    .description(say('cli.help.usersList'))
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await readModule()).usersList(ctx(), fmt(o)));

  const sessions = program.command('sessions').description(say('cli.help.sessions'));
  sessions
    .command('list')
    .description(say('cli.help.sessionsList'))
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await readModule()).sessionsList(ctx(), fmt(o)));
  const sessionOptions = (command: Command) =>
    command
      .option('--customer <name>', say('cli.help.session.customer'))
      .option('--email <address>', say('cli.help.session.email'))
      .option('--language <code>', say('cli.help.session.language', { languages: LANGUAGES.join(', ') }))
      .option(
        '--start <time>',
        say('cli.help.session.start', { example: '2026-12-01T09:30', zones: 'Z / +01:00' }),
      )
      .option('--end <time>', say('cli.help.session.end'))
      .option('--ics <file>', say('cli.help.session.ics'))
      .addOption(formatOption());
  sessionOptions(sessions.command('create').description(say('cli.help.sessionsCreate'))).action(
    async (o: SessionOptions & { format: string }) => (await changeModule()).sessionsCreate(ctx(), o, fmt(o)),
  );
  sessionOptions(
    sessions
      .command('edit')
      .description(say('cli.help.sessionsEdit'))
      .argument('<id>', say('cli.help.arg.sessionId'))
      .option('--no-end', say('cli.help.sessionsEdit.noEnd')),
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
    .description(say('cli.help.sessionsDelete'))
    .argument('<id>', say('cli.help.arg.sessionId'))
    .action(async (id: string) => (await changeModule()).sessionsDelete(ctx(), id));

  const views = program.command('views').description(say('cli.help.views'));
  views
    .command('list')
    .description(say('cli.help.viewsList'))
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await viewsModule()).viewsList(ctx(), fmt(o)));
  views
    .command('show')
    .description(say('cli.help.viewsShow'))
    .argument('<view>', say('cli.help.arg.view'))
    .action(async (view: string) => (await viewsModule()).viewsShow(ctx(), view));
  views
    .command('export')
    .description(say('cli.help.viewsExport'))
    .argument('<view>', say('cli.help.arg.view'))
    .addOption(formatOption(FORMATS).default('csv'))
    .action(async (view: string, o: { format: string }) =>
      (await readModule()).devicesList(ctx(), { view }, fmt(o, FORMATS)),
    );

  const history = program.command('history').description(say('cli.help.history'));
  history
    .command('device')
    .description(say('cli.help.historyDevice'))
    .argument('<id>', say('cli.help.arg.deviceId'))
    .option('--days <n>', say('cli.help.historyDevice.days'), '30')
    .action(async (id: string, o: { days: string }) =>
      (await historyModule()).historyDevice(ctx(), id, o.days),
    );
  history
    .command('offline')
    .description(say('cli.help.historyOffline'))
    .requiredOption('--for <duration>', say('cli.help.historyOffline.for', { examples: '90m, 36h, 2d, 1w' }))
    .addOption(formatOption())
    .action(async (o: { for: string; format: string }) =>
      (await historyModule()).historyOffline(ctx(), o.for, fmt(o)),
    );

  const outbox = program.command('outbox').description(say('cli.help.outbox'));
  outbox
    .command('list')
    .description(say('cli.help.outboxList'))
    .addOption(formatOption())
    .action(async (o: { format: string }) => (await historyModule()).outboxList(ctx(), fmt(o)));
  outbox
    .command('cancel')
    .description(say('cli.help.outboxCancel'))
    .argument('<entry>', say('cli.help.arg.entryId', { command: 'outbox list' }))
    .action(async (entry: string) => (await historyModule()).outboxCancel(ctx(), entry));
  outbox
    .command('retry')
    .description(say('cli.help.outboxRetry'))
    .argument('[entry]', say('cli.help.arg.entryId', { command: 'outbox list' }))
    .addOption(formatOption())
    .action(async (entry: string | undefined, o: { format: string }) =>
      (await historyModule()).outboxRetry(ctx(), entry, fmt(o)),
    );

  program
    .command('completion')
    .description(say('cli.help.completion', { shells: SHELLS.join(', ') }))
    .argument('<shell>', say('cli.help.completion.shell', { shells: SHELLS.join(', ') }))
    .addHelpText('after', `\n${say('cli.help.completion.load')}\n${COMPLETION_LOADING}`)
    .action(async (shell: string) => {
      io.out.write(completionScript(shell, program));
    });

  // Subcommands inherit exitOverride and the output from the program; each prints the exit codes too.
  const withCodes = (command: Command) => {
    for (const sub of command.commands) {
      sub.addHelpText('after', `\n${exitCodesHelp(text)}`);
      withCodes(sub);
    }
  };
  withCodes(program);
  return program;
}
