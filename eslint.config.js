// Layering is enforced here, not by memory (VS Code's common/node/electron-main split, Signal's
// file-suffix rule):
//   shared/    imports neither Node, nor the DOM, nor electron, nor React: both processes run it.
//   electron/  is plain Node, except electron/glue/** (the only files that may import 'electron').
//   renderer/  never imports Node or electron and never talks to the network: only its bridge module.
//   service/   is the local stand-in of the remote service; the app never imports it.
//   electron/glue/** reaches the core through electron/core-port.ts only; no module imports itself back
//   through a circle of imports (type-only imports count).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
// package.json pins its resolver (overrides: unrs-resolver 1.12.2): 1.13.0 names platform builds the
// registry does not have, which leaves them out of package-lock.json, and `npm ci` then refuses the lock.
import { createNodeResolver } from 'eslint-plugin-import-x';
import noImportCycle from './scripts/eslint/no-import-cycle.js';
import zodNamespace from './scripts/eslint/zod-namespace.js';

// Every npm package the app depends on, classified by the layers whose code may import it (Signal
// Desktop's idea: an unclassified package fails lint, so none slips into a layer by accident).
// Layers: shared, core (electron/ outside glue), glue, host (electron/browser-host), renderer, service.
const PACKAGE_LAYERS = {
  // ICU messages for both processes, through shared/i18n/translator.ts.
  '@formatjs/intl': ['shared'],
  // The pseudo-locale (renderer/i18n/pseudo.ts) rewrites English messages through their ICU syntax tree.
  '@formatjs/icu-messageformat-parser': ['renderer'],
  '@leeoniya/ufuzzy': ['renderer'],
  '@napi-rs/keyring': ['core'],
  'electron-updater': ['glue'],
  // The command line's parser (electron/cli, the third host).
  commander: ['cli'],
  ics: ['renderer'],
  papaparse: ['core', 'renderer'],
  uplot: ['renderer'],
  '@nodable/entities': ['shared', 'service'],
  '@tanstack/react-virtual': ['renderer'],
  'fast-xml-parser': ['shared', 'service'],
  'oauth-1.0a': ['shared', 'service'],
  react: ['renderer'],
  'react-dom': ['renderer'],
  saxes: ['shared', 'service'],
  // The renderer validates what a technician pastes (a shared saved view) with it too; the core's own
  // files are read through schemas (electron/core/store/).
  zod: ['shared', 'service', 'renderer', 'core'],
  zustand: ['renderer'],
  // electron (a devDependency) has its own rule below: only electron/glue/** imports it.
};
const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const unclassified = Object.keys(packageJson.dependencies ?? {}).filter((name) => !(name in PACKAGE_LAYERS));
if (unclassified.length > 0) {
  throw new Error(`eslint.config.js: classify these packages in PACKAGE_LAYERS: ${unclassified.join(', ')}`);
}
/** import patterns of the packages a layer may not use */
function packagesNotIn(layer) {
  return Object.entries(PACKAGE_LAYERS)
    .filter(([, layers]) => !layers.includes(layer))
    .map(([name]) => ({
      group: [name, `${name}/*`],
      message: `${name} is not for this layer (PACKAGE_LAYERS in eslint.config.js).`,
    }));
}
// Dynamic import() is an import too: no-restricted-imports does not see it, this selector does.
const noDynamicImport = (what, message) => ({
  selector: `ImportExpression[source.value=${what}]`,
  message,
});
const NODE_OR_ELECTRON =
  '/^(node:|electron$|electron\\/)|^(fs|path|http|https|net|child_process|os|crypto|worker_threads)$/';
const NETWORK_GLOBALS = ['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource'].map((name) => ({
  name,
  message: 'The renderer never talks to the network: only renderer/bridge/ carries requests.',
}));

// Every Node built-in by its exact name (from Node itself, so none is forgotten), and anything `node:`.
const nodeBuiltinPaths = builtinModules
  .filter((name) => !name.startsWith('_'))
  .map((name) => ({ name, message: 'Node built-ins are not allowed in this layer (see eslint.config.js).' }));
const noNode = {
  group: ['node:*'],
  message: 'Node built-ins are not allowed in this layer (see eslint.config.js).',
};
const noElectron = {
  group: ['electron', 'electron/*', 'electron-updater'],
  message: "Only electron/glue/** may import 'electron' (or electron-updater, which loads it).",
};
const noReact = {
  group: ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*'],
  message: 'UI libraries belong to renderer/.',
};
const noService = {
  group: ['**/service/**', '../service/*'],
  message: 'The app never imports the stand-in service.',
};
const noRenderer = { group: ['**/renderer/**'], message: 'The main process does not import renderer code.' };
const noHost = {
  group: ['**/glue/**', '**/browser-host/**', '**/cli/**', '../glue/*', '../browser-host/*', '../cli/*'],
  message: 'The core is what hosts drive: it never imports a host (glue, browser-host, cli).',
};
const noElectronLayer = {
  group: ['**/electron/**'],
  message: 'This layer does not import main-process code.',
};
/** What no renderer module imports: Node, electron, the service, the main process, others' packages. */
const rendererMayNot = () => [noNode, noElectron, noService, noElectronLayer, ...packagesNotIn('renderer')];

export default tseslint.config(
  {
    ignores: [
      '.tmp/**',
      '.cache/**',
      'dist/**',
      'dist-app/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    plugins: { zod: { rules: { namespace: zodNamespace } } },
    rules: { 'zod/namespace': 'error' },
  },
  {
    // No import circle, type-only ones included: each is a fact in the wrong file (issue 25); move it to a
    // module both sides can import. import-x resolves and parses; its own no-cycle skips `import type`, so
    // the rule is scripts/eslint/no-import-cycle.js (the same walk, types kept).
    files: ['shared/**/*.ts', 'electron/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx', 'service/**/*.ts'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Sources import each other as '.js' (NodeNext); the file on disk is '.ts' or '.tsx'.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'local/no-import-cycle': 'error' },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths,
          patterns: [
            noNode,
            noElectron,
            noReact,
            noService,
            noRenderer,
            noElectronLayer,
            ...packagesNotIn('shared'),
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        noDynamicImport(NODE_OR_ELECTRON, 'shared/ imports neither Node nor electron, not even dynamically.'),
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'shared/ runs in both processes: no DOM.' },
        { name: 'document', message: 'shared/ runs in both processes: no DOM.' },
        { name: 'localStorage', message: 'shared/ runs in both processes: no DOM.' },
        { name: 'navigator', message: 'shared/ runs in both processes: no DOM.' },
        { name: 'location', message: 'shared/ runs in both processes: no DOM.' },
        { name: 'sessionStorage', message: 'shared/ runs in both processes: no DOM.' },
        { name: 'DOMParser', message: 'shared/ runs in both processes: no DOM.' },
        { name: 'XMLHttpRequest', message: 'shared/ runs in both processes: use fetch.' },
        { name: 'EventSource', message: 'shared/ runs in both processes: no DOM.' },
        { name: 'HTMLElement', message: 'shared/ runs in both processes: no DOM.' },
        { name: 'global', message: 'shared/ runs in both processes: no Node.' },
        { name: 'setImmediate', message: 'shared/ runs in both processes: no Node.' },
        { name: '__filename', message: 'shared/ is Node-free.' },
        { name: 'process', message: 'shared/ runs in both processes: no Node.' },
        { name: 'Buffer', message: 'shared/ runs in both processes: no Node; use Uint8Array/TextEncoder.' },
        { name: 'require', message: 'shared/ is ESM and Node-free.' },
        { name: '__dirname', message: 'shared/ is Node-free.' },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/glue/**', 'electron/browser-host/**', 'electron/cli/**', 'electron/main.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noElectron, noReact, noService, noRenderer, noHost, ...packagesNotIn('core')],
        },
      ],
      'no-restricted-syntax': [
        'error',
        noDynamicImport(
          '/^electron($|\\/)/',
          "Only electron/glue/** may import 'electron', not even dynamically.",
        ),
      ],
    },
  },
  {
    // A saved view spanning accounts is matched where the other accounts' devices are (issue 28): these
    // core modules (the conditions read on the main thread, the match in the devices' owner) run the
    // renderer's DOM-free view model as the command line does, so a view shows the same devices in every
    // account. The rest of the core rule stands.
    files: ['electron/core/accounts/view-across-accounts.ts', 'electron/core/device-view-match.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            noReact,
            noService,
            noHost,
            {
              regex: '(^|/)renderer/(?!domain/[\\w.-]+$)',
              message: 'The spanning view match uses renderer/domain only: no UI, no bridge.',
            },
            ...packagesNotIn('core'),
          ],
        },
      ],
    },
  },
  {
    files: ['electron/browser-host/**/*.ts', 'electron/main.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noElectron, noReact, noService, noRenderer, ...packagesNotIn('host')] },
      ],
      'no-restricted-syntax': [
        'error',
        noDynamicImport(
          '/^electron($|\\/)/',
          "Only electron/glue/** may import 'electron', not even dynamically.",
        ),
      ],
    },
  },
  {
    // The command line: a host of the core like the browser host. It shares the renderer's DOM-free domain
    // modules (search syntax, columns, CSV export) and its message catalogues, never its UI or bridge.
    files: ['electron/cli/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            noReact,
            noService,
            {
              regex: '(^|/)renderer/(?!domain/[\\w.-]+$|i18n/index\\.js$)',
              message: 'The command line uses renderer/domain and renderer/i18n only: no UI, no bridge.',
            },
            ...packagesNotIn('cli'),
          ],
        },
      ],
    },
  },
  {
    files: ['electron/glue/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noReact,
            noService,
            noRenderer,
            ...packagesNotIn('glue'),
            {
              group: ['**/core/**', '../core', '**/core/*'],
              message: 'The glue drives the core through ../core-port.js only (what a host may call).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths,
          patterns: rendererMayNot(),
        },
      ],
      'no-restricted-syntax': [
        'error',
        noDynamicImport(
          NODE_OR_ELECTRON,
          'The renderer imports neither Node nor electron, not even dynamically.',
        ),
      ],
      'no-restricted-globals': ['error', ...NETWORK_GLOBALS],
    },
  },
  {
    // renderer/domain is what the components and screens present; it never reaches back up into them.
    files: ['renderer/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths,
          patterns: [
            ...rendererMayNot(),
            {
              group: ['**/components/**', '**/screens/**'],
              message: 'renderer/domain does not import components or screens: they import it.',
            },
            // The command line loads these modules: React would be loaded (and compiled) on each of its starts.
            noReact,
          ],
        },
      ],
    },
  },
  {
    // The message layer the command line shares with the renderer: React only in its hook module.
    files: ['renderer/i18n/**/*.ts'],
    ignores: ['renderer/i18n/use-language.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths,
          patterns: [...rendererMayNot(), noReact],
        },
      ],
    },
  },
  {
    // The bridge is the renderer's one way out (the browser host's HTTP and event stream).
    files: ['renderer/bridge/**/*.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['service/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noElectron, noReact, noRenderer, noElectronLayer, ...packagesNotIn('service')] },
      ],
    },
  },
  {
    files: [
      'test/**/*.ts',
      'test/**/*.tsx',
      'scripts/**/*.ts',
      'scripts/**/*.js',
      'scripts/**/*.mjs',
      '*.config.ts',
      '*.config.js',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // A test file imported by another runs its tests again inside the importer (or, where the unit suite
    // shares a module registry, silently not): what two test files share lives in a support module.
    files: ['test/**/*.ts', 'test/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '\\.(test|spec)(\\.[jt]sx?)?$', message: 'Import a support module, not a test file.' },
          ],
        },
      ],
    },
  },
);
