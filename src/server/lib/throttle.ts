import { tooManyRequests } from './errors.ts'

interface Window {
  start: number
  failures: number
}

/**
 * Counts failures (wrong passwords, wrong codes) per key, such as an account or an IP. Once a
 * key reaches its limit inside the window, calls answer 429 until the window ends. Kept in
 * memory: one process; several API processes would keep the counters in PostgreSQL.
 */
export class FailureThrottle {
  private windows = new Map<string, Window>()

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private current(key: string): Window | undefined {
    const w = this.windows.get(key)
    if (w && this.now() - w.start >= this.windowMs) {
      this.windows.delete(key)
      return undefined
    }
    return w
  }

  /** Throws 429 with the seconds to wait when any key is over its limit. */
  check(limits: Record<string, number>): void {
    for (const [key, limit] of Object.entries(limits)) {
      const w = this.current(key)
      if (w && w.failures >= limit) {
        throw tooManyRequests(Math.max(1, Math.ceil((w.start + this.windowMs - this.now()) / 1000)))
      }
    }
  }

  fail(...keys: string[]): void {
    if (this.windows.size > 10_000) this.sweep()
    for (const key of keys) {
      const w = this.current(key) ?? { start: this.now(), failures: 0 }
      w.failures++
      this.windows.set(key, w)
    }
  }

  /** Forgets windows that have ended; live lockouts stay. */
  private sweep(): void {
    for (const key of [...this.windows.keys()]) this.current(key)
  }

  reset(...keys: string[]): void {
    for (const key of keys) this.windows.delete(key)
  }
}
