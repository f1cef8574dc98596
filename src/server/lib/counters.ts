import { and, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { throttleCounters } from '../db/schema/system.ts'

/** A key's count in its current window. */
interface Count {
  count: number
  startedAt: number
  lastAt: number
  endsAt: number
}

/** Ended windows are deleted every so many additions, by whichever process adds. */
const sweepEvery = 500

/**
 * Windowed counts per key in PostgreSQL (throttle_counters), for the throttles and rate limits:
 * each change is one atomic statement, so API processes sharing the database count together.
 * `now` is the API's clock (tests pass their own).
 */
export class Counters {
  private added = 0

  constructor(
    private readonly db: Db,
    readonly now: () => number = Date.now,
  ) {}

  /** The live counts of `keys` (a key whose window has ended has none). */
  async read(keys: readonly string[]): Promise<Map<string, Count>> {
    if (!keys.length) return new Map()
    const rows = await this.db
      .select()
      .from(throttleCounters)
      .where(and(inArray(throttleCounters.key, [...keys]), gt(throttleCounters.endsAt, this.now())))
    return new Map(rows.map(({ key, ...count }) => [key, count]))
  }

  /**
   * Adds one to each key's count, in a new window of `windowMs` when its last one has ended;
   * answers the counts after, by key.
   */
  async add(keys: readonly string[], windowMs: number): Promise<Map<string, Count>> {
    if (!keys.length) return new Map()
    const now = this.now()
    if (++this.added % sweepEvery === 0) await this.sweep()
    const ended = sql`${throttleCounters.endsAt} <= ${now}`
    const rows = await this.db
      .insert(throttleCounters)
      .values(
        [...new Set(keys)].map((key) => ({
          key,
          count: 1,
          startedAt: now,
          lastAt: now,
          endsAt: now + windowMs,
        })),
      )
      .onConflictDoUpdate({
        target: throttleCounters.key,
        set: {
          count: sql`case when ${ended} then 1 else ${throttleCounters.count} + 1 end`,
          startedAt: sql`case when ${ended} then ${now}::bigint else ${throttleCounters.startedAt} end`,
          endsAt: sql`case when ${ended} then ${now + windowMs}::bigint else ${throttleCounters.endsAt} end`,
          lastAt: sql`${now}::bigint`,
        },
      })
      .returning()
    return new Map(rows.map(({ key, ...count }) => [key, count]))
  }

  /** Takes one back from each live count (an attempt that did not count after all). */
  async takeBack(keys: readonly string[]): Promise<void> {
    if (!keys.length) return
    await this.db
      .update(throttleCounters)
      .set({ count: sql`greatest(${throttleCounters.count} - 1, 0)` })
      .where(and(inArray(throttleCounters.key, [...keys]), gt(throttleCounters.endsAt, this.now())))
  }

  /** Forgets the keys' counts. */
  async clear(keys: readonly string[]): Promise<void> {
    if (!keys.length) return
    await this.db.delete(throttleCounters).where(inArray(throttleCounters.key, [...keys]))
  }

  private async sweep(): Promise<void> {
    await this.db.delete(throttleCounters).where(lte(throttleCounters.endsAt, this.now()))
  }
}
