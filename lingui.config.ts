import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'
import { staffStringAreas } from './src/lib/string-areas.ts'

/** Areas only signed-in staff see: each area's strings load with its pages, not before. */
const staffAreas = Object.entries(staffStringAreas).map(([name, folder]) => ({
  name,
  folder: `<rootDir>/src/features/${folder}`,
}))

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'pt', 'bn'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/server/**',
        '**/*.test.*',
        ...staffAreas.map((a) => `${a.folder}/**`),
      ],
    },
    ...staffAreas.map((a) => ({
      path: `<rootDir>/src/locales/{locale}/${a.name}`,
      include: [a.folder],
      exclude: ['**/*.test.*'],
    })),
  ],
  format: formatter({ lineNumbers: false }),
})
