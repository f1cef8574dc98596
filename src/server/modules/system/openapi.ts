import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { notFound } from '../../lib/errors.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { openApiDocument } from '../../lib/openapi/document.ts'
import type { ApiSurface } from '../../lib/endpoints.ts'

const require = createRequire(import.meta.url)

/** The viewer's own files (swagger-ui-dist), served only on the reference page. */
const viewerFiles: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui-dist/swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: 'swagger-ui-dist/swagger-ui-bundle.js',
    type: 'text/javascript; charset=utf-8',
  },
}

/** Starts the viewer on the document: a file of its own, as the policy allows no inline script. */
const starter = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true })
})
`

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Institute office API reference</title>
    <link rel="stylesheet" href="/api/reference/swagger-ui.css" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="/api/reference/swagger-ui-bundle.js"></script>
    <script src="/api/reference/start.js"></script>
  </body>
</html>
`

/**
 * The page's own policy, kept by the app's security headers: the viewer sets inline styles,
 * which the PWA's policy forbids; scripts still come from this origin only.
 */
const referencePolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * The OpenAPI document of the composed app (built on first request from its routes) and the
 * reference page integrators read it on.
 */
export function openApiRoutes(surface: () => ApiSurface) {
  let built: Promise<unknown> | undefined
  const files = new Map<string, Promise<string>>()
  return new Hono<AppEnv>()
    .get('/openapi.json', documented({}))
    .get('/openapi.json', async (c) => c.json(await (built ??= openApiDocument(surface()))))
    .get('/reference', documented({ media: 'text/html' }))
    .get('/reference', (c) => {
      c.header('Content-Security-Policy', referencePolicy)
      return c.html(page)
    })
    .get('/reference/:file', documented({ media: ['text/javascript', 'text/css'] }))
    .get('/reference/:file', async (c) => {
      const name = c.req.param('file')
      const viewer = viewerFiles[name]
      if (!viewer && name !== 'start.js') throw notFound()
      c.header('Cache-Control', 'public, max-age=86400')
      if (!viewer) return c.body(starter, 200, { 'Content-Type': 'text/javascript' })
      if (!files.has(name)) files.set(name, readFile(require.resolve(viewer.file), 'utf8'))
      return c.body(await files.get(name)!, 200, { 'Content-Type': viewer.type })
    })
}
