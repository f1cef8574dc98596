import { mkdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Logger } from '../lib/logger.ts'
import { PreparingPGlite } from './pglite-prepared.ts'
import * as access from './schema/access.ts'
import * as accounting from './schema/accounting.ts'
import * as admission from './schema/admission.ts'
import * as auth from './schema/auth.ts'
import * as institutes from './schema/institutes.ts'
import * as jobs from './schema/jobs.ts'
import * as students from './schema/students.ts'
import * as system from './schema/system.ts'

/** Every table, one schema file per area (drizzle.config.ts reads the same folder). */
const schema = {
  ...institutes,
  ...auth,
  ...access,
  ...system,
  ...accounting,
  ...admission,
  ...students,
  ...jobs,
}

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  /** 'pglite' for the embedded default, 'postgres' for a server reached through DATABASE_URL. */
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  /** Migrations in the release not yet applied to the database (0: current). */
  pendingMigrations(): Promise<number>
  close(): Promise<void>
}

const migrationsFolder = resolve(import.meta.dirname, '../../../drizzle')
const releaseMigrations = (
  JSON.parse(readFileSync(resolve(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
).entries.length
/** Any number of our own: API processes starting together migrate one at a time. */
const migrationLock = 7_420_351

async function pendingMigrations(db: Db): Promise<number> {
  // Both drivers answer { rows }; the table is drizzle's own record of what it applied.
  const applied = (await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: number }[] }
  return releaseMigrations - applied.rows[0]!.n
}

/**
 * A pool of connections to a PostgreSQL server that outlives the server's restarts. A
 * connection the server drops (a restart, a failover, a network cut) is an ordinary event: its
 * client leaves the pool, the next query opens a new one, and the query that was using it fails
 * (answered 503 by the app). Unhandled, the 'error' event would end the process.
 */
function serverPool(connectionString: string, log: Logger | undefined): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Unreachable (a cut network rather than a refusal): fail the request instead of hanging.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  })
  const inUse = new Set<pg.PoolClient>()
  pool.on('acquire', (client) => inUse.add(client))
  pool.on('release', (_err, client) => inUse.delete(client))
  // A client in use (between a transaction's queries) has no listener of the pool's own.
  pool.on('connect', (client) =>
    client.on('error', (err) => {
      // The driver's message and code only: never the connection string (it may hold a password).
      log?.warn('database connection lost', {
        code: (err as { code?: string }).code,
        err: err.message,
      })
      // Its slot is given back now: drizzle never releases a client whose BEGIN failed, and
      // each such client would take a slot for good (the pool full, the API down for good).
      if (!inUse.has(client)) return
      const release = client.release
      client.release = () => {}
      release(err)
    }),
  )
  // An idle client's error reaches the pool too, already reported by the client's listener.
  pool.on('error', () => {})
  return pool
}

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is given, otherwise embedded
 * PGlite persisted under `dataDir` (or in memory when `dataDir` is 'memory://', as tests do).
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined
  dataDir: string
  /** Where a lost connection to the server is reported (the pool reconnects by itself). */
  log?: Logger | undefined
  /** In memory only: starts from this dump of a data dir (PGlite's `dumpDataDir`), not empty. */
  loadDataDir?: Blob | undefined
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = serverPool(opts.databaseUrl, opts.log)
    const db = drizzlePg(pool, { schema })
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      // Under a session lock: the others wait, then find nothing left to apply.
      migrate: async () => {
        const session = await pool.connect()
        try {
          await session.query('select pg_advisory_lock($1)', [migrationLock])
          await migratePg(drizzlePg(session), { migrationsFolder })
        } finally {
          await session.query('select pg_advisory_unlock($1)', [migrationLock]).catch(() => {})
          session.release()
        }
      },
      pendingMigrations: () => pendingMigrations(db as unknown as Db),
      close: () => pool.end(),
    }
  }
  const inMemory = opts.dataDir === 'memory://'
  if (!inMemory) mkdirSync(opts.dataDir, { recursive: true })
  // pg_trgm backs the student search's indexes (migration 0013 creates it).
  const extensions = { pg_trgm }
  const client = inMemory
    ? new PreparingPGlite({ extensions, loadDataDir: opts.loadDataDir })
    : new PreparingPGlite(resolve(opts.dataDir, 'pglite'), { extensions })
  await client.waitReady
  // Its files are local and soon in the page cache: an index probe costs about what a page
  // read in order does (the server's default of 4 makes small tables' seq scans win).
  await client.exec('set random_page_cost = 1.1')
  const db = drizzlePglite(client, { schema })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder })
      await client.forgetStatements()
    },
    pendingMigrations: () => pendingMigrations(db as unknown as Db),
    close: () => client.close(),
  }
}
