import type * as v from 'valibot'
import type { ErrorCode } from '../../../shared/errors/catalogue.ts'
import type { Permission } from '../../../shared/permissions/catalogue.ts'
import type { Db } from '../../db/client.ts'
import { englishText } from '../messages.ts'

/** What a batch did: the checkpoint to resume from, and the progress to show. */
export interface StepOutcome<C> {
  checkpoint: C
  done: number
  /** How much there is in all, once known; left out, the stored total stays. */
  total?: number | null
}

/** What a job's handler is given to do its work. */
export interface JobContext<P, C> {
  readonly jobId: string
  readonly instituteId: string
  readonly createdBy: string | null
  readonly params: P
  /** Where the last committed batch left off; undefined before the first one. */
  readonly checkpoint: C | undefined
  /** 1 on the first run, 2 on the first retry or resumption… */
  readonly attempt: number
  /**
   * Runs one batch in a transaction that also saves its checkpoint and progress and renews the
   * job's lease: all of it commits, or none. Before the batch it checks the job is still this
   * runner's and not being cancelled (then the handler is stopped, nothing of the batch done).
   * Answers the new checkpoint.
   */
  step(batch: (tx: Db) => Promise<StepOutcome<C>>): Promise<C>
  /**
   * The database outside any step, for work that must not hold a transaction open: a call to
   * another system (a gateway's status API) between steps. Such work is not undone by a failed
   * step, so it must be safe to repeat.
   */
  readonly db: Db
  /** Whether someone asked to cancel the job (a step checks this by itself). */
  isCancelled(): Promise<boolean>
}

/**
 * A kind of background job, registered by its area at app composition. `run` must be safe to
 * run again from any committed checkpoint (a retry or a resumption after a crash does that),
 * and returns the job's result: a small JSON summary the API shows.
 */
export interface JobKind<P = unknown, C = unknown, R = unknown> {
  kind: string
  /** Who may see the kind's jobs (read) and cancel them (create, the right to start one). */
  subject: Permission
  /**
   * Jobs started under `read` (a report's export: its rows are what its starter may see) are
   * their starter's alone: only they see them, and cancel them under `read`.
   */
  startersOwn?: boolean
  /** The parameters enqueue takes: refused with a 422 naming the field when they do not fit. */
  params: v.GenericSchema<unknown, P>
  /** Runs in all, first run, retries and resumptions included; 3 unless given. */
  maxAttempts?: number
  run(ctx: JobContext<P, C>): Promise<R>
}

/**
 * A failure a retry cannot mend (the data refuses the work): the job fails at once with this
 * catalogue code, shown to the user in their language.
 */
export class JobError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly values?: Record<string, string | number>,
  ) {
    super(englishText(code, values))
  }
}
