import type { Counters } from './counters.ts'
import { tooManyRequests } from './errors.ts'

/**
 * Counts failures (wrong passwords, wrong codes) per key, such as an account or an IP. Once a
 * key reaches its limit inside the window, calls answer 429 until the window ends. The counts
 * are in the database (Counters), shared by every API process.
 */
export class FailureThrottle {
  constructor(
    private readonly counters: Counters,
    private readonly windowMs: number,
  ) {}

  private keysOf = (keys: readonly string[]) => keys.map((key) => `fail:${key}`)

  private refusal(endsAt: number) {
    return tooManyRequests(Math.max(1, Math.ceil((endsAt - this.counters.now()) / 1000)))
  }

  /** Throws 429 with the seconds to wait when any key is over its limit. */
  async check(limits: Record<string, number>): Promise<void> {
    const live = await this.counters.read(this.keysOf(Object.keys(limits)))
    for (const [key, limit] of Object.entries(limits)) {
      const count = live.get(`fail:${key}`)
      if (count && count.count >= limit) throw this.refusal(count.endsAt)
    }
  }

  async fail(...keys: string[]): Promise<void> {
    await this.counters.add(this.keysOf(keys), this.windowMs)
  }

  async reset(...keys: string[]): Promise<void> {
    await this.counters.clear(this.keysOf(keys))
  }

  /**
   * One guess, counted as failed before it is made and taken back when `guess` answers true:
   * guesses sent at once, to any process, make no more than the limit of wrong ones between
   * them; past it, 429 without guessing.
   */
  async guess(limits: Record<string, number>, guess: () => boolean): Promise<boolean> {
    const keys = this.keysOf(Object.keys(limits))
    const counts = await this.counters.add(keys, this.windowMs)
    for (const [key, limit] of Object.entries(limits)) {
      const count = counts.get(`fail:${key}`)!
      if (count.count > limit) {
        await this.counters.takeBack(keys)
        throw this.refusal(count.endsAt)
      }
    }
    const right = guess()
    if (right) await this.counters.takeBack(keys)
    return right
  }
}
