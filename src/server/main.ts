import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { DataDirInUse } from './lib/data-dir-lock.ts'
import { createLogger, errorDetail } from './lib/logger.ts'
import { startServer } from './server.ts'

const pkg = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8'),
) as {
  version: string
}

async function main() {
  let config: Config
  try {
    config = loadConfig(process.env, pkg.version)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  const { stop } = await startServer(config).catch((err: unknown) => {
    if (!(err instanceof DataDirInUse)) throw err
    console.error(err.message)
    process.exit(1)
  })
  // A background task that fails (a first visit's page render, a message being sent) is logged;
  // the institute's one server keeps serving everyone else.
  const log = createLogger(config.logLevel)
  process.on('unhandledRejection', (reason) => {
    log.error('unhandled rejection', { err: errorDetail(reason) })
  })
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      )
    })
  }
}

await main()
