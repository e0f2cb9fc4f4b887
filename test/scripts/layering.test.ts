// The layering rules of eslint.config.js, proven to fire: a rule that silently matches nothing would let
// Node or electron creep into shared/ or the renderer unnoticed.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) =>
      ['no-restricted-imports', 'zod/namespace', 'no-restricted-globals', 'no-restricted-syntax'].includes(
        m.ruleId ?? '',
      ),
    )
    .map((m) => m.message);
}

describe('layering lint', () => {
  it('keeps Node built-ins out of shared/, by bare name and node: prefix', async () => {
    for (const source of ['fs', 'node:fs', 'http', 'querystring', 'vm', 'worker_threads', 'perf_hooks']) {
      const messages = await restricted('shared/probe.ts', `import x from '${source}';\nexport { x };\n`);
      expect(messages, source).toHaveLength(1);
    }
  });

  it('does not mistake a relative folder named like a built-in for the built-in', async () => {
    const messages = await restricted(
      'shared/client/probe.ts',
      "import { readBodyLimited } from '../http/read-body.js';\nexport { readBodyLimited };\n",
    );
    expect(messages).toEqual([]);
  });

  it('keeps electron, React and the service out of shared/', async () => {
    for (const source of ['electron', 'react', 'zustand', '../service/server.js']) {
      const messages = await restricted('shared/probe.ts', `import x from '${source}';\nexport { x };\n`);
      expect(messages.length, source).toBeGreaterThan(0);
    }
  });

  it('forbids DOM and Node globals in shared/', async () => {
    const messages = await restricted(
      'shared/probe.ts',
      'export const a = window.name + document.title + process.env.X + Buffer.from("x") + location.href;\n',
    );
    expect(messages).toHaveLength(5);
  });

  it("lets only electron/glue/** import 'electron'", async () => {
    const code = "import { app } from 'electron';\nexport { app };\n";
    expect(await restricted('electron/core/probe.ts', code)).toHaveLength(1);
    expect(await restricted('electron/glue/probe.ts', code)).toEqual([]);
  });

  it('keeps renderer/domain below the components and screens that present it', async () => {
    const up = "import { x } from '../components/labels.js';\nexport { x };\n";
    const screen = "import { x } from '../screens/UsersScreen.js';\nexport { x };\n";
    const node = "import fs from 'node:fs';\nexport { fs };\n";
    expect(await restricted('renderer/domain/probe.ts', up)).toHaveLength(1);
    expect(await restricted('renderer/domain/probe.ts', screen)).toHaveLength(1);
    expect((await restricted('renderer/domain/probe.ts', node)).length).toBeGreaterThan(0);
    expect(await restricted('renderer/components/probe.ts', up)).toEqual([]);
  });

  it('keeps React out of the renderer modules the command line loads (its domain and messages)', async () => {
    const react = "import { useState } from 'react';\nexport { useState };\n";
    expect(await restricted('renderer/domain/probe.ts', react)).toHaveLength(1);
    expect(await restricted('renderer/i18n/probe.ts', react)).toHaveLength(1);
    expect(await restricted('renderer/i18n/use-language.ts', react)).toEqual([]);
    expect(await restricted('renderer/components/Probe.tsx', react)).toEqual([]);
  });

  it('imports zod as a namespace everywhere, so bundles keep only what is used (not its 40 locales)', async () => {
    const named = "import { z } from 'zod';\nexport const s = z.string();\n";
    const namespace = "import * as z from 'zod';\nexport const s = z.string();\n";
    for (const file of [
      'electron/core/probe.ts',
      'shared/probe.ts',
      'renderer/domain/probe.ts',
      'service/probe.ts',
    ]) {
      expect(await restricted(file, named), file).toHaveLength(1);
      expect(await restricted(file, namespace), file).toEqual([]);
    }
  });

  it('keeps Node and the main process out of the renderer', async () => {
    const nodeImport = "import fs from 'node:fs';\nexport { fs };\n";
    const coreImport = "import { x } from '../electron/core/app-core.js';\nexport { x };\n";
    expect((await restricted('renderer/probe.ts', nodeImport)).length).toBeGreaterThan(0);
    expect((await restricted('renderer/probe.ts', coreImport)).length).toBeGreaterThan(0);
  });

  describe('the violations named in issue 10 fail', () => {
    it.each([
      [
        'fetch in renderer/components',
        'renderer/components/Probe.tsx',
        "export const p = fetch('https://x');\n",
      ],
      [
        'WebSocket in renderer/components',
        'renderer/components/Probe.tsx',
        "export const p = new WebSocket('wss://x');\n",
      ],
      ['XMLHttpRequest in renderer/', 'renderer/state/probe.ts', 'export const p = new XMLHttpRequest();\n'],
      [
        '@napi-rs/keyring from shared/',
        'shared/probe.ts',
        "import { Entry } from '@napi-rs/keyring';\nexport { Entry };\n",
      ],
      [
        '@napi-rs/keyring from renderer/',
        'renderer/probe.ts',
        "import { Entry } from '@napi-rs/keyring';\nexport { Entry };\n",
      ],
      [
        'electron/core importing ../glue/',
        'electron/core/probe.ts',
        "import { x } from '../glue/tray.js';\nexport { x };\n",
      ],
      [
        'electron/core importing ../browser-host/',
        'electron/core/probe.ts',
        "import { x } from '../browser-host/server.js';\nexport { x };\n",
      ],
      [
        // Its own rule (it may read renderer/domain) keeps the core's ban on hosts.
        'the spanning-view match importing the glue',
        'electron/core/accounts/view-across-accounts.ts',
        "import { x } from '../../glue/tray.js';\nexport { x };\n",
      ],
      [
        'the view match in the devices owner importing the glue',
        'electron/core/device-view-match.ts',
        "import { x } from '../glue/tray.js';\nexport { x };\n",
      ],
      [
        'the view match in the devices owner importing a renderer component',
        'electron/core/device-view-match.ts',
        "import { x } from '../../renderer/components/App.js';\nexport { x };\n",
      ],
      [
        "dynamic import('electron') in core",
        'electron/core/probe.ts',
        "export const e = import('electron');\n",
      ],
      [
        "dynamic import('electron') in renderer",
        'renderer/probe.ts',
        "export const e = import('electron');\n",
      ],
      ["dynamic import('node:fs') in shared", 'shared/probe.ts', "export const f = import('node:fs');\n"],
      ["dynamic import('node:fs') in renderer", 'renderer/probe.ts', "export const f = import('node:fs');\n"],
      [
        'react in the core',
        'electron/core/probe.ts',
        "import { useState } from 'react';\nexport { useState };\n",
      ],
      [
        'the XML parser in the renderer',
        'renderer/probe.ts',
        "import { XMLParser } from 'fast-xml-parser';\nexport { XMLParser };\n",
      ],
    ])('%s', async (_label, filePath, code) => {
      expect((await restricted(filePath, code)).length).toBeGreaterThan(0);
    });

    it('lets the bridge use the network, the glue electron and the core the keychain', async () => {
      expect(await restricted('renderer/bridge/probe.ts', "export const p = fetch('/x');\n")).toEqual([]);
      expect(await restricted('electron/glue/probe.ts', "export const e = import('electron');\n")).toEqual(
        [],
      );
      expect(
        await restricted(
          'electron/core/probe.ts',
          "import { Entry } from '@napi-rs/keyring';\nexport { Entry };\n",
        ),
      ).toEqual([]);
    });
  });
});
