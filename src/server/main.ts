import cluster from 'node:cluster'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { DataDirInUse } from './lib/data-dir-lock.ts'
import { createLogger, errorDetail } from './lib/logger.ts'
import { bootstrap, printWelcome, startServer } from './server.ts'

const pkg = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8'),
) as {
  version: string
}

function readConfig(): Config {
  try {
    return loadConfig(process.env, pkg.version)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
}

/**
 * WORKERS=N: this process migrates and seeds once, then runs N API processes that share the
 * port (Node's cluster), starts a new one when one dies, and on SIGTERM stops them all, each
 * finishing the requests it has.
 */
async function supervise(config: Config) {
  const log = createLogger(config.logLevel)
  const { database, seed } = await bootstrap(config, log)
  await database.close()
  let stopping = false
  const fork = () => cluster.fork()
  for (let i = 0; i < config.workers; i++) fork()
  cluster.once('listening', (_worker, address) => {
    printWelcome(config, `http://${config.host}:${address.port}`, seed)
  })
  // A worker's failure is its own: this process holds no database connection and never dies of it.
  cluster.on('fork', (worker) =>
    worker.on('error', (err) => log.error('API process error', { err: errorDetail(err) })),
  )
  cluster.on('exit', (worker, code) => {
    if (stopping) return
    log.error('API process died; starting another', { pid: worker.process.pid, code })
    // After a pause: one that cannot start (the database still away) is not restarted in a loop.
    setTimeout(() => stopping || fork(), 1_000)
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      const workers = Object.values(cluster.workers ?? {})
      let left = workers.length
      if (!left) process.exit(0)
      for (const worker of workers) {
        worker?.once('exit', () => --left || process.exit(0))
        worker?.process.kill('SIGTERM')
      }
    })
  }
}

async function main() {
  const config = readConfig()
  if (config.workers > 1 && cluster.isPrimary) return supervise(config)
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
