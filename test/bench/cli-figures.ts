// The command line's figures (issue 27), kept apart from figures.ts as work-figures.ts is; measured by
// test/bench/cli.ts. No imports: figures.ts loads this at start. At 300,000 devices three times the rows.

export type CliFigureKey = 'cli_csv_100k_ms' | 'cli_query_100k_ms';

export const CLI_FIGURES: Record<
  CliFigureKey,
  { floor: { 100000: number; 300000: number } | null; better: 'lower' | 'higher'; unit: string; how: string }
> = {
  cli_csv_100k_ms: {
    floor: { 100_000: 3000, 300_000: 9000 },
    better: 'lower',
    unit: 'ms',
    how: 'Node (test/bench/cli.ts): the built `support-console devices list --format csv` spawned → exited, every device, stdout to a file; the copy as the console left it (younger than its 60 s devices poll), the service up',
  },
  cli_query_100k_ms: {
    floor: { 100_000: 1000, 300_000: 3000 },
    better: 'lower',
    unit: 'ms',
    how: "Node: `support-console devices list --where '<one device's full name>' --format json`, spawned → exited, the same copy",
  },
};
