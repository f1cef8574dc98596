import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { seedDemo } from '../seeds/seed.ts'
import { accountIds } from '../test-support/accounting.ts'
import { inFiscalYear } from '../test-support/fiscal-dates.ts'
import { adminPassword, asUser, signIn, testDatabaseUrl } from '../test-support/test-app.ts'
import { backup, restore, RestoreRefused } from './backup.ts'
import { createLogger } from './logger.ts'
import { storageFor } from './storage.ts'

/**
 * `npm run backup` and `npm run restore` of a data dir's uploads and its database: the embedded
 * one, or on the `postgres` project the server's (pg_dump and pg_restore).
 */
describe('backup and restore', () => {
  const root = mkdtempSync(join(tmpdir(), 'ems-backup-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const server = process.env.TEST_POSTGRES_URL

  const counts = async (dataDir: string, databaseUrl: string | undefined) => {
    const database = await openDatabase({ dataDir, databaseUrl })
    const one = async (table: string) =>
      (
        (await database.db.execute(
          sql.raw(`select count(*)::int as n from ${table}`),
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n
    const found = { vouchers: await one('vouchers'), students: await one('students') }
    await database.close()
    return found
  }

  it('restores every voucher, student and upload into an empty data dir', async () => {
    const dataDir = join(root, 'office')
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent' }, '1'),
      staticDir: undefined,
      databaseUrl: await testDatabaseUrl(),
    }
    const database = await openDatabase(config)
    await database.migrate()
    const app = createApp({ db: database, config, log: createLogger('silent') })
    await seedDemo(database.db, adminPassword)
    const admin = await signIn({ app }, 'admin', adminPassword)
    const { leaf } = await accountIds({ app }, admin)
    for (let i = 0; i < 3; i++) {
      const res = await asUser({ app }, admin, 'POST', '/api/accounting/vouchers', {
        type: 'receipt',
        date: inFiscalYear(0, '08-10'),
        narration: `Kept ${i}`,
        lines: [
          { accountId: leaf('Cash in hand'), debit: 1000 + i },
          { accountId: leaf('Tuition fee income'), credit: 1000 + i },
        ],
      })
      expect(res.status).toBe(201)
    }
    const photo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
    await storageFor(dataDir).put('admission/photo-1', photo)
    await database.close()
    const before = await counts(dataDir, config.databaseUrl)
    expect(before.vouchers).toBe(3)
    expect(before.students).toBeGreaterThan(0)

    const file = join(root, 'office.zip')
    expect(await backup({ dataDir, databaseUrl: config.databaseUrl, file })).toMatchObject({
      database: server ? 'postgres' : 'pglite',
      uploads: 1,
    })

    const restored = join(root, 'restored')
    // An empty database to restore into: a new one on the server, else the data dir's own.
    const target = await testDatabaseUrl({ empty: true })
    await restore({ dataDir: restored, databaseUrl: target, file })
    expect(await counts(restored, target)).toEqual(before)
    expect(new Uint8Array((await storageFor(restored).get('admission/photo-1'))!)).toEqual(photo)
    // Never over data: a second restore into the same dir is refused, and on a server, one into
    // a database that holds tables.
    await expect(restore({ dataDir: restored, databaseUrl: target, file })).rejects.toThrow(
      RestoreRefused,
    )
    if (target) {
      await expect(
        restore({ dataDir: join(root, 'elsewhere'), databaseUrl: target, file }),
      ).rejects.toThrow(/not empty/)
    }
  }, 180_000)
})
