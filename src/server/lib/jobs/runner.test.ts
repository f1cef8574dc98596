import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { jobs } from '../../db/schema/jobs.ts'
import { institutes } from '../../db/schema/institutes.ts'
import {
  countingKind,
  createJobTestTable,
  gate,
  rowsOf,
  type CountingHooks,
} from '../../test-support/jobs.ts'
import { createTestApp, type TestApp } from '../../test-support/test-app.ts'
import { createLogger } from '../logger.ts'
import { JobError } from './job-kind.ts'
import { JobRunner } from './runner.ts'

describe('the job runner', () => {
  let t: TestApp
  let instituteId: string
  let hooks: CountingHooks
  const log = createLogger('silent')
  /** A runner of its own process, the test kind registered, retries without a wait. */
  const runner = (workerId: string) => {
    const r = new JobRunner(t.database.db, log, { workerId, backoffMs: () => 0 })
    r.register(countingKind(hooks))
    return r
  }
  const enqueue = (r: JobRunner, key: string, params: unknown = { count: 10 }) =>
    r.enqueue(t.database.db, { instituteId, kind: 'test-count', key, params })
  const jobRow = async (id: string) =>
    (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!

  beforeAll(async () => {
    t = await createTestApp()
    await createJobTestTable(t)
    const [demo] = await t.database.db
      .select()
      .from(institutes)
      .where(eq(institutes.slug, 'demo-school'))
    instituteId = demo!.id
  })
  afterAll(() => t.database.close())
  beforeEach(() => {
    hooks = { startedFrom: [] }
  })

  it('enqueues once per key: the same key answers the same job, other params a 409', async () => {
    const r = runner('a')
    const first = await enqueue(r, 'import-1')
    const again = await enqueue(r, 'import-1')
    expect(first.created).toBe(true)
    expect(again).toMatchObject({ created: false, job: { id: first.job.id } })
    await expect(enqueue(r, 'import-1', { count: 11 })).rejects.toMatchObject({
      status: 409,
      code: 'job_key_reused',
    })
    await expect(enqueue(r, 'import-bad', { count: 0 })).rejects.toMatchObject({
      status: 422,
      extra: { fields: { count: [{ code: 'too_small' }] } },
    })
    expect(await r.drain()).toBe(1)
    expect(await jobRow(first.job.id)).toMatchObject({
      status: 'succeeded',
      result: { written: 10 },
      progressDone: 10,
      progressTotal: 10,
      attempts: 1,
    })
    expect(await rowsOf(t.database.db, first.job.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    // Enqueued again after it finished: still the same, finished job.
    expect((await enqueue(r, 'import-1')).job).toMatchObject({ status: 'succeeded' })
  })

  it('keeps all of a batch or none of it, and retries from the last checkpoint', async () => {
    const r = runner('a')
    let failures = 1
    hooks.failInBatch = (next) => next === 3 && failures-- > 0
    const { job } = await enqueue(r, 'atomic')
    expect(await r.runOnce()).toBe(true)
    // The second batch wrote rows 3..5 and threw: none of them stayed, nor its checkpoint.
    expect(await rowsOf(t.database.db, job.id)).toEqual([0, 1, 2])
    expect(await jobRow(job.id)).toMatchObject({
      status: 'queued',
      checkpoint: { next: 3 },
      progressDone: 3,
      errorCode: 'job_failed',
      attempts: 1,
    })
    await r.drain()
    expect(hooks.startedFrom).toEqual([undefined, 3])
    expect(await jobRow(job.id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      errorCode: null,
    })
    expect(await rowsOf(t.database.db, job.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('fails after its last attempt, and at once on a JobError', async () => {
    const r = runner('a')
    hooks.failInBatch = () => true
    const { job } = await enqueue(r, 'always-failing')
    expect(await r.drain()).toBe(3)
    expect(await jobRow(job.id)).toMatchObject({ status: 'failed', errorCode: 'job_failed' })
    expect(await rowsOf(t.database.db, job.id)).toEqual([])

    const refusing = new JobRunner(t.database.db, log, { backoffMs: () => 0 })
    refusing.register({
      ...countingKind(hooks, 'test-refusing'),
      run: () => Promise.reject(new JobError('too_big', { max: 5 })),
    })
    const refused = await refusing.enqueue(t.database.db, {
      instituteId,
      kind: 'test-refusing',
      key: 'r',
      params: { count: 9 },
    })
    expect(await refusing.drain()).toBe(1)
    expect(await jobRow(refused.job.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      errorCode: 'too_big',
      errorValues: { max: 5 },
      errorMessage: 'At most 5.',
    })
  })

  it('resumes a job whose process died from its checkpoint, in another process', async () => {
    const crashed = runner('crashed')
    const stuck = gate()
    hooks.beforeBatch = (next) => (next === 3 ? stuck.opened : undefined)
    const { job } = await enqueue(crashed, 'crash')
    // The first process stops for good after its first batch (its lease still runs).
    const dead = crashed.runOnce()
    await expect.poll(async () => (await jobRow(job.id)).progressDone).toBe(3)
    const survivor = runner('survivor')
    expect(await survivor.drain()).toBe(0)
    // Its lease runs out: the next process takes the job over from where it was.
    await t.database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job.id))
    hooks.beforeBatch = undefined
    expect(await survivor.drain()).toBe(1)
    expect(hooks.startedFrom).toEqual([undefined, 3])
    expect(await jobRow(job.id)).toMatchObject({ status: 'succeeded', attempts: 2 })
    // The first process, woken, finds the job is no longer its own and writes nothing.
    stuck.open()
    await dead
    expect(await rowsOf(t.database.db, job.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(await jobRow(job.id)).toMatchObject({ status: 'succeeded', lockedBy: null })
  })

  it('marks a job interrupted once a crash used up its attempts', async () => {
    const r = runner('a')
    const { job } = await enqueue(r, 'interrupted')
    await t.database.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 3,
        lockedBy: 'gone',
        lockedUntil: sql`now() - interval '1 second'`,
        checkpoint: { next: 3 },
      })
      .where(eq(jobs.id, job.id))
    expect(await r.drain()).toBe(0)
    expect(await jobRow(job.id)).toMatchObject({
      status: 'failed',
      errorCode: 'job_interrupted',
      lockedBy: null,
    })
    expect((await jobRow(job.id)).finishedAt).toBeInstanceOf(Date)
  })

  it('when stopped, hands a job under way back to the queue, to resume on the next start', async () => {
    const r = runner('a')
    const paused = gate()
    hooks.beforeBatch = (next) => (next === 3 ? paused.opened : undefined)
    const { job } = await enqueue(r, 'stopped')
    r.start()
    await expect.poll(async () => (await jobRow(job.id)).progressDone).toBe(3)
    const stopped = r.stop()
    paused.open()
    await stopped
    expect(await jobRow(job.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      checkpoint: { next: 3 },
      lockedBy: null,
    })
    expect(await rowsOf(t.database.db, job.id)).toEqual([0, 1, 2])
    hooks.beforeBatch = undefined
    expect(await runner('next-start').drain()).toBe(1)
    expect(hooks.startedFrom).toEqual([undefined, 3])
    expect(await jobRow(job.id)).toMatchObject({ status: 'succeeded', attempts: 1 })
  })
})
