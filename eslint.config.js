import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import lingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Every client feature, read from its folder: a new one is fenced the day it is created. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
/** The client's layers: code may import from its own layer and those before it, never after. */
const client = [
  './src/lib',
  './src/components',
  './src/features',
  './src/routes',
  './src/main.tsx',
  './src/public-app',
]

/**
 * Which server module may import which: each one only those it builds on, so the modules form
 * layers without a loop. Nobody imports collection: what later areas need of it they read
 * through its read functions. A new module imports none until it is listed here.
 */
export const serverModuleImports = {
  system: [],
  auth: [],
  access: ['auth'],
  accounting: [],
  institutes: ['auth', 'access', 'accounting'],
  students: [],
  admission: ['auth', 'accounting', 'institutes', 'students'],
  fees: ['accounting', 'students'],
  payments: ['accounting', 'institutes', 'students', 'fees', 'admission'],
  collection: ['accounting', 'students', 'fees', 'admission', 'payments'],
  reports: ['accounting', 'students', 'fees'],
  sms: ['students', 'fees'],
}
const serverModules = readdirSync(new URL('./src/server/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
/** What composes the modules: the areas list, the app, seeds, the command line, test support. */
const aboveModules = [
  './src/server/areas.ts',
  './src/server/app.ts',
  './src/server/server.ts',
  './src/server/main.ts',
  './src/server/seeds',
  './src/server/cli',
  './src/server/test-support',
]
/** The server's layers, for its code (tests may compose anything they test). */
const serverZones = [
  {
    target: ['./src/server/lib', './src/server/db'],
    from: ['./src/server/modules', ...aboveModules],
    message: 'Server lib/ and db/ serve the modules: they import no module and nothing above.',
  },
  {
    target: './src/server/modules',
    from: aboveModules,
    message: 'A module never imports what composes it (areas list, app, seeds, cli).',
  },
  ...serverModules.map((module) => ({
    target: `./src/server/modules/${module}`,
    from: './src/server/modules',
    except: [module, ...(serverModuleImports[module] ?? [])].map((m) => `./${m}`),
    message: `A server module imports only those it builds on (serverModuleImports in eslint.config.js).`,
  })),
]

export default tseslint.config(
  {
    ignores: ['dist/', 'data/', 'src/routeTree.gen.ts', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // Imports flow one way: shared → lib → components → features → routes; the server apart.
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Cycles are ours to find: packages' bundles are never parsed (PGlite's overflows it).
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: [...client, './src/server'],
              message: 'src/shared runs on both sides: it imports nothing outside itself.',
            },
            {
              target: client,
              from: './src/server',
              message: 'The client talks to the server over HTTP, never by importing it.',
            },
            ...client.slice(0, -1).map((layer, i) => ({
              target: layer,
              from: client.slice(i + 1),
              message: 'A layer imports only from itself and the layers before it.',
            })),
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature never reaches into another: move what both need to src/lib.',
            })),
            {
              target: './src/public-app',
              from: ['./src/routes', './src/main.tsx', './src/routeTree.gen.ts'],
              message: 'The public pages never load the staff app: its tree, guards and layouts.',
            },
            {
              // The one deliberate share: the service worker replays the applicants' outbox.
              target: './sw',
              from: './src/features',
              except: ['./admission/outbox.ts'],
            },
          ],
        },
      ],
    },
  },
  // A file holds one responsibility: past 400 lines, split it by what its parts do.
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'bench/**/*.ts', 'tests/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    // Server rendering is tested against the app in the same process.
    files: ['src/public-app/**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Every string a user sees goes through Lingui: text in the client's UI code is checked.
  {
    files: ['src/{components,features,routes,lib,public-app}/**/*.{ts,tsx}', 'src/main.tsx'],
    ignores: ['**/*.test.*'],
    plugins: { lingui },
    rules: {
      ...lingui.configs['flat/recommended'].rules,
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // Identifiers, keys, paths, CSS values: no capital first letter and no two words
            '^(?![A-Z].*|\\w+\\s\\w+).+$',
            // UPPERCASE constants
            '^[A-Z0-9_-]+$',
            // SVG path data
            '^M[\\d.]',
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            'to',
            'href',
            'src',
            'type',
            'id',
            'key',
            'role',
            'rel',
            'method',
            'name',
            'autoComplete',
            'inputMode',
            'data-testid',
            'displayName',
            'Authorization',
            'X-Requested-With',
          ],
          ignoreFunctions: [
            'Error',
            'NotAvailableOffline',
            'console.*',
            '*.headers.set',
            'headers.set',
            '*.addEventListener',
            '*.removeEventListener',
            '*.postMessage',
            '*.getElementById',
            '*.querySelector',
            '*.setAttribute',
            '*.getItem',
            '*.setItem',
            '*.removeItem',
            '*.includes',
            '*.headers.has',
            '*.startsWith',
            'redirect',
            'createFileRoute',
            'matchMedia',
          ],
        },
      ],
    },
  },
)
