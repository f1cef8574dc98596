import { readdirSync } from 'node:fs'
import { join } from 'node:path'
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

/** A folder's source files (tests aside) but those named, as catalog paths. */
const filesOf = (folder: string, except: string[]) =>
  readdirSync(join(import.meta.dirname, folder))
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.') && !except.includes(file))
    .map((file) => `<rootDir>/${folder}/${file}`)

/**
 * The staff app's own common strings: its menus, tables, filters and account screens, and words
 * only the server writes. The staff app loads them with every language (src/lib/i18n.ts); a
 * public page (src/public-app) never does, so the frame and the sign-in page it shares stay out.
 */
export const staffShellCatalog = [
  ...filesOf('src/components/layout', [
    'FullLayout.tsx',
    'LanguageSwitcher.tsx',
    'OfflineIndicator.tsx',
  ]),
  ...filesOf('src/features/auth', ['AuthCard.tsx', 'LoginPage.tsx', 'sign-in.ts', 'queries.ts']),
  '<rootDir>/src/components/filters',
  '<rootDir>/src/components/table',
  '<rootDir>/src/components/report',
  ...['JobProgress.tsx', 'ReportExports.tsx', 'CounterSearch.tsx', 'Dialog.tsx'].map(
    (file) => `<rootDir>/src/components/${file}`,
  ),
  '<rootDir>/src/components/offline/StoredDataBanner.tsx',
  ...['applicant-export.ts', 'notices.ts', 'tender-methods.ts'].map(
    (file) => `<rootDir>/src/shared/messages/${file}`,
  ),
]
const asExcluded = (path: string) => (/\.tsx?$/.test(path) ? path : `${path}/**`)

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
        ...staffShellCatalog.map(asExcluded),
        ...staffAreas.flatMap((a) => a.include.map(asExcluded)),
      ],
    },
    {
      path: '<rootDir>/src/locales/{locale}/staff',
      include: staffShellCatalog,
      exclude: ['**/*.test.*'],
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
