// `npm run service -- [flags]`: the stand-in service on a fixed port, with the simulator running.
// `runServiceCli(argv)` is exported so `npm start` can start it in-process.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { SERVICE_DEFAULTS, startService, type RunningService } from './server.js';

const USAGE = `Usage: npm run service -- [options]
  --port P             port to listen on (default ${SERVICE_DEFAULTS.port}; 0 = any free port)
  --host H             address to listen on (default ${SERVICE_DEFAULTS.host})
  --devices N          devices in the generated account (default ${SERVICE_DEFAULTS.devices})
  --seed S             seed of the generated account and the simulator (default ${SERVICE_DEFAULTS.seed})
  --consumer-key K     OAuth consumer key (default ${SERVICE_DEFAULTS.consumerKey})
  --consumer-secret S  OAuth consumer secret (default ${SERVICE_DEFAULTS.consumerSecret})
  --admin-email E      sign-in of the administrator, user 1 (default ${SERVICE_DEFAULTS.adminEmail})
  --admin-password W   password of every generated user (default ${SERVICE_DEFAULTS.adminPassword})
  --data-dir D         keep the account and tokens in D across restarts (default: in memory)
  --demo               enable the control API (/_control/…, token printed below)
  --quiet              no access log
  --help`;

export interface CliResult {
  service: RunningService;
  /** What the CLI printed about the service (base URL, consumer, sign-in, control token). */
  banner: string;
}

function integer(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

export async function runServiceCli(
  argv: string[],
  print: (line: string) => void = console.log,
): Promise<CliResult | null> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      devices: { type: 'string' },
      seed: { type: 'string' },
      'consumer-key': { type: 'string' },
      'consumer-secret': { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'data-dir': { type: 'string' },
      demo: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    print(USAGE);
    return null;
  }
  const dataDir = values['data-dir'];
  const service = await startService({
    host: values.host ?? SERVICE_DEFAULTS.host,
    port: integer('port', values.port, SERVICE_DEFAULTS.port, 0, 65535),
    devices: integer('devices', values.devices, SERVICE_DEFAULTS.devices, 0, 1_000_000),
    seed: integer('seed', values.seed, SERVICE_DEFAULTS.seed, 0, 2 ** 32 - 1),
    consumerKey: values['consumer-key'] ?? SERVICE_DEFAULTS.consumerKey,
    consumerSecret: values['consumer-secret'] ?? SERVICE_DEFAULTS.consumerSecret,
    adminEmail: values['admin-email'] ?? SERVICE_DEFAULTS.adminEmail,
    adminPassword: values['admin-password'] ?? SERVICE_DEFAULTS.adminPassword,
    ...(dataDir ? { dataDir } : {}),
    control: values.demo,
    simulate: true,
    ...(values.quiet ? {} : { log: (line: string) => console.error(line) }),
  });
  // Read back from the running service, not from the flags: the banner shows what is in effect.
  const state = !dataDir
    ? ''
    : service.restored
      ? ` (saved state in ${dataDir}; --devices and --seed apply only to a new account)`
      : ` (new account, state in ${dataDir})`;
  const lines = [
    `Remote-support service stand-in listening on ${service.baseUrl}`,
    `  consumer key:    ${service.consumer.key}`,
    `  consumer secret: ${service.consumer.secret}`,
    `  sign in as:      ${service.admin.email} / ${service.admin.password} (administrator)`,
    `  devices:         ${service.store.summary().devices.total}${state}`,
  ];
  if (service.controls.token)
    lines.push(`  control API:     ${service.baseUrl}/_control/  X-Control-Token: ${service.controls.token}`);
  const banner = lines.join('\n');
  print(banner);
  return { service, banner };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runServiceCli(process.argv.slice(2)).then(
    (result) => {
      if (!result) return;
      // Ctrl-C under `npm run service` reaches the service twice (from the terminal to the whole process
      // group, and forwarded by tsx): every signal is handled, and only the first starts the shutdown, so a
      // second one cannot kill the process in the middle of saving. Acknowledged changes are in the
      // journal anyway (a kill -9 loses none); the shutdown writes the compact state file.
      let stopping = false;
      const stop = (signal: NodeJS.Signals): void => {
        if (stopping) return;
        stopping = true;
        console.error(`service: ${signal}, saving and stopping…`);
        result.service.close().then(
          () => process.exit(0),
          (error: Error) => {
            console.error(`service: could not save on stopping: ${error.message}`);
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (error: Error) => {
      console.error(`service: ${error.message}`);
      process.exit(1);
    },
  );
}
