// Seeded fuzzing of the stand-in service (issue 15): hostile and conflicting requests across every
// endpoint, checked after every request (fuzz/oracle.ts). CI runs a few thousand cases with a fresh seed;
// the seed is printed, and a failure names the command that replays it:
//   FUZZ_SEED=<seed> FUZZ_CASES=100000 npx vitest run test/service/fuzz-service.test.ts
// or, outside Vitest: npx tsx test/service/fuzz/cli.ts --cases 100000 --seed <seed>
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runFuzz } from './fuzz/engine.js';

const cases = Number(process.env.FUZZ_CASES ?? 2000);
const seed = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 32 - 1);

describe('service fuzzing', () => {
  it(
    `${cases} hostile and conflicting requests (seed ${seed}): no 500, answers as the error table says, the tree intact`,
    async () => {
      console.log(`fuzz: seed ${seed}, ${cases} cases (replay: FUZZ_SEED=${seed} FUZZ_CASES=${cases})`);
      const report = await runFuzz({ seed, cases });
      console.log(`fuzz: ${JSON.stringify(report)}`);
      expect(report.cases).toBe(cases);
      // The generator reaches the service's answers of every kind, not one refusal over and over.
      for (const status of ['200', '201', '400', '401', '403', '404', '422']) {
        expect(report.statuses[status] ?? 0, `answers with status ${status}`).toBeGreaterThan(0);
      }
    },
    Math.max(60_000, cases * 50),
  );
});
