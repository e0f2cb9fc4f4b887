// The fuzz suite at any size, outside Vitest: npx tsx test/service/fuzz/cli.ts --cases 100000 [--seed N]
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runFuzz } from './engine.js';

const { values } = parseArgs({
  options: { cases: { type: 'string', default: '10000' }, seed: { type: 'string' } },
});
const cases = Number(values.cases);
const seed = values.seed !== undefined ? Number(values.seed) : randomInt(2 ** 32 - 1);
console.log(`fuzz: seed ${seed}, ${cases} cases`);
runFuzz({ seed, cases, onProgress: (done) => process.stdout.write(`\rfuzz: ${done}/${cases}`) }).then(
  (report) => {
    console.log(`\nfuzz: passed ${JSON.stringify(report)}`);
    process.exit(0);
  },
  (error: Error) => {
    console.error(`\n${error.message}`);
    process.exit(1);
  },
);
