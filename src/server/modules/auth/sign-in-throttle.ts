import { serverBusy, tooManyRequests } from '../../lib/errors.ts'

interface Tally {
  count: number
  first: number
  last: number
}

/** What one sign-in attempt is: who it names, from where, and whether the device is known. */
export interface Attempt {
  /** The user's id, or the name typed when it names nobody. */
  account: string
  accountExists: boolean
  address: string
  /** The device's id when it carries a device token for this account. */
  knownDevice: string | undefined
}

// Following OWASP's authentication guidance: slow guessing down without letting a stranger lock
// the owner out.
/** Wrong passwords on an account from one address before each next try waits 5, 10, 20 … s. */
const freePerPair = 5
/** Wrong passwords on an account from all addresses before addresses that failed must wait. */
const freePerAccount = 10
/** Wrong passwords from one address (existing accounts, then unknown names) before it waits. */
const perAddress = 30
const unknownNamesPerAddress = 100
/** Wrong passwords through one known device before it counts as unknown. */
const perDevice = 10
const maxDelaySeconds = 15 * 60

/** Sign-ins from one address handled at once; more are refused before reading anything. */
const inFlightPerAddress = 4

const backoff = (over: number) => Math.min(5 * 2 ** over, maxDelaySeconds)

/**
 * Decides whether a sign-in attempt may check its password, before the costly check, and keeps
 * the failures it is judged by (per account and address, per account, per address, per known
 * device) for a window. A device that signed in to the account before passes; an address that
 * never failed passes; so an attack neither locks out the owner nor a school network behind one
 * address. Kept in memory: one process.
 */
export class SignInThrottle {
  private readonly tallies = new Map<string, Tally>()
  private readonly inFlight = new Map<string, number>()

  constructor(
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Handles a sign-in from an address unless it already has `inFlightPerAddress` under way:
   * then 429 at once, so a burst from one address cannot fill the database's queue either.
   */
  async admit<T>(address: string, work: () => Promise<T>): Promise<T> {
    const busy = this.inFlight.get(address) ?? 0
    if (busy >= inFlightPerAddress) throw serverBusy(1)
    this.inFlight.set(address, busy + 1)
    try {
      return await work()
    } finally {
      const left = (this.inFlight.get(address) ?? 1) - 1
      if (left) this.inFlight.set(address, left)
      else this.inFlight.delete(address)
    }
  }

  private tally(key: string): Tally | undefined {
    const t = this.tallies.get(key)
    if (t && this.now() - t.first >= this.windowMs) {
      this.tallies.delete(key)
      return undefined
    }
    return t
  }

  private count = (key: string) => this.tally(key)?.count ?? 0

  private keysOf(a: Attempt) {
    return {
      pair: `pair:${a.account}|${a.address}`,
      account: `account:${a.account}`,
      address: `${a.accountExists ? 'address' : 'unknown'}:${a.address}`,
      device: a.knownDevice && `device:${a.knownDevice}`,
    }
  }

  /** Seconds this attempt must wait, or 0 when it may go on. */
  private wait(a: Attempt): number {
    const keys = this.keysOf(a)
    const waitFrom = (key: string, seconds: number) =>
      Math.ceil(((this.tally(key)?.last ?? 0) + seconds * 1000 - this.now()) / 1000)
    if (keys.device && this.count(keys.device) < perDevice) return 0
    const pair = this.count(keys.pair)
    const account = this.count(keys.account)
    const triedHere = this.count(`address:${a.address}`) + this.count(`unknown:${a.address}`)
    return Math.max(
      0,
      pair >= freePerPair ? waitFrom(keys.pair, backoff(pair - freePerPair)) : 0,
      account >= freePerAccount && triedHere > 0
        ? waitFrom(keys.account, backoff(account - freePerAccount))
        : 0,
      this.count(keys.address) >= (a.accountExists ? perAddress : unknownNamesPerAddress)
        ? Math.ceil(((this.tally(keys.address)?.first ?? 0) + this.windowMs - this.now()) / 1000)
        : 0,
    )
  }

  /**
   * Refuses the attempt (429 with Retry-After) or counts it as failed at once, before the
   * password is checked, so parallel guesses cannot all slip through; `succeeded` or
   * `abandoned` takes the count back.
   */
  begin(a: Attempt): void {
    const seconds = this.wait(a)
    if (seconds > 0) throw tooManyRequests(seconds)
    if (this.tallies.size > 50_000) this.sweep()
    const t = this.now()
    for (const key of Object.values(this.keysOf(a))) {
      if (!key) continue
      const tally = this.tally(key) ?? { count: 0, first: t, last: t }
      tally.count++
      tally.last = t
      this.tallies.set(key, tally)
    }
  }

  /**
   * The password was right: this attempt's count is taken back, and from an unknown device the
   * pair's failures are forgotten too (from a known one they may be someone else's on the
   * same network).
   */
  succeeded(a: Attempt): void {
    this.abandoned(a)
    if (!a.knownDevice) this.tallies.delete(this.keysOf(a).pair)
  }

  /** The password was not checked after all (the server was busy). */
  abandoned(a: Attempt): void {
    for (const key of Object.values(this.keysOf(a))) {
      const tally = key && this.tally(key)
      if (tally) tally.count = Math.max(0, tally.count - 1)
    }
  }

  private sweep(): void {
    for (const key of [...this.tallies.keys()]) this.tally(key)
  }
}
