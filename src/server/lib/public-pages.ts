import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Hono, MiddlewareHandler } from 'hono'
import { publicPagePath } from '../../shared/public-pages.ts'
import type { AppEnv } from '../app-env.ts'

/*
 * The public pages (admission, application tracking) rendered on the server for a first visit,
 * from the client build's server bundle (`<build>/.ssr/entry-server.js`, see vite.config.ts).
 * Without that bundle (tests and dev serve no build) the browser's app renders them as before.
 */

interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

interface PageAssets {
  entry: string
  preloads: string[]
  css: string[]
}

/** What src/public-app/entry-server.tsx exports. */
interface ServerEntry {
  setServerFetch(fetchInProcess: (request: Request) => Promise<Response>): void
  render(
    request: Request,
    assetsFor: (sourceModules: string[]) => PageAssets,
  ): Promise<Response | undefined>
}

/** The public entry's HTML page, as the client build's manifest names it. */
const publicShell = 'public-app/shell.html'
/** The app the entry starts (src/public-app/start.tsx). */
const publicApp = 'public-app/start.tsx'

/** The entry's scripts and styles, the matched pages' chunks and the visitor's catalog. */
export function assetsFrom(manifest: Manifest) {
  return (sourceModules: string[]): PageAssets => {
    const files: string[] = []
    const css = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || files.includes(`/${chunk.file}`)) return
      files.push(`/${chunk.file}`)
      for (const sheet of chunk.css ?? []) css.add(`/${sheet}`)
      for (const imported of chunk.imports ?? []) visit(imported)
    }
    visit(publicShell)
    // The entry starts the app after the first paint (public-app/main.tsx): preloaded, its code
    // downloads meanwhile. (What the entry imports otherwise, the service worker's registration
    // on load, is fetched when it is wanted.)
    visit(publicApp)
    for (const source of sourceModules) visit(source)
    const [entry = '', ...preloads] = files
    return { entry, preloads, css: [...css] }
  }
}

export function publicPages(app: Hono<AppEnv>, staticDir: string): MiddlewareHandler<AppEnv> {
  const entryFile = join(staticDir, '.ssr', 'entry-server.js')
  const manifestFile = join(staticDir, '.vite', 'public-manifest.json')
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return (_c, next) => next()

  // The page's reads go through the app itself, with the visitor's connection: rate limits,
  // logs and refusals are those of the browser's own requests.
  const inProcess = new AsyncLocalStorage<(request: Request) => Promise<Response>>()
  let entry: Promise<{ server: ServerEntry; assetsFor: ReturnType<typeof assetsFrom> }> | undefined
  const load = () =>
    (entry ??= (async () => {
      const server = (await import(pathToFileURL(entryFile).href)) as ServerEntry
      server.setServerFetch((request) => {
        const fetchInProcess = inProcess.getStore()
        if (!fetchInProcess) throw new Error('a public read outside a page render')
        return fetchInProcess(request)
      })
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
      return { server, assetsFor: assetsFrom(manifest) }
    })())

  return async (c, next) => {
    if (c.req.method !== 'GET' || !publicPagePath.test(c.req.path)) return next()
    if (!(c.req.header('accept') ?? '').includes('text/html')) return next()
    let response: Response | undefined
    try {
      const { server, assetsFor } = await load()
      const env = c.env
      response = await inProcess.run(
        async (request) => app.fetch(request, env),
        () => server.render(c.req.raw, assetsFor),
      )
    } catch (err) {
      // The browser's app can still show the page: a rendering fault is logged, not shown.
      c.get('log').error('public page not rendered', { err: String(err) })
      return next()
    }
    // No public page at this address after all: the staff app's.
    if (!response) return next()
    const page = new Response(response.body, response)
    // The tracking page holds personal data; every page follows the visitor's language.
    page.headers.set('Cache-Control', 'private, no-cache')
    page.headers.set('Vary', 'Accept-Language, Cookie')
    return page
  }
}
