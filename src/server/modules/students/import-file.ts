import type { ErrorCode } from '../../../shared/errors/catalogue.ts'
import type { ErrorValues } from '../../../shared/schemas/api-error.ts'
import type { Context } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { ApiException, badRequest, serverBusy } from '../../lib/errors.ts'
import { QueueFull } from '../../lib/fair-queue.ts'
import { ThreadFailed, ThreadPool } from '../../lib/thread-pool.ts'
import type { UploadRequest } from './import-read-worker.ts'
import { maxUnpackedBytes } from './import-sheet.ts'

/** A spreadsheet as read: its heading row and the rows below it, with their row numbers. */
export interface Sheet {
  headers: string[]
  rows: { line: number; cells: string[] }[]
}

/** A file refused as a whole: 422 with the code, also named on the `file` field. */
export const fileRefusal = (code: ErrorCode, values?: ErrorValues) =>
  new ApiException(422, code, values, { fields: { file: [{ code, ...(values && { values }) }] } })

/** An upload as read: the file's name and sha256, and its sheet. */
interface Upload {
  name: string
  sha256: string
  sheet: Sheet
}

type Answer =
  | { upload: Upload }
  | { refused: { code: ErrorCode; values?: ErrorValues } }
  | { malformed: true }
  | { failed: string }

/**
 * Uploads are parsed and read on worker threads (import-read-worker.ts), so the server answers
 * other requests meanwhile: two at once; up to four more wait their turn, fairly between
 * institutes and at most two of one institute's in flight (counted from when their bodies start
 * arriving, so a third is refused before its bytes take memory); past that the upload is
 * refused with 429 `server_busy` and Retry-After. A thread's heap is capped, so even a file
 * that escaped the reader's limits cannot take the server's memory.
 */
const readers = new ThreadPool<UploadRequest, Answer>(
  new URL('./import-read-worker.ts', import.meta.url),
  {
    maxThreads: 2,
    maxPerKey: 2,
    maxWaiting: 4,
    idleMs: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  },
)

/** Seconds a refused upload is told to wait: a file is read within a second or two. */
const retryAfterSeconds = 5

/**
 * The request's uploaded file (the `file` field of a multipart body; CSV or XLSX, by its
 * content: import-read.ts) and its first sheet. Only the body's bytes are taken on the request's
 * thread: parsing, hashing and reading happen off it. Refuses with a 422 what cannot be imported
 * as a whole; the caller's institute shares the readers fairly with others.
 */
export async function uploadedSheet(c: Context<AppEnv>): Promise<Upload> {
  const contentType = c.req.header('content-type') ?? ''
  if (contentType.split(';')[0]?.trim().toLowerCase() !== 'multipart/form-data') {
    throw fileRefusal('import_file_missing')
  }
  let answer: Answer
  try {
    answer = await readers.run(c.var.auth.instituteId, async () => {
      const body = new Uint8Array(await c.req.arrayBuffer())
      return [{ contentType, body }, [body.buffer]]
    })
  } catch (err) {
    if (err instanceof QueueFull) throw serverBusy(retryAfterSeconds)
    // Out of memory: what a file that unpacks to too much would do.
    if (err instanceof ThreadFailed && err.outOfMemory) {
      throw fileRefusal('import_file_unpacked_too_large', { max: maxUnpackedBytes / 1024 / 1024 })
    }
    throw err
  }
  if ('upload' in answer) return answer.upload
  if ('refused' in answer) throw fileRefusal(answer.refused.code, answer.refused.values)
  if ('malformed' in answer) throw badRequest('malformed_body')
  throw new Error(`reading an import failed: ${answer.failed}`)
}
