import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, expect, it } from 'vitest'
import type { Db } from './client.ts'
import { PreparingPGlite } from './pglite-prepared.ts'
import { rowsOf } from './rows.ts'
import { refreshStatistics } from './statistics.ts'

const client = new PreparingPGlite()
const db = drizzle(client) as unknown as Db
afterAll(() => client.close())

const planned = async () =>
  (
    (await db.execute(
      sql`select reltuples::int as rows from pg_class where relname = 'lines'`,
    )) as unknown as {
      rows: { rows: number }[]
    }
  ).rows[0]!.rows

it('gathers the statistics of the tables changed enough since last time, and of those only', async () => {
  await db.execute(sql`create table lines (id int primary key, account int)`)
  await db.execute(sql`create table quiet (id int primary key)`)
  await db.execute(sql`insert into quiet select n from generate_series(1, 10) n`)
  await db.execute(sql`insert into lines select n, n % 7 from generate_series(1, 5000) n`)
  // The planner knows nothing of the rows until statistics are gathered.
  expect(await planned()).toBe(-1)

  // 5,000 rows inserted: past the rule for a vacuum too (1,000 and a fifth of the table).
  expect(await refreshStatistics(db)).toEqual({ analyzed: [], vacuumed: ['lines'] })
  expect(await planned()).toBe(5000)

  // A few more rows are below autovacuum's rule (50 and a tenth of the table): nothing to do.
  await db.execute(sql`insert into lines select n, 1 from generate_series(5001, 5100) n`)
  expect(await refreshStatistics(db)).toEqual({ analyzed: [], vacuumed: [] })
  await db.execute(sql`insert into lines select n, 1 from generate_series(5101, 6000) n`)
  expect(await refreshStatistics(db)).toEqual({ analyzed: ['lines'], vacuumed: [] })
  expect(await planned()).toBe(6000)
})

it('vacuums a table written enough, so that a query an index holds reads the index alone', async () => {
  await db.execute(sql`create table owed (id int primary key, amount int)`)
  await db.execute(sql`create index owed_open on owed (id, amount) where amount <> 0`)
  await db.execute(sql`insert into owed select n, n % 2 from generate_series(1, 5000) n`)
  const heapFetches = async () => {
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await db.execute(sql`explain (analyze, costs off, timing off)
        select sum(amount) from owed where amount <> 0 and id > 0`),
    ).map((r) => r['QUERY PLAN'])
    return plan.join('\n').match(/Heap Fetches: (\d+)/)?.[1]
  }
  await db.execute(sql`analyze owed`)
  // The plan a large table would get: the index alone, where it can be.
  await db.execute(sql`set enable_seqscan = off`)
  await db.execute(sql`set enable_bitmapscan = off`)
  // Gathered statistics are not enough: every row is read from the table to see it is visible.
  expect(Number(await heapFetches())).toBeGreaterThan(0)
  expect((await refreshStatistics(db)).vacuumed).toEqual(['owed'])
  expect(await heapFetches()).toBe('0')
})

it('writes out the pages its writes left in the buffers, as a checkpointer would', async () => {
  const lastCheckpoint = async () =>
    rowsOf<{ at: string }>(
      await db.execute(sql`select checkpoint_lsn::text as at from pg_control_checkpoint()`),
    )[0]!.at
  await db.execute(sql`create table dirty (id int primary key)`)
  await db.execute(sql`insert into dirty select n from generate_series(1, 100) n`)
  const before = await lastCheckpoint()
  await refreshStatistics(db)
  expect(await lastCheckpoint()).not.toBe(before)
})
