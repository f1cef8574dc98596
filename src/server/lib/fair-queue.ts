/** Why a job was not queued: its key already has its share waiting, or its lane is full. */
export class QueueFull extends Error {
  constructor(readonly scope: 'key' | 'lane') {
    super(scope === 'key' ? 'too many jobs for this key' : 'lane full')
  }
}

interface KeyState {
  /** Jobs of this key queued or running. */
  held: number
  /** When this key last had a job started (a counter), 0 if never. */
  servedAt: number
}

interface Waiter {
  key: KeyState
  go: () => void
}

/**
 * Runs at most `maxRunning` jobs at once. Jobs wait in lanes, each with its own waiting room
 * (`maxWaiting`, lanes named in the order they are served): a freed slot goes to the first lane
 * with a job waiting, so jobs in a later lane, however many, never hold back an earlier one's.
 * Within a lane it goes to the key served least recently, so a key with many jobs (one address
 * sending hundreds of sign-ins) cannot make another key's job wait behind all of them. Each key
 * may have `maxPerKey` jobs queued or running in all lanes; beyond that or a full lane, a job is
 * refused at once instead of piling up.
 */
export class FairQueue<Lane extends string> {
  private running = 0
  private starts = 0
  private readonly keys = new Map<unknown, KeyState>()
  private readonly lanes: Map<Lane, { maxWaiting: number; waiting: Waiter[] }>

  constructor(
    private readonly limits: {
      maxRunning: number
      maxPerKey: number
      maxWaiting: Record<Lane, number>
    },
  ) {
    this.lanes = new Map(
      (Object.entries(limits.maxWaiting) as [Lane, number][]).map(([lane, maxWaiting]) => [
        lane,
        { maxWaiting, waiting: [] },
      ]),
    )
  }

  /** Jobs waiting for a slot, in all lanes. */
  get waiting(): number {
    let count = 0
    for (const lane of this.lanes.values()) count += lane.waiting.length
    return count
  }

  /**
   * `arrive`: what the job needs before it may queue (an upload's body): it counts against the
   * key's share while it arrives, but holds no slot and no place in the lane.
   */
  async run<T>(
    key: unknown,
    lane: Lane,
    job: () => Promise<T>,
    arrive?: () => Promise<void>,
  ): Promise<T> {
    const state = this.keys.get(key) ?? { held: 0, servedAt: 0 }
    const room = this.lanes.get(lane)
    if (!room) throw new Error(`no lane ${lane}`)
    if (state.held >= this.limits.maxPerKey) throw new QueueFull('key')
    state.held++
    this.keys.set(key, state)
    try {
      if (arrive) await arrive()
      const full = this.running >= this.limits.maxRunning
      if (full && room.waiting.length >= room.maxWaiting) throw new QueueFull('lane')
      if (full) {
        await new Promise<void>((go) => room.waiting.push({ key: state, go }))
      } else {
        this.running++
        state.servedAt = ++this.starts
      }
      try {
        return await job()
      } finally {
        this.next()
      }
    } finally {
      if (--state.held === 0) this.keys.delete(key)
    }
  }

  /**
   * Hands the finished job's slot to the first lane with a job waiting, there to the key served
   * least recently (the earliest of its jobs; between keys never served, the earliest job), or
   * frees it.
   */
  private next(): void {
    for (const { waiting } of this.lanes.values()) {
      if (!waiting.length) continue
      let turn = 0
      for (let i = 1; i < waiting.length; i++) {
        if (waiting[i]!.key.servedAt < waiting[turn]!.key.servedAt) turn = i
      }
      const [waiter] = waiting.splice(turn, 1)
      waiter!.key.servedAt = ++this.starts
      waiter!.go()
      return
    }
    this.running--
  }
}
