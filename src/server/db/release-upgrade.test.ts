import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsUpTo } from '../test-support/migrations.ts'
import { demoToday } from '../test-support/fiscal-dates.ts'
import {
  adminPassword,
  asUser,
  createTestApp,
  signIn,
  testDatabaseUrl,
} from '../test-support/test-app.ts'

/**
 * The previous release's data (tests/fixtures/release-0022-demo.json.gz): every row of its
 * demo institute, 613 students, 20 vouchers and a group invoice run (3 classes × 2 heads × 2
 * periods, 298 invoices), but its secrets and sessions, written at commit 19113c3 by its own
 * code. At each release, tests/fixtures/make-release-fixture.ts makes the next one.
 */
const fixture = resolve(import.meta.dirname, '../../../tests/fixtures/release-0022-demo.json.gz')

interface Release {
  release: string
  lastMigration: string
  tables: Record<string, Record<string, unknown>[]>
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>

/**
 * Writes the rows as they were, with the foreign keys' and the tables' own triggers held off
 * (`session_replication_role`, which takes a superuser: the test servers' user is one) so the
 * order of tables does not matter, then moves each serial column's sequence past its rows.
 */
async function load(query: Query, tables: Release['tables']) {
  await query(`set session_replication_role = replica`)
  for (const [table, rows] of Object.entries(tables)) {
    const { rows: columns } = await query(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'`,
      [table],
    )
    const list = columns.map((c) => `"${String(c.column_name)}"`).join(', ')
    await query(
      `insert into "${table}" (${list})
         select ${list} from json_populate_recordset(null::"${table}", $1::json)`,
      [JSON.stringify(rows)],
    )
  }
  await query(`set session_replication_role = origin`)
  const { rows: serials } = await query(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%'`,
  )
  for (const { table_name: table, column_name: column } of serials) {
    await query(
      `select setval(pg_get_serial_sequence('"${String(table)}"', '${String(column)}'),
                     coalesce((select max("${String(column)}") from "${String(table)}"), 0) + 1, false)`,
    )
  }
}

/**
 * A database holding the release's data, migrated as that release left it: on the PostgreSQL
 * server when the suite runs there (TEST_POSTGRES_URL), else in an embedded data dir.
 */
async function releaseDatabase(release: Release, cleanUp: (() => unknown)[]) {
  const migrationsFolder = migrationsUpTo(release.lastMigration)
  cleanUp.push(() => rmSync(migrationsFolder, { recursive: true, force: true }))
  const url = await testDatabaseUrl({ empty: true })
  if (url) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await migratePg(drizzlePg(client), { migrationsFolder })
      await load((text, params) => client.query(text, params), release.tables)
    } finally {
      await client.end()
    }
    return { databaseUrl: url }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ems-release-'))
  cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const client = new PGlite(join(dataDir, 'pglite'), { extensions: { pg_trgm } })
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder })
    await load((text, params) => client.query(text, params), release.tables)
  } finally {
    await client.close()
  }
  return { dataDir, databaseUrl: undefined }
}

describe('upgrading a database that holds the previous release’s data', () => {
  const cleanUp: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanUp) await c()
  })

  it('applies every later migration at start and keeps every student, voucher and invoice', async () => {
    const release = JSON.parse(gunzipSync(readFileSync(fixture)).toString()) as Release
    const t = await createTestApp(await releaseDatabase(release, cleanUp))
    cleanUp.unshift(() => t.database.close())
    const count = async (table: string) =>
      Number(
        (
          (await t.database.db.execute(`select count(*) as n from "${table}"`)) as unknown as {
            rows: { n: string }[]
          }
        ).rows[0]!.n,
      )
    expect(await t.database.pendingMigrations()).toBe(0)
    for (const table of ['students', 'enrolments', 'vouchers', 'voucher_lines', 'invoices']) {
      expect({ table, rows: await count(table) }).toEqual({
        table,
        rows: release.tables[table]!.length,
      })
    }

    // The release's admin signs in with the current code and reads the accounts as they were.
    const admin = await signIn(t, 'admin', adminPassword)
    const lines = release.tables.voucher_lines!
    const lastDay = release.tables
      .vouchers!.map((v) => String(v.date))
      .sort()
      .at(-1)!
    const balance = await asUser(t, admin, 'GET', `/api/accounting/trial-balance?asOf=${lastDay}`)
    expect(balance.status).toBe(200)
    const byAccount = new Map<unknown, number>()
    for (const line of lines)
      byAccount.set(
        line.account_id,
        (byAccount.get(line.account_id) ?? 0) + Number(line.debit) - Number(line.credit),
      )
    const debits = [...byAccount.values()].filter((n) => n > 0).reduce((a, b) => a + b, 0)
    expect(await balance.json()).toMatchObject({ totalDebit: debits, totalCredit: debits })

    const invoice = release.tables.invoices![0]!
    const read = await asUser(t, admin, 'GET', `/api/fees/invoices/${String(invoice.id)}`)
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({ number: invoice.number })

    // And the data takes new postings: the sequences and counters carried on.
    const cash = release.tables.accounts!.find((a) => a.name === 'Cash in hand')!.id
    const income = release.tables.accounts!.find((a) => a.name === 'Tuition fee income')!.id
    const post = await asUser(
      t,
      admin,
      'POST',
      '/api/accounting/vouchers',
      {
        type: 'receipt',
        date: demoToday(),
        narration: 'After the upgrade',
        lines: [
          { accountId: cash, debit: 700 },
          { accountId: income, credit: 700 },
        ],
      },
      { 'Idempotency-Key': 'after-upgrade' },
    )
    expect(post.status).toBe(201)
    expect(await count('voucher_lines')).toBe(lines.length + 2)
  }, 120_000)
})
