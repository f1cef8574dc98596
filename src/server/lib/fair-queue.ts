/** Why a job was not queued: its key already has its share waiting, or the whole queue is full. */
export class QueueFull extends Error {
  constructor(readonly scope: 'key' | 'all') {
    super(scope === 'key' ? 'too many jobs for this key' : 'queue full')
  }
}

interface KeyState {
  /** Jobs of this key queued or running. */
  held: number
  /** When this key last had a job started (a counter), 0 if never. */
  servedAt: number
  waiting: (() => void)[]
}

/**
 * Runs at most `maxRunning` jobs at once. When a slot frees, it goes to the waiting key served
 * least recently, so a key with many jobs (one address sending hundreds of sign-ins) cannot
 * make another key's job wait behind all of them. Each key may have `maxPerKey` jobs queued or
 * running, and at most `maxWaiting` jobs wait in all: beyond either, a job is refused at once
 * instead of piling up.
 */
export class FairQueue {
  private running = 0
  private waitingCount = 0
  private starts = 0
  private readonly keys = new Map<unknown, KeyState>()

  constructor(
    private readonly limits: { maxRunning: number; maxPerKey: number; maxWaiting: number },
  ) {}

  async run<T>(key: unknown, job: () => Promise<T>): Promise<T> {
    const state = this.keys.get(key) ?? { held: 0, servedAt: 0, waiting: [] }
    if (state.held >= this.limits.maxPerKey) throw new QueueFull('key')
    const full = this.running >= this.limits.maxRunning
    if (full && this.waitingCount >= this.limits.maxWaiting) throw new QueueFull('all')
    state.held++
    this.keys.set(key, state)
    try {
      if (full) {
        this.waitingCount++
        await new Promise<void>((go) => state.waiting.push(go))
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

  /** Hands the finished job's slot to the waiting key served least recently, or frees it. */
  private next(): void {
    let turn: KeyState | undefined
    for (const state of this.keys.values()) {
      if (state.waiting.length && (!turn || state.servedAt < turn.servedAt)) turn = state
    }
    if (!turn) {
      this.running--
      return
    }
    this.waitingCount--
    turn.servedAt = ++this.starts
    turn.waiting.shift()!()
  }
}
