import { dehydrate, QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { i18n, isLocale, loadLocale, localeKey, type Locale } from '../lib/i18n.ts'
import { setRenderOrigin } from '../lib/page-origin.ts'
import type { StringArea } from '../lib/string-areas.ts'
import { islandTag } from './island.ts'
import { loadPage, pageContent } from './page-content.tsx'
import { matchPage } from './pages.ts'
import { PublicRoot } from './PublicRoot.tsx'

/**
 * The public pages rendered on the server for a first visit (built by `vite build --ssr` into
 * the build's `.ssr/`, imported by src/server/lib/public-pages.ts). The page's loader reads
 * what it shows; React renders it; the data the page was made from goes into a JSON island,
 * never into an inline script, so `script-src 'self'` holds.
 */
export { setServerFetch } from '../lib/public-api.ts'

/** What the host found in the client build for a page: its scripts and styles. */
interface PageAssets {
  entry: string
  preloads: string[]
  css: string[]
}
type AssetsFor = (sourceModules: string[]) => PageAssets

/** The language the visitor chose here before (a cookie), else their browser's first one we have. */
export function localeOf(request: Request): Locale {
  const cookie = request.headers.get('cookie') ?? ''
  const chosen = new RegExp(`(?:^|;\\s*)${localeKey}=([a-z]{2})`).exec(cookie)?.[1]
  if (isLocale(chosen)) return chosen
  const accepted = (request.headers.get('accept-language') ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=')
      return { tag: tag.slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q) }
    })
    .filter((a) => a.q > 0)
    .sort((a, b) => b.q - a.q)
  return accepted.map((a) => a.tag).find(isLocale) ?? 'en'
}

/*
 * Components translate through Lingui's one `i18n`, so renders take turns, each in its
 * visitor's language. A render is a few milliseconds of work that never waits on anything:
 * the data is loaded before it starts.
 */
let turn: Promise<unknown> = Promise.resolve()
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const result = turn.then(work)
  turn = result.catch(() => undefined)
  return result
}

async function renderMarkup(
  content: ReactNode,
  queryClient: QueryClient,
  { locale, areas, origin }: { locale: Locale; areas: readonly StringArea[]; origin: string },
) {
  return inTurn(async () => {
    await loadLocale(locale, areas)
    setRenderOrigin(origin)
    let failure: unknown
    const stream = await renderToReadableStream(
      <PublicRoot i18n={i18n} queryClient={queryClient}>
        {content}
      </PublicRoot>,
      {
        // React moves a large finished boundary out of line, behind an inline script that puts
        // it in place (and `script-src 'self'` blocks): a page with many forms stays in one piece.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => {
          failure ??= error
        },
      },
    )
    // Nothing may wait on data while rendering: React would stream inline scripts to fill in.
    await stream.allReady
    const html = await new Response(stream).text()
    if (failure) throw failure
    return html
  })
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

function documentHead(assets: PageAssets, locale: Locale, startsAtOnce: boolean) {
  return [
    `<!doctype html><html lang="${locale}" dir="ltr"><head><meta charset="UTF-8" />`,
    '<meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />',
    '<meta name="theme-color" content="#7367f0" />',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
    '<link rel="apple-touch-icon" href="/icons/icon-192.png" />',
    '<link rel="manifest" href="/manifest.webmanifest" />',
    ...assets.css.map((href) => `<link rel="stylesheet" href="${href}" />`),
    // The rest of the page's scripts are fetched after its first paint (see main.tsx), so on a
    // slow network they take no bandwidth from the page and its styles; a page that starts at
    // once (PublicPage.startsAtOnce) says so.
    `<script type="module" src="${assets.entry}" data-preload="${assets.preloads.join(' ')}"${startsAtOnce ? ' data-starts-at-once' : ''}></script>`,
    `<title>${escapeHtml(__APP_NAME__)}</title></head><body>`,
  ].join('')
}

const statusOf = { page: 200, 'not-found': 404, error: 500 } as const

/** The page for a GET navigation to one of the public paths; undefined when none is there. */
export async function render(
  request: Request,
  assetsFor: AssetsFor,
): Promise<Response | undefined> {
  const url = new URL(request.url)
  const match = await matchPage(url)
  if (!match) return undefined
  const locale = localeOf(request)
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false } },
  })
  const loaded = await loadPage(match, queryClient)
  const content = await pageContent(match, loaded)
  const areas = match.page.strings ?? []
  const markup = await renderMarkup(content, queryClient, { locale, areas, origin: url.origin })
  const catalogs = ['messages', ...areas].map((catalog) => `locales/${locale}/${catalog}.po`)
  const assets = assetsFor([match.module, ...catalogs])
  const island = islandTag({ locale, outcome: loaded.outcome, queries: dehydrate(queryClient) })
  const head = documentHead(assets, locale, match.page.startsAtOnce === true)
  const html = `${head}<div id="app">${markup}</div>${island}</body></html>`
  return new Response(html, {
    status: statusOf[loaded.outcome],
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  })
}
