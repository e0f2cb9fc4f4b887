// Diagnostics: a process's resident memory by mapping, read from /proc/PID/smaps. The bench, host-diag and
// renderer-probe each group the mappings their own way (`keyOf`); the reading is here once.
import { readFile } from 'node:fs/promises';

export interface Resident {
  /** Resident kB per group, in the order the groups were first met. */
  kb: Map<string, number>;
  /** Proportional kB in all: a page shared with other processes counted as its share. */
  pssKb: number;
}

/** `keyOf(name, sizeMb)`: the group of a mapping by its name ('' for anonymous memory) and size. */
export async function residentByMapping(
  pid: number,
  keyOf: (name: string, sizeMb: number) => string,
): Promise<Resident> {
  const kb = new Map<string, number>();
  let pssKb = 0;
  let key = '';
  for (const line of (await readFile(`/proc/${pid}/smaps`, 'utf8')).split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      key = keyOf(head[3]!, (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 2 ** 20);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kb.set(key, (kb.get(key) ?? 0) + Number(rss[1]));
    const pss = /^Pss:\s+(\d+) kB/.exec(line);
    if (pss) pssKb += Number(pss[1]);
  }
  return { kb, pssKb };
}
