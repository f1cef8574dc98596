import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

/** Areas only signed-in staff see: their strings load with the first staff page, not before. */
const staffAreas = [
  'access',
  'accounting',
  'admission/staff',
  'dashboard',
  'fees',
  'institutes',
  'offline',
  'students',
].map((a) => `<rootDir>/src/features/${a}`)

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'pt'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/server/**',
        '**/*.test.*',
        ...staffAreas.map((a) => `${a}/**`),
      ],
    },
    {
      path: '<rootDir>/src/locales/{locale}/staff',
      include: staffAreas,
      exclude: ['**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
