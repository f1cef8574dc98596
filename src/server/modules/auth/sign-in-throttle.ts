import type { Counters } from '../../lib/counters.ts'
import { serverBusy, tooManyRequests } from '../../lib/errors.ts'
import type { CheckLane } from '../../lib/password.ts'

/** A key's failures as an attempt is judged by them: how many, since when, the last one when. */
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
 * address. The counts are in the database (Counters), shared by every API process.
 */
export class SignInThrottle {
  /** Per process: it sheds load, it grants no tries (every try is counted in the database). */
  private readonly inFlight = new Map<string, number>()

  constructor(
    private readonly counters: Counters,
    private readonly windowMs = 15 * 60_000,
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

  private keysOf(a: Attempt) {
    return {
      pair: `pair:${a.account}|${a.address}`,
      account: `account:${a.account}`,
      address: `${a.accountExists ? 'address' : 'unknown'}:${a.address}`,
      device: a.knownDevice && `device:${a.knownDevice}`,
    }
  }

  /** The keys an attempt counts under. */
  private counted(a: Attempt): string[] {
    return Object.values(this.keysOf(a)).filter((k): k is string => Boolean(k))
  }

  /**
   * Seconds this attempt must wait, judged by the tallies before it, or 0 when it may go on;
   * and the lane its password check queues in: trusted from a known device, clean from an
   * address with no failures in the window (attempts under way count as failures).
   */
  private judge(
    a: Attempt,
    tally: (key: string) => Tally,
    now: number,
  ): { seconds: number; lane: CheckLane } {
    const keys = this.keysOf(a)
    const waitFrom = (key: string, seconds: number) =>
      Math.ceil((tally(key).last + seconds * 1000 - now) / 1000)
    if (keys.device && tally(keys.device).count < perDevice) return { seconds: 0, lane: 'trusted' }
    const pair = tally(keys.pair).count
    const account = tally(keys.account).count
    const triedHere = tally(`address:${a.address}`).count + tally(`unknown:${a.address}`).count
    const seconds = Math.max(
      0,
      pair >= freePerPair ? waitFrom(keys.pair, backoff(pair - freePerPair)) : 0,
      account >= freePerAccount && triedHere > 0
        ? waitFrom(keys.account, backoff(account - freePerAccount))
        : 0,
      tally(keys.address).count >= (a.accountExists ? perAddress : unknownNamesPerAddress)
        ? Math.ceil((tally(keys.address).first + this.windowMs - now) / 1000)
        : 0,
    )
    return { seconds, lane: triedHere === 0 ? 'clean' : 'untrusted' }
  }

  /**
   * Refuses the attempt (429 with Retry-After) or counts it as failed at once, before the
   * password is checked, so parallel guesses (through any process) cannot all slip through;
   * `succeeded` or `abandoned` takes the count back. Answers the lane its check queues in.
   */
  async begin(a: Attempt): Promise<CheckLane> {
    const counted = this.counted(a)
    const other = `${a.accountExists ? 'unknown' : 'address'}:${a.address}`
    const before = await this.counters.read([...counted, other])
    // Counted first, judged after: each of several parallel attempts sees those counted before
    // it, as made now when they were not in the counts read first.
    const after = await this.counters.add(counted, this.windowMs)
    const now = this.counters.now()
    const tally = (key: string): Tally => {
      const was = before.get(key)
      const is = after.get(key)
      if (!is)
        return { count: was?.count ?? 0, first: was?.startedAt ?? now, last: was?.lastAt ?? 0 }
      const count = is.count - 1
      return {
        count,
        first: is.startedAt,
        last: count > (was?.count ?? 0) ? now : (was?.lastAt ?? 0),
      }
    }
    const { seconds, lane } = this.judge(a, tally, now)
    if (seconds > 0) {
      await this.counters.takeBack(counted)
      throw tooManyRequests(seconds)
    }
    return lane
  }

  /**
   * The password was right: this attempt's count is taken back, and from an unknown device the
   * pair's failures are forgotten too (from a known one they may be someone else's on the
   * same network).
   */
  async succeeded(a: Attempt): Promise<void> {
    await this.abandoned(a)
    if (!a.knownDevice) await this.counters.clear([this.keysOf(a).pair])
  }

  /** The password was not checked after all (the server was busy). */
  async abandoned(a: Attempt): Promise<void> {
    await this.counters.takeBack(this.counted(a))
  }
}
