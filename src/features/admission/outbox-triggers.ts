/**
 * When the page replays the admission outbox: at app start, when the browser comes back
 * online, right after a submission is queued, and — while the server is the one failing — a
 * little later again. The service worker also replays it on Background Sync.
 */
import { outboxSyncTag, replayOutbox, type ReplayResult } from './outbox.ts'
import type { OutboxStore } from './outbox-store.ts'

interface SyncManager {
  register(tag: string): Promise<void>
}

let running: Promise<ReplayResult | undefined> | undefined
let again = false
let retryTimer: ReturnType<typeof setTimeout> | undefined
let retryDelayMs = 0
const firstRetryMs = 5_000
const lastRetryMs = 60_000

/** Asks the service worker to replay when the browser next has a connection (Chromium). */
async function registerBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration()
  const sync = (registration as { sync?: SyncManager } | undefined)?.sync
  if (registration?.active && sync) await sync.register(outboxSyncTag)
}

function scheduleRetry(result: ReplayResult | undefined) {
  clearTimeout(retryTimer)
  retryTimer = undefined
  if (!result?.pending) {
    retryDelayMs = 0
    return
  }
  void registerBackgroundSync().catch(() => undefined)
  // Offline: the `online` event (or Background Sync) brings the next attempt.
  if (result.waitingFor === 'network' && !navigator.onLine) return
  retryDelayMs = Math.min(lastRetryMs, retryDelayMs ? retryDelayMs * 2 : firstRetryMs)
  retryTimer = setTimeout(() => void requestReplay(), retryDelayMs)
}

/** Queues kept in the page's memory (no offline database): replayed beside the database's. */
const memoryQueues = new Set<OutboxStore>()

/** A queue of the page's own, replayed with the rest until it is empty. */
export function addMemoryQueue(store: OutboxStore): void {
  memoryQueues.add(store)
}

async function replayAll(): Promise<ReplayResult | undefined> {
  const results: (ReplayResult | undefined)[] = []
  const stores = [undefined, ...memoryQueues]
  for (const store of stores) {
    const result = await replayOutbox(store ? { store } : {}).catch((err: unknown) => {
      console.error('admission outbox replay failed', err)
      return undefined
    })
    if (store && result?.pending === 0) memoryQueues.delete(store)
    results.push(result)
  }
  const pending = results.reduce((sum, r) => sum + (r?.pending ?? 0), 0)
  if (results.every((r) => r === undefined)) return undefined
  if (pending === 0) return { pending: 0 }
  const network = results.some((r) => r?.pending && r.waitingFor === 'network')
  return { pending, waitingFor: network ? 'network' : 'server' }
}

/**
 * Sends what is queued now. Calls during a replay make it run once more when it ends, so a
 * submission queued meanwhile is never left behind.
 */
export function requestReplay(): Promise<ReplayResult | undefined> {
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    let result: ReplayResult | undefined
    do {
      again = false
      result = await replayAll()
    } while (again)
    return result
  })().finally(() => {
    running = undefined
    if (again) void requestReplay()
  })
  void running.then(scheduleRetry)
  return running
}

let listening = false

/** Replays whenever the network returns (once per page). */
function replayWhenOnline(): void {
  if (listening) return
  listening = true
  window.addEventListener('online', () => {
    retryDelayMs = 0
    void requestReplay()
  })
}

/** After queueing: Background Sync for when this page is gone, and a replay now. */
export function sendQueued(): void {
  replayWhenOnline()
  void registerBackgroundSync().catch(() => undefined)
  void requestReplay()
}

/** App start: replays what an earlier visit left queued, and again whenever the network returns. */
export function startOutboxTriggers(): void {
  if (listening) return
  replayWhenOnline()
  void requestReplay()
}
