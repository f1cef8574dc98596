import { openDatabase } from '../db/client.ts'
import {
  databaseUrl,
  onServer,
  startPostgres,
  templateDatabase,
  testDatabasePrefix,
} from './postgres-server.ts'
import { migrateAndSeed } from './seeded-snapshot.ts'

/**
 * Vitest's global set-up of the `postgres` project: a PostgreSQL server for the run, with the
 * migrated and seeded template every test file copies (`createTestApp`), named to the test files by
 * `TEST_POSTGRES_URL`; afterwards the test databases go and the server stops. Once for the run:
 * the project's files that mock modules run as a second project on the same server.
 */
export default async function setup() {
  if (process.env.TEST_POSTGRES_URL) return
  const server = await startPostgres()
  await onServer(server.url, `drop database if exists ${templateDatabase} with (force)`)
  await onServer(server.url, `create database ${templateDatabase}`)
  const template = await openDatabase({
    databaseUrl: databaseUrl(server.url, templateDatabase),
    dataDir: 'memory://',
  })
  await migrateAndSeed(template)
  await template.close()
  process.env.TEST_POSTGRES_URL = server.url

  return async () => {
    const client = await import('pg').then((m) => new m.default.Client(server.url))
    await client.connect()
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${testDatabasePrefix}%`],
    )
    for (const { datname } of rows) await client.query(`drop database "${datname}" with (force)`)
    await client.end()
    await server.stop()
  }
}
