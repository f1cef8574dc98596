import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, expect, it } from 'vitest'
import type { Db } from './client.ts'
import { PreparingPGlite } from './pglite-prepared.ts'
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

  expect(await refreshStatistics(db)).toEqual(['lines'])
  expect(await planned()).toBe(5000)

  // A few more rows are below autovacuum's rule (50 and a tenth of the table): nothing to do.
  await db.execute(sql`insert into lines select n, 1 from generate_series(5001, 5100) n`)
  expect(await refreshStatistics(db)).toEqual([])
  await db.execute(sql`insert into lines select n, 1 from generate_series(5101, 6000) n`)
  expect(await refreshStatistics(db)).toEqual(['lines'])
  expect(await planned()).toBe(6000)
})
