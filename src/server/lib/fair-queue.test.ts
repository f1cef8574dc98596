import { describe, expect, it } from 'vitest'
import { FairQueue, QueueFull } from './fair-queue.ts'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A job that finishes when the test says so, recording when it started. */
function gate(started: string[], name: string) {
  let open!: () => void
  const done = new Promise<void>((resolve) => (open = resolve))
  return { job: () => (started.push(name), done), open }
}

describe('fair queue', () => {
  it('serves waiting keys in turn, so one busy key does not hold back another', async () => {
    const queue = new FairQueue({ maxRunning: 1, maxPerKey: 100, maxWaiting: { all: 100 } })
    const started: string[] = []
    const gates = Array.from({ length: 6 }, (_, i) => gate(started, `a${i}`))
    const runs = gates.map((g) => queue.run('a', 'all', g.job))
    const b = gate(started, 'b')
    const runB = queue.run('b', 'all', b.job)
    expect(started).toEqual(['a0'])
    gates[0]!.open()
    await runs[0]
    await settle()
    // b arrived after five more of a's, yet goes next.
    expect(started).toEqual(['a0', 'b'])
    b.open()
    await runB
    for (const g of gates) g.open()
    await Promise.all(runs)
    expect(started).toEqual(['a0', 'b', 'a1', 'a2', 'a3', 'a4', 'a5'])
  })

  it('refuses at once beyond a key’s share and beyond the waiting room, and frees them after', async () => {
    const queue = new FairQueue({ maxRunning: 1, maxPerKey: 2, maxWaiting: { all: 2 } })
    const started: string[] = []
    const a = [gate(started, 'a0'), gate(started, 'a1')]
    const runs = a.map((g) => queue.run('a', 'all', g.job))
    await expect(queue.run('a', 'all', async () => 'x')).rejects.toEqual(new QueueFull('key'))
    const b = gate(started, 'b0')
    runs.push(queue.run('b', 'all', b.job))
    // One runs, two wait: the room is full for every key.
    await expect(queue.run('c', 'all', async () => 'x')).rejects.toMatchObject({ scope: 'lane' })
    for (const g of [...a, b]) g.open()
    await Promise.all(runs)
    expect(await queue.run('a', 'all', async () => 'after')).toBe('after')
  })

  it('counts a job against its key while it arrives, without holding a slot', async () => {
    const queue = new FairQueue({ maxRunning: 1, maxPerKey: 1, maxWaiting: { all: 1 } })
    const started: string[] = []
    const arriving = gate([], 'body')
    const a = gate(started, 'a')
    const runA = queue.run('a', 'all', a.job, arriving.job)
    // Still arriving: the key's share is taken, the slot is not.
    await expect(queue.run('a', 'all', async () => 'x')).rejects.toMatchObject({ scope: 'key' })
    expect(await queue.run('b', 'all', async () => 'b ran')).toBe('b ran')
    expect(started).toEqual([])
    arriving.open()
    await settle()
    expect(started).toEqual(['a'])
    a.open()
    await runA
  })

  it('serves an earlier lane first, and a full later lane refuses nobody in an earlier one', async () => {
    const queue = new FairQueue({
      maxRunning: 1,
      maxPerKey: 2,
      maxWaiting: { trusted: 2, untrusted: 3 },
    })
    const started: string[] = []
    // A flood from many keys fills the untrusted lane's room...
    const flood = Array.from({ length: 4 }, (_, i) => gate(started, `flood${i}`))
    const runs = flood.map((g, i) => queue.run(`x${i}`, 'untrusted', g.job))
    await expect(queue.run('x9', 'untrusted', async () => 'x')).rejects.toMatchObject({
      scope: 'lane',
    })
    // ...and the trusted still queue, and go before every flood job waiting.
    const owner = gate(started, 'owner')
    runs.push(queue.run('o', 'trusted', owner.job))
    expect(queue.waiting).toBe(4)
    for (const g of [...flood, owner]) g.open()
    await Promise.all(runs)
    expect(started).toEqual(['flood0', 'owner', 'flood1', 'flood2', 'flood3'])
  })

  it('keeps going when a job fails', async () => {
    const queue = new FairQueue({ maxRunning: 1, maxPerKey: 1, maxWaiting: { all: 1 } })
    await expect(queue.run('a', 'all', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    )
    expect(await queue.run('a', 'all', async () => 1)).toBe(1)
  })
})
