import { randomUUID } from 'node:crypto'
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { jobs } from '../../db/schema/jobs.ts'
import { conflict } from '../errors.ts'
import { errorDetail, type Logger } from '../logger.ts'
import { englishText } from '../messages.ts'
import { parseOrThrow } from '../validate.ts'
import { JobError, type JobContext, type JobKind, type StepOutcome } from './job-kind.ts'
import { rowKey } from '../../db/tenant-rows.ts'

export type JobRow = typeof jobs.$inferSelect

export interface RunnerOptions {
  /** This runner's name in `locked_by`; one per process. */
  workerId?: string
  /** How long a claimed job stays this runner's without a step renewing it. */
  leaseMs?: number
  /** How often a started runner looks for due jobs (enqueue also wakes it). */
  pollMs?: number
  /** The wait before retry number `attempt` of a failed run. */
  backoffMs?: (attempt: number) => number
}

interface EnqueueRequest {
  instituteId: string
  kind: string
  /** Unique per institute and kind: enqueueing the same key again answers the same job. */
  key: string
  params: unknown
  createdBy?: string | null
}

// How a step ends a run early; none of them is the handler's failure.
class LeaseLost extends Error {}
class Cancelled extends Error {}
class Paused extends Error {}

type AnyJobKind = JobKind<unknown, unknown, unknown>

const seconds = (ms: number) => sql`(${ms / 1000}::double precision * interval '1 second')`

/**
 * Claims due jobs from the `jobs` table (FOR UPDATE SKIP LOCKED, so several processes on one
 * PostgreSQL share the work) and runs them by their kind's handler. A claim holds a lease that
 * every step renews; a lease that ran out means its runner died, and the job is claimed again
 * from its checkpoint, or fails as 'job_interrupted' once its attempts are used up.
 *
 * The server starts it (`start`/`stop`); tests drive it with `runOnce`/`drain`.
 */
export class JobRunner {
  readonly workerId: string
  private readonly kinds = new Map<string, AnyJobKind>()
  private readonly leaseMs: number
  private readonly pollMs: number
  private readonly backoffMs: (attempt: number) => number
  private timer: ReturnType<typeof setInterval> | undefined
  private loop: Promise<void> | undefined
  private stopping = false
  private failures = 0
  private restingUntil = 0

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    options: RunnerOptions = {},
  ) {
    this.workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`
    this.leaseMs = options.leaseMs ?? 5 * 60_000
    this.pollMs = options.pollMs ?? 2_000
    this.backoffMs = options.backoffMs ?? ((attempt) => Math.min(10_000 * 2 ** attempt, 600_000))
  }

  /** Makes a kind runnable and visible through the API; each kind once. */
  register<P, C, R>(kind: JobKind<P, C, R>): void {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind ${kind.kind} is registered twice`)
    this.kinds.set(kind.kind, kind as unknown as AnyJobKind)
  }

  kind(name: string): AnyJobKind | undefined {
    return this.kinds.get(name)
  }

  registeredKinds(): AnyJobKind[] {
    return [...this.kinds.values()]
  }

  /**
   * Adds a job in the caller's transaction (with its audit row). The same key again answers
   * the job it already names; with other parameters it is a 409 `job_key_reused`.
   */
  async enqueue(tx: Db, request: EnqueueRequest): Promise<{ job: JobRow; created: boolean }> {
    const kind = this.kinds.get(request.kind)
    if (!kind) throw new Error(`job kind ${request.kind} is not registered`)
    const params = parseOrThrow(kind.params, request.params) as object
    const where = and(
      eq(jobs.instituteId, request.instituteId),
      eq(jobs.kind, request.kind),
      eq(jobs.key, request.key),
    )
    const [created] = await tx
      .insert(jobs)
      .values({
        instituteId: request.instituteId,
        kind: request.kind,
        key: request.key,
        params,
        maxAttempts: kind.maxAttempts ?? 3,
        createdBy: request.createdBy ?? null,
      })
      .onConflictDoNothing({ target: [jobs.instituteId, jobs.kind, jobs.key] })
      .returning()
    if (created) {
      // After the caller's commit, most likely; a poll finds it otherwise.
      if (this.timer) setTimeout(() => this.wake(), 0)
      return { job: created, created: true }
    }
    const [existing] = await tx
      .select({ job: jobs, same: sql<boolean>`${jobs.params} = ${JSON.stringify(params)}::jsonb` })
      .from(jobs)
      .where(where)
    if (!existing) throw new Error('a job key conflicted but its job is gone')
    if (!existing.same) throw conflict('job_key_reused')
    return { job: existing.job, created: false }
  }

  /** Claims one due job and runs it to its end (or its next stop); false when none was due. */
  async runOnce(): Promise<boolean> {
    const job = await this.claim()
    if (!job) return false
    await this.execute(job)
    return true
  }

  /** Runs due jobs until none is left; answers how many runs there were. */
  async drain(): Promise<number> {
    let runs = 0
    while (!this.stopping && (await this.runOnce())) runs++
    return runs
  }

  /** Looks for due jobs now and every `pollMs`, until `stop`. */
  start(): void {
    if (this.timer) return
    this.stopping = false
    this.timer = setInterval(() => this.wake(), this.pollMs)
    this.timer.unref()
    this.wake()
  }

  /**
   * Stops looking for jobs; a job under way stops at its next step and goes back to the queue
   * with its checkpoint (that run is not counted), so the next start resumes it.
   */
  async stop(): Promise<void> {
    this.stopping = true
    clearInterval(this.timer)
    this.timer = undefined
    await this.loop
  }

  private wake() {
    if (Date.now() < this.restingUntil) return
    this.loop ??= this.drain()
      .then(
        () => {
          this.failures = 0
        },
        (err: unknown) => {
          // The database away (a restart, a failover): looked at again later and later, up to
          // a minute apart, instead of failing every poll; the first success resets it.
          this.failures++
          const retryInMs = Math.min(this.pollMs * 2 ** this.failures, 60_000)
          this.restingUntil = Date.now() + retryInMs
          this.log.error('job runner failed', { err: errorDetail(err), retryInMs })
        },
      )
      .finally(() => {
        this.loop = undefined
      })
  }

  private async claim(): Promise<JobRow | undefined> {
    const kinds = [...this.kinds.keys()]
    if (!kinds.length) return undefined
    return this.db.transaction(async (tx) => {
      await this.sweep(tx, kinds)
      const [due] = await tx
        .select({ instituteId: jobs.instituteId, id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, kinds),
            or(
              and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
              // Its runner died (the lease ran out): resumed from its checkpoint.
              and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)),
            ),
          ),
        )
        .orderBy(jobs.runAt, jobs.createdAt)
        .limit(1)
        .for('update', { skipLocked: true })
      if (!due) return undefined
      const [claimed] = await tx
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedBy: this.workerId,
          lockedUntil: sql`now() + ${seconds(this.leaseMs)}`,
          startedAt: sql`coalesce(${jobs.startedAt}, now())`,
        })
        .where(rowKey(jobs, due.instituteId, due.id))
        .returning()
      return claimed
    })
  }

  /** Jobs whose runner died with no attempts left fail; those being cancelled are cancelled. */
  private async sweep(tx: Db, kinds: string[]) {
    const expired = and(inArray(jobs.kind, kinds), lt(jobs.lockedUntil, sql`now()`))
    const interrupted = await tx
      .update(jobs)
      .set({
        status: 'failed',
        errorCode: 'job_interrupted',
        errorValues: null,
        errorMessage: englishText('job_interrupted'),
        finishedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(and(expired, eq(jobs.status, 'running'), sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
      .returning({ id: jobs.id })
    await tx
      .update(jobs)
      .set({ status: 'cancelled', finishedAt: sql`now()`, lockedBy: null, lockedUntil: null })
      .where(and(expired, eq(jobs.status, 'cancelling')))
    for (const { id } of interrupted) this.log.warn('job interrupted', { jobId: id })
  }

  private async execute(job: JobRow) {
    const kind = this.kinds.get(job.kind)!
    let checkpoint: unknown = job.checkpoint ?? undefined
    const mine = and(rowKey(jobs, job.instituteId, job.id), eq(jobs.lockedBy, this.workerId))
    const ctx: JobContext<unknown, unknown> = {
      jobId: job.id,
      instituteId: job.instituteId,
      createdBy: job.createdBy,
      params: job.params,
      attempt: job.attempts,
      db: this.db,
      get checkpoint() {
        return checkpoint
      },
      step: async (batch: (tx: Db) => Promise<StepOutcome<unknown>>) => {
        checkpoint = await this.db.transaction(async (tx) => {
          // The row lock also waits out a cancel request being written.
          const [row] = await tx
            .select({ status: jobs.status, lockedBy: jobs.lockedBy })
            .from(jobs)
            .where(rowKey(jobs, job.instituteId, job.id))
            .for('update')
          if (row?.lockedBy !== this.workerId) throw new LeaseLost()
          if (row.status === 'cancelling') throw new Cancelled()
          if (this.stopping) throw new Paused()
          const outcome = await batch(tx)
          await tx
            .update(jobs)
            .set({
              checkpoint: outcome.checkpoint ?? null,
              progressDone: outcome.done,
              ...(outcome.total !== undefined && { progressTotal: outcome.total }),
              lockedUntil: sql`now() + ${seconds(this.leaseMs)}`,
            })
            .where(rowKey(jobs, job.instituteId, job.id))
          return outcome.checkpoint
        })
        return checkpoint
      },
      isCancelled: async () => {
        const [row] = await this.db
          .select({ status: jobs.status })
          .from(jobs)
          .where(rowKey(jobs, job.instituteId, job.id))
        return row?.status !== 'running'
      },
    }
    let result: unknown
    try {
      result = await kind.run(ctx)
    } catch (err) {
      await this.settleFailure(job, err)
      return
    }
    // Asked to cancel after its last step: it did all its work, but ends as the user asked.
    await this.db
      .update(jobs)
      .set({
        status: sql`case when ${jobs.status} = 'cancelling' then 'cancelled' else 'succeeded' end`,
        result: result ?? null,
        errorCode: null,
        errorValues: null,
        errorMessage: null,
        finishedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(mine)
  }

  private async settleFailure(job: JobRow, err: unknown) {
    const mine = and(rowKey(jobs, job.instituteId, job.id), eq(jobs.lockedBy, this.workerId))
    const released = { lockedBy: null, lockedUntil: null }
    if (err instanceof LeaseLost) {
      this.log.warn('job lease lost', { jobId: job.id })
      return
    }
    if (err instanceof Paused) {
      await this.db
        .update(jobs)
        .set({ ...released, status: 'queued', attempts: sql`${jobs.attempts} - 1` })
        .where(mine)
      return
    }
    const ended = { ...released, finishedAt: sql`now()` }
    if (err instanceof Cancelled) {
      await this.db
        .update(jobs)
        .set({ ...ended, status: 'cancelled' })
        .where(mine)
      return
    }
    const refusal = err instanceof JobError
    if (!refusal)
      this.log.error('job failed', { jobId: job.id, kind: job.kind, err: errorDetail(err) })
    const error = refusal
      ? { errorCode: err.code, errorValues: err.values ?? null, errorMessage: err.message }
      : { errorCode: 'job_failed', errorValues: null, errorMessage: englishText('job_failed') }
    const retry = !refusal && job.attempts < job.maxAttempts
    // Failing while asked to cancel ends it cancelled either way.
    const cancelling = sql`${jobs.status} = 'cancelling'`
    await this.db
      .update(jobs)
      .set({
        ...error,
        ...released,
        status: retry
          ? sql`case when ${cancelling} then 'cancelled' else 'queued' end`
          : sql`case when ${cancelling} then 'cancelled' else 'failed' end`,
        finishedAt: retry ? sql`case when ${cancelling} then now() end` : sql`now()`,
        ...(retry && { runAt: sql`now() + ${seconds(this.backoffMs(job.attempts))}` }),
      })
      .where(mine)
  }
}
