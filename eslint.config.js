// The house rules a linter can check (`npm test` runs it through scripts/lint.mjs; zero warnings).
// Layers, lowest first; a file imports only from its own layer and those below it:
//   contract/                      schemas and routes shared by server and web (imports nothing of either)
//   server/{config,paths,version}  start-up settings (config-*.ts beside config.ts)
//   server/db                      connection, schema, migrations
//   server/platform                cross-cutting machinery (auth, events, jobs, storage, errors…)
//   server/{search,parser,import,seed}  libraries the modules use
//   server/modules/<area>          routes → service → repo; a route holds no SQL
//   server/{app,main,start-up}     assembly
// Tests (*.test.ts, server/test, server/contract-tests, e2e) sit on top and may import anything.
// In web/src: pages on top; components never import pages; api and lib never import pages or components'
// screens; only web/src/api talks HTTP, and no '/api/' path is written in web/src (contract/routes.ts holds them).
// Import cycles (type-only ones too) are refused by scripts/lint.mjs with the TypeScript compiler.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { EXTERNAL_PACKAGES } from './scripts/external-packages.mjs';

import path from 'node:path';

const ROOT = import.meta.dirname;

/**
 * hearth/layers: an import whose file (resolved from the importing file, repo-relative) starts with one of
 * `forbid[].paths` is refused with that entry's message. Bare package names are no-restricted-imports' job.
 */
const layersRule = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { forbid: { type: 'array' } }, additionalProperties: false }] },
  create(context) {
    const { forbid = [] } = context.options[0] ?? {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), source)).split(path.sep).join('/');
      for (const rule of forbid) {
        if (rule.paths.some((p) => target === p || target.startsWith(p))) {
          context.report({ node, message: `${rule.message} (imports ${target})` });
          return;
        }
      }
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => {
        const lit = node.argument?.literal ?? node.argument;
        if (lit?.type === 'Literal') check(lit, lit.value);
      },
    };
  },
};

const hearth = { rules: { layers: layersRule } };
const layers = (...forbid) => ({ 'hearth/layers': ['error', { forbid }] });

const ASSEMBLY = ['server/app', 'server/main', 'server/start-up', 'server/test/', 'server/contract-tests/'];
const MODULES = ['server/modules/'];
const LIBRARIES = ['server/search/', 'server/parser/', 'server/import/', 'server/seed/'];
const PLATFORM = ['server/platform/'];
const DB = ['server/db/'];
const WEB = ['web/'];

const MAP_OF_BYTES = "[callee.name=/^(Map|WeakMap)$/][typeArguments.params.1.typeName.name=/^(Buffer|Uint8Array)$/]";

/** Kept bytes go in a KeptBytes (README "memory"): a Buffer made by Buffer.from/concat and kept pins malloc's heap. */
const memoryRules = [
  {
    selector: `:matches(Program > VariableDeclaration > VariableDeclarator, Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator, PropertyDefinition) > NewExpression${MAP_OF_BYTES}`,
    message: 'Bytes kept past their request go in a KeptBytes (server/platform/kept-bytes.ts), not a long-lived Map of Buffers (README: memory).',
  },
  {
    selector: "CallExpression[callee.property.name='set'] > CallExpression.arguments[callee.object.name='Buffer'][callee.property.name=/^(from|concat)$/]",
    message: 'A Buffer.from/Buffer.concat kept in a map pins the freed memory around it: keep bytes in a KeptBytes (server/platform/kept-bytes.ts; README: memory).',
  },
  {
    // A package outside the bundle (scripts/external-packages.mjs) is loaded with lazyRequire.
    selector: `ImportExpression > Literal.source[value=/^(${EXTERNAL_PACKAGES.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, (c) => (c === '*' ? '.*' : `\\${c}`))).join('|')})$/]`,
    message: 'Load packages outside the bundle with lazyRequire (server/lazy.ts), never import(): in the code-cached bundle a dynamic import needs the experimental loader hook (README: memory).',
  },
];

const API_LITERAL = "No '/api/' path in web/src: name the route in the contract's route table (contract/route-table*.ts, paths from contract/routes.ts) and call it with call(ROUTES.x, …) or sendMultipart(ROUTES.x, …).";

/** A route holds no SQL: queries live in the area's repo (or service) files. */
const routeRules = [
  {
    selector: "CallExpression > MemberExpression.callee[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with)$/]",
    message: 'A route holds no SQL: put the query in the area\'s repo.ts (routes → service → repo).',
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: "A route holds no SQL: put the query in the area's repo.ts." },
];

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'dist/**', 'bench/results/**', 'web/public/**', 'coverage/**', '.tmp/**', '**/*.d.ts', '**/*.d.mts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // ---- the layers ----
  { plugins: { hearth } },
  {
    files: ['contract/**/*.ts'],
    rules: {
      ...layers({ paths: ['server/', ...WEB], message: 'contract/ is shared by server and web: it imports neither.' }),
      'no-restricted-imports': ['error', { paths: ['kysely', 'fastify', 'react'].map((name) => ({ name, message: 'contract/ holds schemas and routes only.' })) }],
    },
  },
  {
    files: ['server/config.ts', 'server/config-*.ts', 'server/paths.ts', 'server/version.ts'],
    rules: layers({ paths: [...DB, ...PLATFORM, ...LIBRARIES, ...MODULES, ...ASSEMBLY], message: 'Start-up settings are the lowest server layer: they import no db, platform or module.' }),
  },
  {
    files: ['server/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: layers({ paths: [...PLATFORM, ...LIBRARIES, ...MODULES, ...ASSEMBLY], message: 'server/db sits below platform and modules: it imports only contract/, config and its own files.' }),
  },
  {
    files: ['server/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: layers(
      { paths: [...LIBRARIES, ...MODULES, ...ASSEMBLY], message: 'server/platform is cross-cutting machinery: it never imports a module, a library above it or the app.' },
      { paths: WEB, message: 'The server never imports the web app.' },
    ),
  },
  {
    // The one exception: the message catalogues (web/src/i18n/locales/*.json) are shared by server and web, so an
    // error raised by key is translated from the same text the web app shows (issue 39, errors are keys).
    files: ['server/platform/i18n/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: layers({ paths: [...LIBRARIES, ...MODULES, ...ASSEMBLY], message: 'server/platform is cross-cutting machinery: it never imports a module, a library above it or the app.' }),
  },
  {
    files: ['server/search/**/*.ts', 'server/parser/**/*.ts', 'server/import/**/*.ts', 'server/seed/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: layers(
      { paths: [...MODULES, ...ASSEMBLY], message: 'Libraries (search, parser, import, seed) sit below the modules: they never import a module or the app.' },
      { paths: WEB, message: 'The server never imports the web app.' },
    ),
  },
  {
    files: ['server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: layers(
      { paths: ['server/app', 'server/main', 'server/start-up'], message: 'Modules are assembled by server/app.ts; they never import it.' },
      { paths: WEB, message: 'The server never imports the web app.' },
    ),
  },
  {
    files: ['server/modules/*/routes.ts', 'server/modules/*/*-routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: "A route holds no SQL: queries live in the area's repo.ts (routes → service → repo)." }] }],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{mjs,cjs,ts}'],
    ignores: ['**/*.test.ts', 'server/test/**', 'server/contract-tests/**'],
    rules: { 'no-restricted-syntax': ['error', ...memoryRules] },
  },
  {
    files: ['server/modules/*/routes.ts', 'server/modules/*/*-routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...memoryRules, ...routeRules] },
  },
  // ---- the web app ----
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error',
        { name: 'fetch', message: 'Only web/src/api talks HTTP: call the API through its client.' },
        { name: 'EventSource', message: 'Only web/src/api talks HTTP: live updates come through web/src/api.' },
        { name: 'XMLHttpRequest', message: 'Only web/src/api talks HTTP: uploads go through web/src/api.' },
        { name: 'WebSocket', message: 'Only web/src/api talks HTTP.' },
      ],
      'no-restricted-properties': ['error',
        { object: 'window', property: 'fetch', message: 'Only web/src/api talks HTTP.' },
        { object: 'globalThis', property: 'fetch', message: 'Only web/src/api talks HTTP.' },
        { object: 'navigator', property: 'sendBeacon', message: 'Only web/src/api talks HTTP.' },
      ],
    },
  },
  {
    // One web transport: every API path is written once, in contract/routes.ts, and every call is a row of the
    // contract's route table (contract/route-table*.ts) made by web/src/api's `call` / `sendMultipart`.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: 'Literal[value=/^\\x2Fapi\\x2F|\\x2F\\x2F[^\\x2F]+\\x2Fapi\\x2F/]', message: API_LITERAL },
        { selector: 'TemplateElement[value.raw=/^\\x2Fapi\\x2F|\\x2F\\x2F[^\\x2F]+\\x2Fapi\\x2F/]', message: API_LITERAL },
      ],
    },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}'],
    rules: layers(
      { paths: ['web/src/pages/'], message: 'Components never import pages: move the shared piece into components/ or lib/.' },
      { paths: ['server/'], message: 'The web app talks to the server over HTTP only.' },
    ),
  },
  {
    files: ['web/src/api/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}', 'web/src/i18n/**/*.{ts,tsx}'],
    rules: layers(
      { paths: ['web/src/pages/'], message: 'api/, lib/ and i18n/ sit below the screens: they never import pages.' },
      { paths: ['server/'], message: 'The web app talks to the server over HTTP only.' },
    ),
  },
  {
    files: ['web/src/pages/**/*.{ts,tsx}', 'web/src/app/**/*.{ts,tsx}'],
    rules: layers({ paths: ['server/'], message: 'The web app talks to the server over HTTP only.' }),
  },
);
