import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { firstLoads } from '../../bench/first-load.ts'
import { accountPagePaths } from '../../src/shared/public-pages.ts'

/*
 * Over the build the e2e run serves (no browser): an applicant's first visit to a public page
 * downloads no staff code before the page renders. Here rather than in Vitest because this run
 * already has a build; a unit test would need a build of its own (about a minute per run).
 */
const root = resolve(import.meta.dirname, '../..')
const dist = resolve(root, process.env.STATIC_DIR ?? 'dist')

/** Staff-only modules, by where they live. */
const staffOnly: [string, RegExp][] = [
  [
    'the query cache persister',
    /^node_modules\/@tanstack\/query-(sync-storage-persister|persist-client)/,
  ],
  // The staff app's own strings (staff.po) come with it, wherever it shows a page.
  ['the staff areas’ catalogs', /^src\/locales\/[^/]+\/(?!messages\.po|staff\.po)[^/]+\.po/],
]
/** What an applicant's reads need not: they go through a plain fetch (src/lib/public-api.ts). */
const apiClient: [string, RegExp][] = [
  ['the API client with token refresh', /^src\/lib\/api\.ts$/],
  [
    'ky itself (only its error classes are shared)',
    /^node_modules\/ky\/(?!distribution\/errors\/)/,
  ],
]
/** The applicant's pages read this device's drafts after their first paint, not before it. */
const offlineDatabase: [string, RegExp][] = [
  ['the offline database', /^node_modules\/dexie\//],
  ['the offline database schema', /^src\/lib\/offline-db\.ts$/],
]
const applicantPages = [
  '/admission/$institute',
  '/admission/$institute/$formId',
  '/admission/$institute/$formId/temporaryId/$temporaryId',
  '/admission/$institute/$formId/temporaryId/$temporaryId/attachment',
]

/** The account's pages a visitor opens before signing in: their calls need no API client. */
const guestPages = ['/login', ...accountPagePaths]

test('public pages load no staff-only module before they render', () => {
  const pages = firstLoads(dist).filter((r) => r.kind === 'public')
  expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/login', ...applicantPages]))
  for (const page of pages) {
    // The build names each chunk's modules (vite.config.ts, chunkModules): the check sees them.
    expect(page.modules, page.path).toContain('src/main.tsx')
    const rules = applicantPages.includes(page.path)
      ? [...staffOnly, ...apiClient, ...offlineDatabase]
      : guestPages.includes(page.path)
        ? [...staffOnly, ...apiClient]
        : staffOnly
    const found = rules.flatMap(([what, pattern]) =>
      page.modules.filter((m) => pattern.test(m)).map((m) => `${what}: ${m}`),
    )
    expect(found, `${page.path} loads staff code first`).toEqual([])
  }
})

/** What the server-rendered pages' own entry (src/public-app) must never bring. */
const staffApp: [string, RegExp][] = [
  ['the permission rules library', /^node_modules\/@casl\//],
  ['the staff route tree', /^src\/(routes\/|routeTree\.gen\.ts|main\.tsx)/],
  // A public page is a document of its own (src/public-app/pages.ts): it runs no router.
  ['the router', /^node_modules\/@tanstack\/(react-router|router-core|history)\//],
  ['the staff app’s own strings', /^src\/locales\/[^/]+\/staff\.po$/],
  ['the staff menus and layouts', /^src\/components\/layout\/(Layouts|NavMenu|Navbar|UserMenu)/],
  ['a staff area', /^src\/features\/(access|accounting|dashboard|offline)\//],
  ['the staff side of admission', /^src\/features\/admission\/staff\//],
  ['the staff read store', /^src\/lib\/(read-store|stored-reads|ability)\.ts$/],
]

test('the server-rendered pages’ entry and each page’s chunk hold no staff code', () => {
  const manifest = JSON.parse(
    readFileSync(resolve(dist, '.vite/public-manifest.json'), 'utf8'),
  ) as Record<string, { file: string; imports?: string[] }>
  const modules = JSON.parse(
    readFileSync(resolve(dist, '.vite/public-modules.json'), 'utf8'),
  ) as Record<string, string[]>
  const pages = Object.keys(manifest).filter((key) => key.startsWith('public-app/pages/'))
  expect(pages.length).toBeGreaterThanOrEqual(3)
  // The entry, the app it starts after the first paint, and each page.
  for (const start of ['public-app/shell.html', 'public-app/start.tsx', ...pages]) {
    // Everything loaded with it, its static imports followed.
    const files = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || files.has(chunk.file)) return
      files.add(chunk.file)
      for (const imported of chunk.imports ?? []) visit(imported)
    }
    visit(start)
    const loaded = [...files].flatMap((file) => modules[file] ?? [])
    expect(loaded.length, start).toBeGreaterThan(0)
    const rules = [...staffOnly, ...apiClient, ...offlineDatabase, ...staffApp]
    const found = rules.flatMap(([what, pattern]) =>
      loaded.filter((m) => pattern.test(m)).map((m) => `${what}: ${m}`),
    )
    expect(found, `${start} loads staff code`).toEqual([])
  }
})
