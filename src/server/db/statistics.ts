import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { rowsOf } from './rows.ts'

/** How often the embedded database's statistics are looked at (src/server/server.ts). */
export const statisticsEveryMs = 60_000

/**
 * Gathers the planner's statistics of every table changed enough since they were last gathered,
 * by autovacuum's own rule (50 rows and a tenth of the table), and answers their names. A
 * PostgreSQL server's autovacuum does this by itself; PGlite has none, so without this its
 * statistics stay as the last seed or import left them while a year of vouchers and payments
 * goes in, and the planner's guesses turn a year's general ledger of 15,000 lines into seconds.
 */
export async function refreshStatistics(db: Db): Promise<string[]> {
  // The counters reach pg_stat_user_tables at the end of the next statement, this one.
  await db.execute(sql`select pg_stat_force_next_flush()`)
  const stale = rowsOf<{ relname: string }>(
    await db.execute(sql`select relname from pg_stat_user_tables
      where schemaname = 'public' and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
      order by relname`),
  ).map((r) => r.relname)
  for (const table of stale) await db.execute(sql`analyze ${sql.identifier(table)}`)
  return stale
}
