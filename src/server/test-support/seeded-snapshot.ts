import { readFile, writeFile } from 'node:fs/promises'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../db/client.ts'
import { setPasswordHashCost } from '../lib/password.ts'
import { memorySecretBox } from '../lib/secret-box.ts'
import { seedDemo } from '../seeds/seed.ts'

/** The demo administrator's password in every test database. */
export const adminPassword = 'demo-admin-password-1'

/** The cheap hash cost of test databases: password.test.ts checks the production one. */
export const testHashCost = 10

/** Where the `pglite` project's global set-up left the migrated, seeded database's dump. */
const snapshotVariable = 'TEST_PGLITE_SNAPSHOT'

/** Migrates a new database and seeds the demo institute in it. */
export async function migrateAndSeed(database: Database): Promise<void> {
  await database.migrate()
  setPasswordHashCost(testHashCost)
  await seedDemo(database.db, adminPassword, memorySecretBox)
}

/**
 * Migrates and seeds one in-memory database and dumps it to `file`, named to the test files'
 * workers: each file then starts from a copy in a fraction of the time migrating and seeding
 * its own would take (vitest's `pglite` project).
 */
export async function writeSeededSnapshot(file: string): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' })
  await migrateAndSeed(database)
  const client = (database.db as unknown as { $client: PGlite }).$client
  const dump = await client.dumpDataDir('none')
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()))
  await database.close()
  process.env[snapshotVariable] = file
}

/** Whether this run has written its seeded dump. */
export const hasSeededSnapshot = () => Boolean(process.env[snapshotVariable])

/** A fresh in-memory database from the run's seeded dump, when there is one. */
export async function fromSeededSnapshot(): Promise<Database | undefined> {
  const file = process.env[snapshotVariable]
  if (!file) return undefined
  const loadDataDir = new Blob([await readFile(file)])
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir })
  // Loaded from a dump, the planner chose plans that made the fee ledger property test take
  // over 600 s instead of 8 s: fresh statistics give it those of a database seeded in place.
  await database.db.execute(sql`analyze`)
  return database
}
