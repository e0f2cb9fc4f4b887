// The import rules of eslint.config.js, proven to fire: no import circle (type-only ones included, which
// import-x/no-cycle itself skips), and the glue reaching the core through core-port.ts only. The circle
// rule reads the imported files from disk, so its probes are real files in a scratch copy of the layout.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let root = '';
let eslint: ESLint;

function write(file: string, code: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), code);
}

async function messages(file: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([path.join(root, file)]);
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.resolve('eslint.config.js') });
  // A circle of values, one of types only, and a line that is no circle.
  write('shared/a.ts', "import { b } from './b.js';\nexport const a = (): number => b + 1;\n");
  write('shared/b.ts', "import { a } from './a.js';\nexport const b = 1;\nexport const c = a;\n");
  write('shared/t1.ts', "import type { T2 } from './t2.js';\nexport interface T1 {\n  t2: T2 | null;\n}\n");
  write('shared/t2.ts', "import type { T1 } from './t1.js';\nexport interface T2 {\n  t1: T1 | null;\n}\n");
  write('shared/top.ts', "import type { T1 } from './t1.js';\nexport type Top = T1;\n");
  write(
    'electron/glue/probe.ts',
    "import { systemClock } from '../core/clock.js';\nexport { systemClock };\n",
  );
  write(
    'electron/glue/ported.ts',
    "import type { HostedCore } from '../core-port.js';\nexport type { HostedCore };\n",
  );
  write('electron/core-port.ts', 'export interface HostedCore {\n  start(): void;\n}\n');
  write('electron/core/clock.ts', 'export const systemClock = { now: (): number => 0 };\n');
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('import rules', () => {
  it('refuses a circle of value imports', async () => {
    expect(await messages('shared/a.ts', 'local/no-import-cycle')).toHaveLength(1);
  });

  it('refuses a circle of type-only imports', async () => {
    const found = await messages('shared/t1.ts', 'local/no-import-cycle');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('./t2.js');
  });

  it('lets a file import into a circle it is not part of', async () => {
    expect(await messages('shared/top.ts', 'local/no-import-cycle')).toEqual([]);
  });

  it('lets the glue reach the core through core-port.ts only', async () => {
    expect(await messages('electron/glue/probe.ts', 'no-restricted-imports')).toHaveLength(1);
    expect(await messages('electron/glue/ported.ts', 'no-restricted-imports')).toEqual([]);
  });
});
