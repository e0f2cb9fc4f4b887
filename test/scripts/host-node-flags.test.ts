// The browser host's Node flags (electron/browser-host/node-flags): read the same way by `npm start` and the
// bench, and doing in this Node what the file says they do.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// The bench's reader of them (scripts/host-node-flags.sh): what it starts its host with is checked here.
import { hostNodeFlags as flags } from '../bench/processes.js';

// A burst like an account's first sync on the main thread: much of what it allocates is kept. Prints the
// young generation's resident size afterwards, in MB.
const BURST = `
const v8 = require('node:v8');
const keep = [];
for (let i = 0; i < 400000; i++) { keep.push({ id: 'd' + i, status: i % 3, name: 'name ' + i }); void { a: [i], b: 'x' + i }; }
const young = v8.getHeapSpaceStatistics().filter((s) => s.space_name === 'new_space')[0].physical_space_size;
console.log(young / 1048576);
`;
const youngAfterBurst = (nodeFlags: string[]) =>
  Number(spawnSync(process.execPath, [...nodeFlags, '-e', BURST], { encoding: 'utf8' }).stdout.trim());

describe('the browser host’s Node flags', () => {
  it('are the file’s flag lines, without its comments', () => {
    const list = flags();
    expect(list).toContain('--max-semi-space-size=2');
    for (const flag of list) expect(flag).toMatch(/^--[a-z-]+(=\S+)?$/);
  });

  it('cap the young generation a burst grows, which V8 otherwise grows further and keeps', () => {
    const capped = youngAfterBurst(flags());
    const plain = youngAfterBurst([]);
    expect(capped).toBeGreaterThan(0);
    expect(capped).toBeLessThanOrEqual(4);
    // V8 sizes its own cap from the machine's memory (32 MB here): more than the flag's, whatever it is.
    expect(plain).toBeGreaterThan(capped);
  });
});
