import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

/**
 * For the rest of the caller's transaction, statements run on the plan made once for their
 * kept statement instead of one planned afresh for each run's values. Postgres plans each run
 * afresh when that plan looks cheaper, and on PGlite planning a join costs 0.5 to 1 ms: more
 * than the run. For transactions whose statements all find rows by key (a payment at the
 * counter); searches and reports keep their plans by value, where the values matter.
 */
export async function useGenericPlans(tx: Db) {
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
}
