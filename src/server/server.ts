import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import type { Config } from './config.ts'
import { openDatabase } from './db/client.ts'
import { seedDemo, type SeedResult } from './seeds/seed.ts'
import { refreshStatistics, statisticsEveryMs } from './db/statistics.ts'
import { exportSweepEveryMs, sweepExports } from './lib/report-export/sweep.ts'
import { completeInstitutes } from './modules/institutes/set-up.ts'
import { lockDataDir } from './lib/data-dir-lock.ts'
import { resealMerchantSecrets } from './modules/payments/merchants.ts'
import { enqueueReconciliations, reconcileAfterMs } from './modules/payments/reconcile.ts'
import { createLogger, type Logger } from './lib/logger.ts'
import { keepConnectionsAlive } from './lib/http-server.ts'

/**
 * Opens and migrates the database, seeds the demo on first start, and builds the app. The
 * embedded database's directory is first locked to this process: a second one is refused.
 */
export async function bootstrap(config: Config, log: Logger) {
  const embedded = !config.databaseUrl && config.dataDir !== 'memory://'
  const lock = embedded ? await lockDataDir(config.dataDir) : undefined
  const database = await openDatabase({ ...config, log })
  await database.migrate()
  // The app first: it sets the password-hashing cost the seed's hashes use.
  const app = createApp({ db: database, config, log })
  // Half-written uploads a crash left behind: all of them when this process holds the data
  // dir, else (a shared store) only those too old to be another process's write in progress.
  await app.services.files.clean({ olderThanMs: lock ? 0 : 10 * 60_000 })
  // Secrets sealed under a key since replaced (MERCHANT_KEY_PREVIOUS) are sealed anew.
  const secrets = await app.services.secrets()
  const resealed = await resealMerchantSecrets(database.db, secrets)
  if (resealed) log.info('merchant secrets re-sealed under the current key', { resealed })
  const seed = await seedDemo(database.db, config.adminPassword, secrets)
  await completeInstitutes(database.db)
  return { database, app, seed, lock }
}

/** Printed once, on the first start: the only time a generated password is known in clear. */
export function printWelcome(config: Config, origin: string, seed: SeedResult) {
  if (!seed.created) return
  const password = seed.generated ? seed.password : '(the ADMIN_PASSWORD you set)'
  console.log(
    [
      '',
      `  ${config.appName} is ready at ${origin}`,
      `  Demo admission form: ${origin}/admission/${seed.instituteSlug}`,
      `  Sign in as "${seed.username}" with password: ${password}`,
      `  "client", a restricted user, has the same password.`,
      '',
    ].join('\n'),
  )
}

export async function startServer(config: Config) {
  const log = createLogger(config.logLevel)
  const started = performance.now()
  const { database, app, seed, lock } = await bootstrap(config, log)

  const server = await new Promise<ReturnType<typeof serve>>((ready) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => ready(s))
  })
  keepConnectionsAlive(server as Server)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const origin = `http://${config.host}:${port}`
  lock?.announce(origin)
  log.info('listening', {
    url: origin,
    database: database.kind,
    startupMs: Math.round(performance.now() - started),
  })
  printWelcome(config, origin, seed)

  // Messages that failed to send are retried in the background.
  const retry = setInterval(() => app.services.outbox.kick(), 30_000)
  retry.unref()
  app.services.outbox.kick()
  // The embedded database has no autovacuum: its statistics are kept fresh from here.
  const statistics =
    database.kind === 'pglite'
      ? setInterval(() => {
          refreshStatistics(database.db).catch((e: unknown) =>
            log.warn('statistics not refreshed', { error: String(e) }),
          )
        }, statisticsEveryMs)
      : undefined
  statistics?.unref()
  const sweepExportFiles = () =>
    sweepExports(database.db, app.services.files).catch((e: unknown) =>
      log.warn('export files not swept', { error: String(e) }),
    )
  void sweepExportFiles()
  const exportFiles = setInterval(() => void sweepExportFiles(), exportSweepEveryMs)
  exportFiles.unref()
  // Online payments left open past a while are asked about at their gateway (a job each).
  const reconcile = setInterval(() => {
    enqueueReconciliations(database.db, app.services.jobs).catch((e: unknown) =>
      log.warn('online payments not reconciled', { error: String(e) }),
    )
  }, reconcileAfterMs)
  reconcile.unref()
  // Jobs left running by a crash are picked up again once their lease runs out.
  app.services.jobs.start()

  const stop = async () => {
    // A load balancer sees /api/ready fail and sends no more; what is under way finishes.
    app.services.lifecycle.stopping = true
    clearInterval(retry)
    clearInterval(statistics)
    clearInterval(exportFiles)
    clearInterval(reconcile)
    await new Promise<void>((done) => server.close(() => done()))
    // A job under way stops at its next batch and is resumed from there by the next start.
    await app.services.jobs.stop()
    await app.services.outbox.flush()
    await database.close()
    await lock?.release()
  }
  return { server, origin, stop }
}
