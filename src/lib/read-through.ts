import { httpStatus } from './http-error.ts'

/*
 * How a staff read meets the network, apart from where its copies are kept (read-store.ts):
 * the server's answer when it comes in time, else the copy stored on this device with the time
 * it was fetched, else a plain "not available offline". Nothing here retries: a read is one
 * request at most, and none while the browser knows it is offline.
 */

/** A stored answer, as the server gave it, with when it was fetched. */
export interface StoredCopy {
  raw: unknown
  fetchedAt: number
}

export interface ReadThroughDeps {
  online(): boolean
  /** `unreachable`: earlier reads found no server, so a stored copy is shown at once. */
  state: { unreachable: boolean }
  /** How long the server may take before a stored copy is shown instead (milliseconds). */
  slowAfterMs: number
  load(): Promise<StoredCopy | undefined>
  save(raw: unknown): Promise<void>
  fetch(): Promise<unknown>
}

interface ReadOutcome<T> {
  data: T
  /** Set when the data is a stored copy: the time it was fetched. */
  storedAt?: number
  /** The server's answer still on its way after a stored copy was shown. */
  late?: Promise<T>
}

/** The data of a screen that was never read on this device, when the server cannot answer. */
export class NotAvailableOffline extends Error {
  override name = 'NotAvailableOffline'
}

export const isNotAvailableOffline = (err: unknown): err is NotAvailableOffline =>
  (err as { name?: unknown } | null)?.name === 'NotAvailableOffline'

/** No answer at all, as opposed to an answer that refuses (403, 404, 422 …). */
export function isUnreachable(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name
  if (name === 'NetworkError' || name === 'TimeoutError' || err instanceof TypeError) return true
  const status = httpStatus(err)
  return status === 502 || status === 504
}

/** A failed read is tried once more only when the server failed (500): never in a loop. */
export const shouldRetryRead = (failures: number, err: unknown) =>
  failures < 1 && !isUnreachable(err) && (httpStatus(err) ?? 0) >= 500

const delay = (ms: number) => new Promise<'slow'>((resolve) => setTimeout(resolve, ms, 'slow'))

export async function readThrough<T>(
  deps: ReadThroughDeps,
  parse: (raw: unknown) => T,
): Promise<ReadOutcome<T>> {
  // A copy that no longer fits the shape (an older release's) counts as none.
  const stored = deps
    .load()
    .then((copy) => (copy ? { data: parse(copy.raw), storedAt: copy.fetchedAt } : undefined))
    .catch(() => undefined)
  const fromStore = async (cause?: unknown): Promise<ReadOutcome<T>> => {
    const copy = await stored
    if (copy) return copy
    throw new NotAvailableOffline('not stored on this device', { cause })
  }
  if (!deps.online()) return fromStore()

  const network = deps.fetch().then(async (raw) => {
    const data = parse(raw)
    deps.state.unreachable = false
    // Kept before it is shown, so a reload at once still finds it (a full storage only costs
    // the copy, not the screen).
    await deps.save(raw).catch(() => undefined)
    return data
  })
  const failed = (err: unknown): Promise<ReadOutcome<T>> => {
    if (!isUnreachable(err)) throw err
    deps.state.unreachable = true
    return fromStore(err)
  }
  const first = await Promise.race([
    network.then(
      (data) => ({ data }),
      (error: unknown) => ({ error }),
    ),
    delay(deps.state.unreachable ? 0 : deps.slowAfterMs),
  ])
  if (first !== 'slow') return 'error' in first ? failed(first.error) : { data: first.data }

  const copy = await stored
  if (!copy) return network.then((data) => ({ data }), failed)
  // The stored copy now, the server's answer when it comes; a failure only means no update.
  const late = network.catch((err: unknown) => {
    if (isUnreachable(err)) deps.state.unreachable = true
    throw err
  })
  late.catch(() => undefined)
  return { ...copy, late }
}
