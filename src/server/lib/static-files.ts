import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}
const compressible = /^(text\/|application\/(json|manifest\+json)|image\/svg)/

interface StaticFile {
  body: Buffer
  type: string
  etag: string
  cacheControl: string
  gzip?: Promise<Buffer>
  brotli?: Promise<Buffer>
}

// Off the event loop: a brotli pass over a large chunk takes a second of CPU, and requests for
// the API and other files must not wait behind it.
const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? walk(full) : [full]
  })
}

/** Hashed build output never changes under its name; everything else must be revalidated. */
function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  return 'no-cache'
}

/**
 * Serves the built PWA from memory: the files are read once at start-up (the build is small)
 * with the brotli copies the build made, the rest compressed once on first request (in the
 * thread pool), and any page of the app that is not a file falls back to
 * index.html so client-side routes can be opened directly.
 */
export function serveBuiltClient(dir: string): MiddlewareHandler {
  const files = new Map<string, StaticFile>()
  if (existsSync(join(dir, 'index.html'))) {
    for (const full of walk(dir)) {
      const path = '/' + relative(dir, full).split(sep).join('/')
      if (path.startsWith('/.vite/') || path.endsWith('.br')) continue
      const body = readFileSync(full)
      // The build's own brotli copy (vite.config.ts, `precompressed`), when it made one.
      const packed = existsSync(`${full}.br`) ? readFileSync(`${full}.br`) : undefined
      files.set(path, {
        body,
        type: types[extname(full)] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        cacheControl: cacheControlFor(path),
        ...(packed && { brotli: Promise.resolve(packed) }),
      })
    }
  }
  const index = files.get('/index.html')

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const path = c.req.path
    let file = files.get(path)
    // A page of the app (a browser navigation, or a path without a file extension) gets
    // index.html; a missing script or image stays a 404. Tokens in paths contain dots.
    const navigation = (c.req.header('accept') ?? '').includes('text/html') || !extname(path)
    if (!file && index && navigation && !path.startsWith('/api/') && !path.startsWith('/assets/')) {
      file = index
    }
    if (!file) return next()

    c.header('Content-Type', file.type)
    c.header('Cache-Control', file.cacheControl)
    c.header('ETag', file.etag)
    c.header('Vary', 'Accept-Encoding')
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304)

    const accept = c.req.header('accept-encoding') ?? ''
    let body = file.body
    if (compressible.test(file.type) && file.body.length > 1024) {
      if (/\bbr\b/.test(accept)) {
        body = await (file.brotli ??= brotliAsync(file.body))
        c.header('Content-Encoding', 'br')
      } else if (/\bgzip\b/.test(accept)) {
        body = await (file.gzip ??= gzipAsync(file.body, { level: 9 }))
        c.header('Content-Encoding', 'gzip')
      }
    }
    if (c.req.method === 'HEAD') return c.body(null)
    return c.body(new Uint8Array(body))
  }
}
