// Layering is enforced here, not by memory (VS Code's common/node/electron-main split, Signal's
// file-suffix rule):
//   shared/    imports neither Node, nor the DOM, nor electron, nor React: both processes run it.
//   electron/  is plain Node, except electron/glue/** (the only files that may import 'electron').
//   renderer/  never imports Node or electron and never talks to the network: only its bridge module.
//   service/   is the local stand-in of the remote service; the app never imports it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

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
const noElectronLayer = {
  group: ['**/electron/**'],
  message: 'This layer does not import main-process code.',
};

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
    files: ['shared/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths,
          patterns: [noNode, noElectron, noReact, noService, noRenderer, noElectronLayer],
        },
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
    files: ['electron/**/*.ts', 'electron/**/*.cts'],
    ignores: ['electron/glue/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': ['error', { patterns: [noElectron, noReact, noService, noRenderer] }] },
  },
  {
    files: ['electron/glue/**/*.ts', 'electron/glue/**/*.cts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': ['error', { patterns: [noReact, noService, noRenderer] }] },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { paths: nodeBuiltinPaths, patterns: [noNode, noElectron, noService, noElectronLayer] },
      ],
    },
  },
  {
    files: ['service/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectron, noReact, noRenderer, noElectronLayer] }],
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
);
