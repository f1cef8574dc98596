import js from '@eslint/js'
import lingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Every string a user sees goes through Lingui: text in the client's UI code is checked.
  {
    files: ['src/{components,features,routes,lib}/**/*.{ts,tsx}', 'src/main.tsx'],
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
