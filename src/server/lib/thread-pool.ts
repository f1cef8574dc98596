import { createRequire } from 'node:module'
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads'
import { FairQueue } from './fair-queue.ts'

/** The worker thread stopped before answering: it ran out of memory, or crashed. */
export class ThreadFailed extends Error {
  constructor(
    message: string,
    readonly outOfMemory: boolean,
  ) {
    super(message)
  }
}

// A worker thread does not inherit the server's `--import tsx` (nor Vitest's transform): it
// registers tsx's loader itself before importing its TypeScript entry.
const tsx = createRequire(import.meta.url).resolve('tsx/esm/api')
const bootstrap = (entry: URL) =>
  `import(${JSON.stringify(tsx)}).then((api) => { (api.register ?? api.default.register)(); ` +
  `return import(${JSON.stringify(entry.href)}) })`

interface ThreadPoolOptions {
  /** Threads working at once; each job waits for one (FairQueue: fair between keys). */
  maxThreads: number
  maxPerKey: number
  maxWaiting: number
  /** How long an idle thread is kept for the next job. */
  idleMs: number
  resourceLimits?: ResourceLimits
}

/**
 * Runs jobs on worker threads started from `entry`, a module that answers each message it is
 * posted with one message. At most `maxThreads` run at once; a job past the queue's bounds is
 * refused with QueueFull. A thread that fails is ended; the next job starts another.
 */
export class ThreadPool<In, Out> {
  private readonly queue: FairQueue<'jobs'>
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = []

  constructor(
    private readonly entry: URL,
    private readonly options: ThreadPoolOptions,
  ) {
    this.queue = new FairQueue({
      maxRunning: options.maxThreads,
      maxPerKey: options.maxPerKey,
      maxWaiting: { jobs: options.maxWaiting },
    })
  }

  /**
   * `load` gives the job's input once the key has its share (an upload's body: an institute's
   * third upload is refused before its body is taken) and what of it moves to the thread
   * rather than being copied.
   */
  run(key: unknown, load: () => Promise<[In, Transferable[]]>): Promise<Out> {
    let loaded: [In, Transferable[]] | undefined
    return this.queue.run(
      key,
      'jobs',
      () => this.onThread(...loaded!),
      async () => {
        loaded = await load()
      },
    )
  }

  private onThread(input: In, transfer: Transferable[]) {
    let kept = this.idle.pop()
    // A kept thread that ended by itself meanwhile (its id is then -1) is not used.
    while (kept && kept.worker.threadId === -1) {
      clearTimeout(kept.timer)
      kept = this.idle.pop()
    }
    if (kept) clearTimeout(kept.timer)
    const worker = kept?.worker ?? this.start()
    return new Promise<Out>((resolve, reject) => {
      const answered = (output: Out) => {
        stop()
        this.keep(worker)
        resolve(output)
      }
      const failed = (err?: unknown) => {
        stop()
        void worker.terminate()
        const code = (err as { code?: unknown } | undefined)?.code
        reject(
          new ThreadFailed(
            err instanceof Error ? err.message : 'worker thread exited',
            code === 'ERR_WORKER_OUT_OF_MEMORY',
          ),
        )
      }
      const stop = () => {
        worker.off('message', answered)
        worker.off('error', failed)
        worker.off('exit', failed)
      }
      worker.on('message', answered)
      worker.on('error', failed)
      worker.on('exit', failed)
      worker.postMessage(input, transfer)
    })
  }

  private start() {
    const worker = new Worker(bootstrap(this.entry), {
      eval: true,
      resourceLimits: this.options.resourceLimits,
    })
    // Idle or busy, a thread never keeps the process from exiting.
    worker.unref()
    return worker
  }

  private keep(worker: Worker) {
    const kept = {
      worker,
      timer: setTimeout(() => {
        this.idle.splice(this.idle.indexOf(kept), 1)
        void worker.terminate()
      }, this.options.idleMs).unref(),
    }
    this.idle.push(kept)
  }
}
