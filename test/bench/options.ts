// The bench's command line, read before anything is built or started: `npm run bench -- --help` answers at
// once, and a mistyped option is refused in a sentence, not after the 15-second build with a stack trace.
// Run alone (`tsx test/bench/options.ts …`, as scripts/bench.sh does before building) it only checks.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const USAGE = `npm run bench [-- options]

Measures the console's speed and memory in Debian Chromium against the built browser host and the stand-in
service (builds the app first). Figures and floors: test/bench/figures.ts; floors are set for 100,000 and
300,000 devices, and a figure meets its floor only when every run meets it.

  --devices N       devices in the stand-in account (default 100000). 100000 writes bench/results.json,
                    300000 writes bench/results-300k.json; at a size without floors (e.g. 10000) the run
                    only checks that every scenario completes and gives no verdicts
  --runs R          runs (default 3)
  --out FILE        write the results here instead
  --only a,b        measure only these figures (the first sync always runs); needs --out
  --strict          exit code 1 when a floor is missed
  -h, --help        this text`;

export interface BenchOptions {
  devices: number;
  runs: number;
  out: string | null;
  strict: boolean;
  only: Set<string> | null;
  help: boolean;
}

/** The options, or a readable error (its message is meant for the terminal). */
export function parseBenchArgs(args: string[], figureKeys: readonly string[]): BenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        devices: { type: 'string', default: '100000' },
        runs: { type: 'string', default: '3' },
        out: { type: 'string' },
        strict: { type: 'boolean', default: false },
        only: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${USAGE}`, { cause: error });
  }
  const devices = Number(values.devices);
  const runs = Number(values.runs);
  if (!Number.isInteger(devices) || devices < 100) throw new Error('--devices must be an integer ≥ 100');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  const only = values.only ? new Set(values.only.split(',').map((k) => k.trim())) : null;
  for (const key of only ?? []) if (!figureKeys.includes(key)) throw new Error(`--only: no figure ${key}`);
  if (only && !values.out) throw new Error('--only needs --out: a partial run must not replace the results');
  return {
    devices,
    runs,
    out: values.out ? path.resolve(values.out) : null,
    strict: values.strict,
    only,
    help: values.help,
  };
}

/** Where a run at `devices` writes by default: 100k the committed results, 300k results-300k.json. */
export function defaultResultsFile(root: string, devices: number): string {
  if (devices === 100_000) return path.join(root, 'bench/results.json');
  const size = devices % 1000 === 0 ? `${devices / 1000}k` : String(devices);
  return path.join(root, `bench/results-${size}.json`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { FIGURES } = await import('./figures.js');
  try {
    if (parseBenchArgs(process.argv.slice(2), Object.keys(FIGURES)).help) console.log(USAGE);
  } catch (error) {
    console.error(`bench: ${(error as Error).message}`);
    process.exit(2);
  }
}
