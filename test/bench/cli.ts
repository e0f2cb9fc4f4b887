// The command line's figures (issue 27), measured by spawning the BUILT `support-console` (dist/host, as
// installed: no TypeScript loader) against an account whose offline copy holds N devices:
//   cli_csv_100k_ms: `devices list --format csv` of every device, spawn → exit (stdout to a file).
//   cli_query_100k_ms: `devices list --where '<one device's name>' --format json`, spawn → exit.
// The copy is made once: the stand-in service and the browser host in processes of their own, the PIN flow,
// the first sync, the host closed (it saves the copy). Each command then runs with the service still up, so
// it brings the copy up to date first as a technician's command does (an idle poll: nothing changed).
// Run alone: `bash scripts/with-keyring.sh npx tsx test/bench/cli.ts --devices 100000 --runs 3` after
// `npm run build`; BENCH_CLI_NODE_ARGS passes flags to the command's Node (a CPU profile, say).

import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { approveOnAuthorizePage, DEMO } from '../e2e/support/console-app.js';
import { ROOT, startHostProcess, startServiceProcess } from './processes.js';

export interface CliFigures {
  cli_csv_100k_ms: number[];
  cli_query_100k_ms: number[];
}

const CLI = path.join(ROOT, 'dist/host/support-console.js');
const TIME = '/usr/bin/time';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function copyWritten(dataDir: string, since: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accounts = path.join(dataDir, 'accounts');
    for (const dir of await readdir(accounts).catch(() => [])) {
      const info = await stat(path.join(accounts, dir, 'picture.json')).catch(() => null);
      if (info && info.mtimeMs >= since) return;
    }
    if (Date.now() > deadline) throw new Error(`no offline copy written within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Spawns the built command line; stdout goes to `outFile`. Returns the wall time and the exit code. */
function timeCli(
  args: string[],
  outFile: string,
): Promise<{ ms: number; cpuMs: number | null; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(outFile);
    const started = performance.now();
    // /usr/bin/time reports the child's CPU seconds beside the wall time: on a loaded machine the two differ
    // by the wait for a core, which no change here can shorten.
    const timed = existsSync(TIME);
    // Diagnostics: BENCH_CLI_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p") passes flags to its Node.
    const node = [process.execPath, ...(process.env.BENCH_CLI_NODE_ARGS ?? '').split(' ').filter(Boolean)];
    const command = timed ? [TIME, '-f', 'cpu %U %S', ...node, CLI] : [...node, CLI];
    const child = spawn(command[0]!, [...command.slice(1), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.pipe(out);
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const cpu = /^cpu ([\d.]+) ([\d.]+)$/m.exec(stderr);
      stderr = stderr.replace(/^cpu [\d.]+ [\d.]+\n?/m, '');
      const cpuMs = cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null;
      out.end(() => resolve({ ms, cpuMs, code, stderr }));
    });
  });
}

export interface CliAccount {
  dataDir: string;
  close(): Promise<void>;
}

/** An account signed in and synced with `devices` devices, its copy saved, the service still up. */
export async function prepareCliAccount(devices: number): Promise<CliAccount> {
  const timeoutMs = 60_000 + devices;
  const service = await startServiceProcess(devices);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-bench-cli-'));
  const close = async () => {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const host = await startHostProcess({
      dataDir,
      rendererDir: path.join(ROOT, 'dist/renderer'),
      serviceUrl: service.baseUrl,
    });
    try {
      const { authorizeUrl } = await host.invoke<{ authorizeUrl: string }>('auth:begin', {
        baseUrl: service.baseUrl,
        consumerKey: DEMO.consumerKey,
        consumerSecret: '',
      });
      const pin = await approveOnAuthorizePage(authorizeUrl, DEMO.email, DEMO.password);
      const since = Date.now();
      await host.invoke('auth:complete', { pin });
      await host.settled(timeoutMs);
      await copyWritten(dataDir, since, timeoutMs);
    } finally {
      await host.close();
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { dataDir, close };
}

export async function measureCli(
  devices: number,
  runs: number,
  log: (line: string) => void = console.log,
): Promise<CliFigures> {
  if (!existsSync(CLI)) throw new Error('The command line is not built: run `npm run build` first.');
  const figures: CliFigures = { cli_csv_100k_ms: [], cli_query_100k_ms: [] };
  const { dataDir, close } = await prepareCliAccount(devices);
  try {
    const csvFile = path.join(dataDir, 'out.csv');
    const jsonFile = path.join(dataDir, 'out.json');
    let query = '';
    for (let run = 0; run < runs; run++) {
      const csv = await timeCli(['--data-dir', dataDir, 'devices', 'list', '--format', 'csv'], csvFile);
      const lines = readFileSync(csvFile, 'utf8').trimEnd().split('\r\n');
      if (csv.code !== 0 || lines.length !== devices + 1) {
        throw new Error(
          `devices list --format csv: exit ${csv.code}, ${lines.length - 1} rows; ${csv.stderr}`,
        );
      }
      // A realistic query: the full name of one device (the default columns start with the name).
      query ||= lines[Math.floor(devices * 0.37)]!.split(',')[0]!.replace(/^"|"$/g, '');
      const where = await timeCli(
        ['--data-dir', dataDir, 'devices', 'list', '--where', query, '--format', 'json'],
        jsonFile,
      );
      const found = JSON.parse(readFileSync(jsonFile, 'utf8') || '[]') as unknown[];
      if (where.code !== 0 || found.length === 0) {
        throw new Error(
          `devices list --where "${query}": exit ${where.code}, ${found.length} rows; ${where.stderr}`,
        );
      }
      const load = os.loadavg()[0]!.toFixed(2);
      log(
        `  cli run ${run + 1}: csv ${csv.ms.toFixed(0)} ms (cpu ${csv.cpuMs ?? '?'} ms), --where "${query}" ${where.ms.toFixed(0)} ms (cpu ${where.cpuMs ?? '?'} ms, ${found.length} rows), load ${load}`,
      );
      figures.cli_csv_100k_ms.push(csv.ms);
      figures.cli_query_100k_ms.push(where.ms);
    }
  } finally {
    await close();
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '3' },
    },
  });
  console.log(
    `load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const figures = await measureCli(Number(values.devices), Number(values.runs));
  console.log(JSON.stringify(figures));
}
