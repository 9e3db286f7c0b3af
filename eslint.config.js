// Lint rules, including the import boundaries of DESIGN section 2: routes -> features -> {components, lib, domain};
// features never import each other; src/domain is pure; workers and server reach into src/ only for src/domain.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import globals from 'globals'
import { readdirSync } from 'node:fs'

// Every folder under src/features is a feature; a new one is covered without editing this file.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature; compose them in a route.',
}))

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'styled-system',
      'node_modules',
      'src/routeTree.gen.ts',
      'data',
      'test-results',
      'playwright-report',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            { target: './src/features', from: './src/routes', message: 'Features do not import routes.' },
            {
              target: ['./src/lib', './src/components', './src/domain'],
              from: ['./src/features', './src/routes'],
              message: 'Shared layers cannot import features or routes.',
            },
            {
              target: './src/domain',
              from: ['./src/lib', './src/components', './src/main.tsx'],
              message: 'src/domain is pure: it imports only src/domain, zod and bowser.',
            },
            {
              target: ['./workers', './server'],
              from: './src',
              except: ['./domain'],
              message: 'Workers and the server may import src/domain only.',
            },
            { target: './src', from: './server', message: 'The client never imports the server.' },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dexie', message: 'Dexie lives in src/lib/db.ts only.' },
            { name: 'pusher-js', message: 'pusher-js lives in workers/realtime/transports only.' },
            {
              name: 'socket.io-client',
              message: 'socket.io-client lives in workers/realtime/transports only.',
            },
            {
              name: 'comlink',
              message: 'comlink lives in src/lib/realtime-client.ts and the worker entries only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // bowser parses user agents for src/domain/account/device-summary.ts: pure, no DOM, no I/O.
            {
              regex: '^(?!zod$|zod/|bowser$|\\.{1,2}/).*',
              message: 'src/domain imports only src/domain, zod and bowser.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'navigator'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: { ...jsxA11y.configs.recommended.rules },
  },
  {
    files: ['src/lib/db.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['workers/realtime/transports/**/*.ts', 'workers/realtime/*.ts', 'src/lib/realtime-client.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.config.{js,ts}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // One place per kind of server code (decision 0039): routes validate, authorise and answer; services own the
    // rules and transactions; only repositories (and the database's own setup in server/db) write SQL.
    files: ['server/**/*.ts'],
    ignores: ['server/repositories/**', 'server/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^drizzle-orm(/.*)?$',
              message: 'SQL lives in server/repositories: call a repository (decision 0039).',
            },
            {
              regex: '(^|/)db/schema(\\.ts)?$',
              message: 'The schema is read by server/repositories only: call a repository (decision 0039).',
            },
          ],
        },
      ],
    },
  },
  {
    // Functions a reader can hold (decision 0039): no server function over 200 lines, every line counted (its
    // comments and blank lines too), as the record measured them. A longer one is composed of parts by concern.
    files: ['server/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 200, skipBlankLines: false, skipComments: false }] },
  },
)
