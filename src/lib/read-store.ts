import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query'
import { subscribe } from 'valtio'
import * as v from 'valibot'
import type { GuardedPath } from '../shared/permissions/route-access.ts'
import { api } from './api.ts'
import { queryHashOf } from './query-client.ts'
import { readStoreState } from './read-store-state.ts'
import { readThrough } from './read-through.ts'
import { session } from './session.ts'
import { currentInstitute } from './working-institute.ts'

/*
 * The offline read store, in the query layer: every staff read is a TanStack query whose
 * function is `storedRead(...).queryFn`. It answers from the server when the server answers
 * within a few seconds (and keeps that answer on the device), else from the device's copy with
 * the time it was fetched, else with `NotAvailableOffline`, which the page shows in place.
 *
 * Why the query layer and not the service worker: only the page knows who is signed in, in
 * which institute, what shape an answer must have and which queries are on screen (for the
 * "shown as it was on …" banner and for refreshing them when the network returns); a worker
 * caching responses would key them by URL and bearer token, could not tell a user's copies
 * apart to wipe them, and would hand pages stale answers without saying so.
 */

/** The server's time to answer before the stored copy is shown instead. */
const slowAfterMs = 4000

const store = () => import('./stored-reads.ts')

/**
 * A staff read for `queryOptions`: `path` below /api/ (with its parameters), the shared schema
 * of the answer and the route that shows it.
 */
export function storedRead<S extends v.GenericSchema>(
  path: string,
  schema: S,
  screen: GuardedPath,
) {
  return {
    queryFn: (ctx: QueryFunctionContext) => readStored(ctx, path, schema, screen),
    meta: { storedRead: true },
  }
}

async function readStored<S extends v.GenericSchema>(
  ctx: QueryFunctionContext,
  path: string,
  schema: S,
  screen: GuardedPath,
): Promise<v.InferOutput<S>> {
  startReadStoreSync(ctx.client)
  const user = session.userData()
  const userId = user?.id ?? ''
  // The institute worked in: a platform admin's chosen one never shares another's copies.
  const instituteId = currentInstitute()?.id ?? ''
  const reads = await store()
  const key = reads.storeKey(userId, instituteId, path)
  const outcome = await readThrough(
    {
      online: () => navigator.onLine,
      state: readStoreState,
      slowAfterMs,
      load: () => reads.loadRead(key),
      save: (data) => reads.saveRead({ key, userId, instituteId, screen, path, data }),
      fetch: () => api.get(path, { signal: ctx.signal }).json(),
    },
    (raw) => v.parse(schema, raw),
  )
  const hash = queryHashOf(ctx.queryKey)
  if (outcome.storedAt === undefined) delete readStoreState.served[hash]
  else readStoreState.served[hash] = outcome.storedAt
  outcome.late?.then(
    (data) => {
      // Signed out (or someone else signed in) meanwhile: the answer is not theirs to see.
      if (session.userData()?.id !== userId) return
      ctx.client.setQueryData(ctx.queryKey, data)
      delete readStoreState.served[hash]
    },
    () => undefined,
  )
  return outcome.data
}

/** Pinned copies are fetched again whenever the app is online, whether shown or not. */
async function refreshPinned() {
  const user = session.userData()
  if (!user || !navigator.onLine) return
  const reads = await store()
  const instituteId = currentInstitute()?.id ?? ''
  for (const pin of await reads.pinnedReads(user.id, instituteId)) {
    const path = pin.params ? `${pin.endpoint}?${pin.params}` : pin.endpoint
    try {
      const data = await api.get(path).json()
      await reads.saveRead({
        key: pin.key,
        userId: user.id,
        instituteId,
        screen: pin.screen,
        path,
        data,
      })
    } catch {
      return
    }
  }
}

const firstProbeMs = 5_000
const lastProbeMs = 60_000

let syncing = false

/**
 * Started by the first stored read. While stored copies are on screen: back online → read them
 * again at once; a server that did not answer while the network looked up → ask again after
 * 5 s, 10 s, 20 s … at most every minute, never while the browser is offline.
 */
function startReadStoreSync(queryClient: QueryClient) {
  if (syncing) return
  syncing = true
  let wait = firstProbeMs
  let timer: ReturnType<typeof setTimeout> | undefined
  const servedOnScreen = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .some((q) => q.isActive() && q.queryHash in readStoreState.served)
  const refetchServed = () =>
    queryClient.refetchQueries({
      type: 'active',
      predicate: (q) => q.queryHash in readStoreState.served,
    })
  const schedule = () => {
    if (timer || !navigator.onLine || Object.keys(readStoreState.served).length === 0) return
    timer = setTimeout(() => {
      timer = undefined
      if (!servedOnScreen()) return schedule()
      wait = Math.min(wait * 2, lastProbeMs)
      void refetchServed().finally(schedule)
    }, wait)
  }
  subscribe(readStoreState, () => {
    if (Object.keys(readStoreState.served).length === 0) wait = firstProbeMs
    schedule()
  })
  window.addEventListener('online', () => {
    readStoreState.unreachable = false
    wait = firstProbeMs
    void refetchServed()
    void refreshPinned()
  })
  window.addEventListener('offline', () => {
    clearTimeout(timer)
    timer = undefined
  })
  // Queries gone from the cache no longer count as on screen.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') delete readStoreState.served[event.query.queryHash]
  })
  void refreshPinned()
}
