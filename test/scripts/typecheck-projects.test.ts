// `npm run typecheck` checks shared/ inside the electron/ and service/ projects, not in a run of its own:
// that holds only while those projects take in every shared file with shared/'s own options (no DOM
// library: shared/ runs in both processes).
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };

const ROOT = path.resolve(import.meta.dirname, '../..');

function project(dir: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, dir, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`no project in ${dir}`);
  return parsed;
}

describe('the typecheck projects', () => {
  it('check every shared/ file with shared/’s options, in the projects the typecheck runs', () => {
    const shared = project('shared');
    expect(shared.fileNames.length).toBeGreaterThan(30);
    const run = pkg.scripts.typecheck;
    for (const dir of ['electron', 'service']) {
      expect(run, dir).toContain(`tsc -p ${dir} `);
      const other = project(dir);
      const files = new Set(other.fileNames);
      expect(
        shared.fileNames.filter((f) => !files.has(f)),
        dir,
      ).toEqual([]);
      expect(other.options.lib, dir).toEqual(shared.options.lib);
      expect(other.options.types, dir).toEqual(shared.options.types);
      expect(other.options.strict, dir).toBe(true);
    }
  });
});
