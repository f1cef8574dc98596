import { gzipSync } from 'node:zlib'
import type { Browser } from '@playwright/test'
import { firstLoads, readBuild } from './first-load.ts'
import { firstField, phone, usable } from './phone.ts'

interface PageScripts {
  /** The page's first text field takes typing (else "usable" means its heading is on screen). */
  hasField: boolean
  /** The page is usable with every script request blocked. */
  usableWithoutScripts: boolean
  /** KB (gzip) of JavaScript before the page is usable: 0 without scripts, else `toHydrate`. */
  beforeUsableKb: number
  /** KB (gzip) of JavaScript the page needs to hydrate (or render, as the single-page app). */
  toHydrateKb: number
  /** Whether the page came as the single-page app's shell rather than rendered by the server. */
  servedAsSpa: boolean
  /** KB (gzip) of JavaScript downloaded until the network is idle, and how many files. */
  untilIdleKb: number
  untilIdleFiles: number
}

/**
 * `src`/`href` of the module scripts and module preloads a page's HTML names, and the scripts
 * its entry fetches after the first paint to run at the first touch (`data-preload`,
 * src/public-app/main.tsx).
 */
function namedScripts(html: string): string[] {
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
      .exec(tag)
      ?.slice(1)
      .find((v) => v !== undefined)
  return [...html.matchAll(/<(script|link)\b[^>]*>/gi)].flatMap(([tag, name]) => {
    const isModule =
      name!.toLowerCase() === 'script'
        ? attr(tag, 'type') === 'module'
        : attr(tag, 'rel') === 'modulepreload'
    const url = attr(tag, name!.toLowerCase() === 'script' ? 'src' : 'href')
    const later = attr(tag, 'data-preload')?.split(' ').filter(Boolean) ?? []
    return isModule && url
      ? [url, ...later].map((u) => new URL(u, 'http://page/').pathname.slice(1))
      : []
  })
}

/**
 * What a page needs to hydrate, from the build at `dist`: every script its HTML names (the
 * entry and the module preloads) with their static imports. When the HTML is the single-page
 * app's shell, the route's first load instead (bench/first-load.ts: shell, English catalog, the
 * route's chunk), which the app fetches after the entry starts.
 */
function hydrationJs(dist: string, html: string, route: string) {
  const build = readBuild(dist)
  const named = namedScripts(html)
  const servedAsSpa = named.includes(build.manifest[build.spaEntry]!.file)
  const files = new Set<string>()
  for (const file of named) build.fileClosure(file, files)
  if (servedAsSpa) {
    const spa = firstLoads(dist).find((r) => r.path === route)
    if (!spa) throw new Error(`no route ${route} in the build`)
    for (const file of spa.files) files.add(file)
  }
  return { kb: build.jsKb(files), servedAsSpa }
}

/** What a tab holds in its session storage when it opens a page (a flow's earlier steps). */
export type TabState = Record<string, string>

/** A phone's browser without the service worker, whose tabs hold `tab` in session storage. */
async function tabContext(browser: Browser, tab: TabState) {
  const context = await browser.newContext({ ...phone, serviceWorkers: 'block' })
  await context.addInitScript((entries) => {
    for (const [key, value] of entries) sessionStorage.setItem(key, value)
  }, Object.entries(tab))
  return context
}

/**
 * A phone's first visit with the service worker blocked (its precache of the whole app is not
 * the page's cost): the HTML, and each script downloaded until the network is idle, gzipped at
 * level 9 here. The server answers Chromium with brotli; gzipping the decoded body keeps every
 * figure in one unit, and it is what the server sends a client that takes only gzip.
 */
async function visit(browser: Browser, url: string, tab: TabState) {
  const context = await tabContext(browser, tab)
  try {
    const page = await context.newPage()
    const sizes: Promise<number>[] = []
    page.on('response', (response) => {
      // Scripts run, and those fetched ahead to run later (prefetched after the first paint).
      if (!/\.m?js$/.test(new URL(response.url()).pathname)) return
      sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length))
    })
    const document = await page.goto(url, { waitUntil: 'networkidle' })
    if (!document?.ok()) throw new Error(`${url} answered ${document?.status()}`)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    const bytes = await Promise.all(sizes)
    return {
      html: await document.text(),
      hasField: await firstField(page).isVisible(),
      untilIdleKb: bytes.reduce((n, b) => n + b, 0) / 1024,
      untilIdleFiles: bytes.length,
    }
  } finally {
    await context.close()
  }
}

/** The same visit with every script request refused: is the page usable without JavaScript? */
async function usableWithoutScripts(
  browser: Browser,
  url: string,
  hasField: boolean,
  tab: TabState,
) {
  const context = await tabContext(browser, tab)
  try {
    await context.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    )
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load' })
    return await usable(page, hasField)
  } finally {
    await context.close()
  }
}

/**
 * The three JavaScript figures of a public page at `url`, whose route in the app is `route`,
 * visited in a tab that holds `tab` in its session storage.
 */
export async function pageScripts(
  browser: Browser,
  dist: string,
  url: string,
  route: string,
  tab: TabState = {},
): Promise<PageScripts> {
  const seen = await visit(browser, url, tab)
  const hydration = hydrationJs(dist, seen.html, route)
  const withoutScripts = await usableWithoutScripts(browser, url, seen.hasField, tab)
  return {
    hasField: seen.hasField,
    usableWithoutScripts: withoutScripts,
    beforeUsableKb: withoutScripts ? 0 : hydration.kb,
    toHydrateKb: hydration.kb,
    servedAsSpa: hydration.servedAsSpa,
    untilIdleKb: seen.untilIdleKb,
    untilIdleFiles: seen.untilIdleFiles,
  }
}
