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
    const queue = new FairQueue({ maxRunning: 1, maxPerKey: 100, maxWaiting: 100 })
    const started: string[] = []
    const gates = Array.from({ length: 6 }, (_, i) => gate(started, `a${i}`))
    const runs = gates.map((g) => queue.run('a', g.job))
    const b = gate(started, 'b')
    const runB = queue.run('b', b.job)
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
    const queue = new FairQueue({ maxRunning: 1, maxPerKey: 2, maxWaiting: 2 })
    const started: string[] = []
    const a = [gate(started, 'a0'), gate(started, 'a1')]
    const runs = a.map((g) => queue.run('a', g.job))
    await expect(queue.run('a', async () => 'x')).rejects.toEqual(new QueueFull('key'))
    const b = gate(started, 'b0')
    runs.push(queue.run('b', b.job))
    // One runs, two wait: the room is full for every key.
    await expect(queue.run('c', async () => 'x')).rejects.toMatchObject({ scope: 'all' })
    for (const g of [...a, b]) g.open()
    await Promise.all(runs)
    expect(await queue.run('a', async () => 'after')).toBe('after')
  })

  it('keeps going when a job fails', async () => {
    const queue = new FairQueue({ maxRunning: 1, maxPerKey: 1, maxWaiting: 1 })
    await expect(queue.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await queue.run('a', async () => 1)).toBe(1)
  })
})
