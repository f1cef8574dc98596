import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createServer as createViteServer } from 'vite'
import { loadConfig } from '../config.ts'
import { DataDirInUse } from '../lib/data-dir-lock.ts'
import { createLogger } from '../lib/logger.ts'
import { keepConnectionsAlive } from '../lib/http-server.ts'
import { bootstrap, printWelcome } from '../server.ts'

// Development: one port, the API from Hono and everything else from Vite with hot reload.
// `tsx watch` restarts this process when server code changes; client code reloads in place.
const root = resolve(import.meta.dirname, '../../..')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }
const config = { ...loadConfig(process.env, pkg.version), staticDir: undefined }
const log = createLogger(config.logLevel)
const { app, seed, lock } = await bootstrap(config, log).catch((err: unknown) => {
  if (!(err instanceof DataDirInUse)) throw err
  console.error(err.message)
  process.exit(1)
})

const api = getRequestListener(app.fetch)
const http = keepConnectionsAlive(createServer())
const vite = await createViteServer({
  configFile: resolve(root, 'vite.config.ts'),
  server: { middlewareMode: true, ws: { server: http } },
  appType: 'spa',
})
http.on('request', (req, res) => {
  if (req.url?.startsWith('/api/')) void api(req, res)
  else vite.middlewares(req, res)
})
http.listen(config.port, config.host, () => {
  const origin = `http://${config.host}:${config.port}`
  lock?.announce(origin)
  log.info('dev server listening', { url: origin })
  printWelcome(config, origin, seed)
  app.services.jobs.start()
})
