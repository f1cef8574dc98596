import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'
import { staffStringAreas } from './src/lib/string-areas.ts'

/**
 * Shared descriptors only one staff area's pages show, the server writing them too (in files):
 * kept in that area's catalog, out of the one every page loads. The server reads every catalog.
 */
const sharedOfArea: Partial<Record<keyof typeof staffStringAreas, string[]>> = {
  reports: [
    '<rootDir>/src/shared/messages/report-files.ts',
    '<rootDir>/src/shared/messages/aging-buckets.ts',
  ],
}

/** Areas only signed-in staff see: each area's strings load with its pages, not before. */
const staffAreas = Object.entries(staffStringAreas).map(([name, folder]) => ({
  name,
  include: [
    `<rootDir>/src/features/${folder}`,
    ...(sharedOfArea[name as keyof typeof staffStringAreas] ?? []),
  ],
}))

/**
 * The refusals' words (`error.<code>`), nearly half the common strings: a catalog of their own,
 * fetched once a page is up (src/lib/i18n.ts), so no first load waits for them.
 */
const errorsCatalog = '<rootDir>/src/shared/errors'

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
        `${errorsCatalog}/**`,
        ...staffAreas.flatMap((a) =>
          a.include.map((path) => (path.endsWith('.ts') ? path : `${path}/**`)),
        ),
      ],
    },
    {
      path: '<rootDir>/src/locales/{locale}/errors',
      include: [errorsCatalog],
      exclude: ['**/*.test.*'],
    },
    ...staffAreas.map((a) => ({
      path: `<rootDir>/src/locales/{locale}/${a.name}`,
      include: a.include,
      exclude: ['**/*.test.*'],
    })),
  ],
  format: formatter({ lineNumbers: false }),
})
