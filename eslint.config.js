// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import staffAreas from './src/staff-areas.json' with { type: 'json' };

/**
 * The lint: the recommended JavaScript and TypeScript rules, unused names, and the
 * import boundaries of README "How it is built". Formatting is nobody's rule here, and
 * types are tsc's: `npm run lint` runs this and then `npm run typecheck`.
 */

const CLIENT = ['app', 'ui', 'staff-ui', 'i18n', 'outbox', 'feature', 'staff-area', 'route'];
/** The corporation's staff areas (src/staff-areas.json): one name each in every layer, see docs/architecture.md. */
const STAFF_AREAS = staffAreas.areas;
const SERVER = ['server-feature', 'server-db', 'server-main'];
/** The contract's plain-data files: the only values the app may import from the server. */
const SHARED_DATA = ['server/contract/endpoints.ts', 'server/contract/constants.ts'];

/** `_owner`: unused on purpose (a signature needs it), as tsc's noUnusedParameters reads it. */
const unusedNames = {
  rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] },
};

/** "A feature never imports another feature" for a folder type that captures `feature`. */
const anotherFeature = (/** @type {string} */ type) => ({
  type,
  captured: { feature: '!{{ from.element.captured.feature }}' },
});

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'data/', 'public/', 'src/routeTree.gen.ts', '.probe/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  unusedNames,
  {
    // The rules of hooks and their dependencies. The plugin's React Compiler rules are not
    // on: the app is not compiled by it, and the effects they flag reset state on purpose.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // A cycle makes load order matter and hides which module is the lower layer.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js'], 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['tests/**'],
    // The API helper's `api.apply(token, form)` files a case; it is not Function.prototype.apply.
    rules: { 'prefer-spread': 'off' },
  },
  {
    plugins: { boundaries },
    settings: {
      // Folders from the repository root; the first match wins, so the specific come first.
      'boundaries/elements': [
        { type: 'contract', pattern: 'server/contract', partialMatch: false },
        { type: 'server-db', pattern: 'server/db', partialMatch: false },
        // Every other server folder: a feature (accounts, cases …) or a shared part (errors, auth …).
        { type: 'server-feature', pattern: 'server/*', capture: ['feature'], partialMatch: false },
        // What is left: the files that start and wire the server (main.ts, app.ts, config.ts …).
        { type: 'server-main', pattern: 'server', partialMatch: false },
        { type: 'app', pattern: 'src/app', partialMatch: false },
        // The UI only the staff areas share: its texts are in the staff catalog, so no customer page loads it.
        { type: 'staff-ui', pattern: 'src/ui/staff', partialMatch: false },
        { type: 'ui', pattern: 'src/ui', partialMatch: false },
        { type: 'i18n', pattern: 'src/i18n', partialMatch: false },
        { type: 'outbox', pattern: 'src/outbox', partialMatch: false },
        { type: 'staff-area', pattern: `src/features/{${STAFF_AREAS.join(',')}}`, capture: ['feature'], partialMatch: false },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'route', pattern: 'src/routes', partialMatch: false },
      ],
      // The layers inside a server feature folder, by file name.
      'boundaries/files': [
        { category: 'routes', pattern: ['server/*/routes.ts', 'server/*/*-routes.ts'] },
        { category: 'service', pattern: ['server/*/service.ts', 'server/*/*-service.ts'] },
        { category: 'store', pattern: ['server/*/store.ts', 'server/*/*-store.ts'] },
        // Plain data the app and the server share as values: no imports, so nothing of the server comes along.
        { category: 'shared-data', pattern: SHARED_DATA },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { types: CLIENT } },
              disallow: { to: { element: { types: SERVER } } },
              message: 'The app sees only server/contract of the server.',
            },
            {
              from: { element: { types: CLIENT } },
              disallow: { to: { element: { type: 'contract' } }, dependency: { kind: 'value' } },
              message: 'The app takes only types from server/contract (import type …), values only from its plain-data files.',
            },
            {
              from: { element: { types: CLIENT } },
              allow: { to: { file: { categories: 'shared-data' } } },
            },
            {
              from: { element: { types: ['feature', 'staff-area'] } },
              disallow: [{ to: { element: anotherFeature('feature') } }, { to: { element: anotherFeature('staff-area') } }],
              message: 'A feature never imports another feature: move what both need to ui/, app/ or outbox/.',
            },
            {
              from: { element: { types: ['app', 'ui', 'staff-ui', 'i18n', 'outbox'] } },
              disallow: { to: { element: { types: ['feature', 'staff-area', 'route'] } } },
              message: 'app/, ui/, i18n/ and outbox/ are shared by every feature and import none.',
            },
            {
              from: { element: { types: ['feature', 'ui', 'app', 'i18n', 'outbox'] } },
              disallow: { to: { element: { type: 'staff-ui' } } },
              message: 'ui/staff is for the staff areas (src/staff-areas.json) and their routes: its texts are in the staff catalog.',
            },
            {
              from: { element: { types: ['feature', 'staff-area'] } },
              disallow: { to: { element: { type: 'route' } } },
              message: 'Routes import features, not the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    files: SHARED_DATA,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['*'], message: 'The app imports this file as values: plain data, no imports.' }] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          // The layers share one feature folder, so imports inside it count too.
          checkInternals: true,
          policies: [
            {
              from: { element: { types: [...SERVER, 'contract'] } },
              disallow: { to: { element: { types: CLIENT } } },
              message: 'The server never imports the app.',
            },
            {
              from: { element: { type: 'contract' } },
              disallow: { to: { element: { types: SERVER } } },
              message: 'server/contract is shared with the app: it imports nothing else of the server.',
            },
            {
              from: { file: { categories: 'routes' } },
              disallow: [{ to: { file: { categories: 'store' } } }, { to: { element: { type: 'server-db' } } }],
              message: 'Routes go through their service, which uses the store: routes → service → store → db.',
            },
            {
              from: { file: { categories: 'service' } },
              disallow: [{ to: { file: { categories: 'routes' } } }, { to: { element: { type: 'server-db' } } }],
              message: 'A service reads and writes through its store: routes → service → store → db.',
            },
            {
              from: { file: { categories: 'store' } },
              disallow: { to: { file: { categories: ['routes', 'service'] } } },
              message: 'A store only talks to the database: routes → service → store → db.',
            },
            {
              from: { element: { type: 'server-db' } },
              disallow: { to: { element: { type: 'server-feature' } } },
              message: 'server/db knows no feature: routes → service → store → db.',
            },
            {
              from: { element: { type: 'server-feature' } },
              disallow: { to: { element: anotherFeature('server-feature'), file: { categories: 'store' } } },
              message: "A server feature never uses another feature's store: ask its service.",
            },
          ],
        },
      ],
    },
  },
);
