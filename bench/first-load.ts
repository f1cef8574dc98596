import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { routeAccess, type RouteAccess } from '../src/shared/permissions/route-access.ts'
import { staffStringAreas } from '../src/lib/string-areas.ts'

/*
 * What the first visit to each route loads before it renders, read from a client build: the
 * entry, the route's component chunk and their static imports (dynamic imports come later).
 * Shared by the bench (sizes) and the e2e check that public pages carry no staff code.
 */

interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

interface FirstLoad {
  path: string
  kind: 'public' | 'staff'
  /** Output files (JS and CSS) loaded before the route renders. */
  files: Set<string>
  /** Source modules (relative to the repository, node_modules included) in those JS files. */
  modules: string[]
  js: number
  css: number
}

function routePath(key: string): string {
  const name = key.replace(/^routes\//, '').replace(/\.tsx\?tsr-split=component$/, '')
  // A trailing underscore only keeps a route file from nesting in its parent's layout.
  return name === 'index'
    ? '/'
    : '/' +
        name
          .split('.')
          .map((s) => s.replace(/_$/, ''))
          .join('/')
}

/** A page anyone may open: not a signed-in user's own, nor the platform administrator's. */
function isPublicPath(path: string): boolean {
  const access = (routeAccess as Record<string, RouteAccess>)[path]
  return access?.subject === 'Auth' && !access.signedIn && !access.platform
}

/** A JSON file of the build's `.vite/`, or `{}` when the build has none. */
function buildRecord<T>(dist: string, name: string): Record<string, T> {
  const file = join(dist, '.vite', name)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>) : {}
}

/**
 * A client build's manifests (the staff app's, and the public pages' client, a build of its own
 * in the same folder: vite.config.ts), read once, with what the first-load figures need.
 */
export function readBuild(dist: string) {
  const staff = buildRecord<Manifest[string]>(dist, 'manifest.json')
  if (Object.keys(staff).length === 0) throw new Error(`no build manifest in ${dist}`)
  const manifest: Manifest = { ...buildRecord(dist, 'public-manifest.json'), ...staff }
  const chunkModules = {
    ...buildRecord<string[]>(dist, 'public-modules.json'),
    ...buildRecord<string[]>(dist, 'modules.json'),
  }
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))

  /** Every file a chunk needs before it runs: itself, its static imports, their CSS. */
  const closure = (key: string, seen: Set<string>): Set<string> => {
    const chunk = manifest[key]
    if (!chunk || seen.has(chunk.file)) return seen
    seen.add(chunk.file)
    for (const css of chunk.css ?? []) seen.add(css)
    for (const imp of chunk.imports ?? []) closure(imp, seen)
    return seen
  }
  /** The closure of an output file (as `assets/….js`), or the file alone when not a chunk. */
  const fileClosure = (file: string, seen: Set<string>): Set<string> => {
    const key = keyOfFile.get(file)
    return key ? closure(key, seen) : seen.add(file)
  }
  const gzipKb = (file: string) =>
    gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024
  const jsKb = (files: Iterable<string>) =>
    [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipKb(f), 0)

  // The single-page app's entry (src/index.html); other HTML inputs are entries too.
  const spaEntry = manifest['index.html']
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k]?.isEntry)
  if (!spaEntry) throw new Error('no entry chunk in the build manifest')

  return { manifest, chunkModules, spaEntry, closure, fileClosure, gzipKb, jsKb }
}

/** Sizes in KB (gzip) and contents of every route's first load in the build at `dist`. */
export function firstLoads(dist: string): FirstLoad[] {
  const { manifest, chunkModules, spaEntry, closure, gzipKb, jsKb } = readBuild(dist)
  const shell = closure(spaEntry, new Set())
  // The staff app's strings: the common catalog and its own (src/lib/i18n.ts, wantStaffStrings).
  closure('locales/en/messages.po', shell)
  closure('locales/en/staff.po', shell)
  return Object.keys(manifest)
    .filter((k) => k.startsWith('routes/') && k.includes('tsr-split=component'))
    .map((key) => {
      const path = routePath(key)
      const kind = isPublicPath(path) ? ('public' as const) : ('staff' as const)
      const files = closure(key, new Set(shell))
      // A signed-in user's page also loads its areas' strings (src/lib/i18n.ts): those of the
      // staff features its own chunks hold (the shell's route tree holds some search shapes).
      if (kind === 'staff') {
        const held = [...files].filter((f) => !shell.has(f)).flatMap((f) => chunkModules[f] ?? [])
        for (const [area, folder] of Object.entries(staffStringAreas)) {
          if (held.some((m) => m.startsWith(`src/features/${folder}/`))) {
            closure(`locales/en/${area}.po`, files)
          }
        }
      }
      const js = [...files].filter((f) => f.endsWith('.js'))
      const css = [...files].filter((f) => f.endsWith('.css'))
      return {
        path,
        kind,
        files,
        modules: js.flatMap((f) => chunkModules[f] ?? []),
        js: jsKb(js),
        css: css.reduce((n, f) => n + gzipKb(f), 0),
      }
    })
    .sort((a, b) => a.path.localeCompare(b.path))
}
