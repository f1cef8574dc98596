import { spawn } from 'node:child_process'
import { once } from 'node:events'
import type { Socket } from 'node:net'
import { resolve } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '../shared/schemas/api-error.ts'
import { institutes } from './db/schema/institutes.ts'
import { jobs } from './db/schema/jobs.ts'
import { JobRunner } from './lib/jobs/runner.ts'
import { createLogger } from './lib/logger.ts'
import { enqueueMessage } from './lib/outbox.ts'
import { counterFamily, familyOf } from './test-support/collection.ts'
import {
  countingKind,
  createJobTestTable,
  gate,
  rowsOf,
  type CountingHooks,
} from './test-support/jobs.ts'
import {
  databaseUrl,
  onServer,
  startOwnPostgres,
  type OwnPostgresServer,
} from './test-support/postgres-server.ts'
import {
  adminPassword,
  asUser,
  createTestApp,
  signIn,
  type TestApp,
} from './test-support/test-app.ts'

/*
 * The PostgreSQL server restarted under the API (a minor-version update, a failover): on a
 * server of this file's own, taken down with a fast shutdown (`pg_ctl restart -m fast` in two
 * halves, so that the outage can be looked at) while counters are taking payments. Nothing
 * ends the process; meanwhile every request is told 503 with Retry-After; afterwards it works
 * again by itself, and every payment a counter sent lands exactly once.
 */
describe('a database restart under the API', () => {
  let server: OwnPostgresServer
  beforeAll(async () => {
    server = await startOwnPostgres()
  })
  afterAll(() => server?.stop())

  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
  /** Polls until `done`: how soon is not asserted, only that it comes (the test's timeout). */
  const until = async (done: () => boolean | Promise<boolean>) => {
    while (!(await done())) await pause(50)
  }

  describe('in one process taking payments from several counters', () => {
    let t: TestApp
    let admin: string
    beforeAll(async () => {
      await onServer(server.url, 'create database ems_restart_inprocess')
      t = await createTestApp({ databaseUrl: databaseUrl(server.url, 'ems_restart_inprocess') })
      admin = await signIn(t, 'admin', adminPassword)
      // A server of its own has no migrated template to copy: every migration runs here.
    }, 180_000)
    afterAll(() => t?.database.close())

    it('answers 503 with Retry-After while the database is away, then takes every payment once', async () => {
      const family = await counterFamily(t, admin, 'RST', '01711-555034')
      // Lines without a fine, each its own counter's: 1.00 at a time, so none is paid off.
      const lines = (await familyOf(t, admin, family.studentIds[0]!)).members.flatMap((m) =>
        m.lines.filter((l) => l.fineMinor === 0),
      )
      expect(lines.length).toBeGreaterThanOrEqual(3)
      const counters = lines.map((line, i) => ({
        name: `counter-${i}`,
        body: {
          studentId: line.studentId,
          allocations: [{ lineId: line.lineId, principalMinor: 100, fineMinor: 0 }],
          tenders: [{ method: 'cash', amountMinor: 100 }],
        },
        lineId: line.lineId,
        paidBefore: line.paidMinor,
        sent: [] as { key: string; status: number; code?: string; retryAfter: string | null }[],
      }))
      const pay = (body: object, key: string) =>
        asUser(t, admin, 'POST', '/api/collection/payments', body, { 'Idempotency-Key': key })

      let stopping = false
      const load = counters.map(async (counter) => {
        for (let n = 0; !stopping; n++) {
          const key = `${counter.name}-payment-${n}`
          const res = await pay(counter.body, key)
          const body = (await res.json()) as Partial<ApiError>
          counter.sent.push({
            key,
            status: res.status,
            code: body.code,
            retryAfter: res.headers.get('retry-after'),
          })
          // A counter told to wait does (briefly here), as the screen would.
          if (res.status === 503) await pause(20)
        }
      })
      const answered = (status: number, after = 0) =>
        counters.every((c) => c.sent.slice(after).some((s) => s.status === status))

      await until(() => counters.every((c) => c.sent.filter((s) => s.status === 201).length >= 3))
      await server.shutDown()
      const sentBeforeRestart = counters.map((c) => c.sent.length)
      // Every counter is told the database is away (a payment cut mid-way among them).
      await until(() => answered(503))
      const ready = await t.app.request('/api/ready')
      expect(ready.status).toBe(503)
      expect(await ready.json()).toMatchObject({ status: 'not_ready', database: 'unavailable' })
      expect((await t.app.request('/api/health')).status).toBe(503)

      await server.startAgain()
      // Back by itself: each counter's payments are taken again.
      await until(() =>
        counters.every((c, i) => c.sent.slice(sentBeforeRestart[i]).some((s) => s.status === 201)),
      )
      expect((await t.app.request('/api/ready')).status).toBe(200)
      stopping = true
      await Promise.all(load)

      const answers = counters.flatMap((c) => c.sent)
      // Taken or "try again shortly": never a 500, never anything else.
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201, 503]))
      for (const refused of answers.filter((a) => a.status === 503)) {
        expect(refused).toMatchObject({ code: 'database_unavailable', retryAfter: '5' })
      }

      // Each refused payment sent again with its key: taken now, or (had it committed before
      // its answer was lost) the receipt it got.
      for (const counter of counters) {
        for (const refused of counter.sent.filter((s) => s.status === 503)) {
          const again = await pay(counter.body, refused.key)
          expect([200, 201]).toContain(again.status)
        }
      }
      for (const counter of counters) {
        const keys = counter.sent.map((s) => s.key)
        const rows = (await t.database.db.execute(
          sql`select idempotency_key as key, count(*)::int as n from payments
              where idempotency_key like ${`%${counter.name}-payment-%`} group by idempotency_key`,
        )) as unknown as { rows: { key: string; n: number }[] }
        // Every payment sent is there, once (its stored key may carry its user's prefix).
        const stored = rows.rows.map((r) => r.key.slice(r.key.indexOf(counter.name)))
        expect(stored.sort()).toEqual([...keys].sort())
        expect(rows.rows.every((r) => r.n === 1)).toBe(true)
        // And the line holds exactly what they paid: nothing half-written by a cut one.
        const paid = (await t.database.db.execute(
          sql`select paid_minor::int as n from invoice_lines where id = ${counter.lineId}`,
        )) as unknown as { rows: { n: number }[] }
        expect(paid.rows[0]!.n).toBe(counter.paidBefore + 100 * keys.length)
      }
    }, 120_000)

    it('a connection lost as a transaction begins gives its slot back: the pool never fills up', async () => {
      const pool = (t.database.db as unknown as { $client: pg.Pool }).$client
      // More times than the pool has connections (10): each lost one must not keep its slot.
      for (let i = 0; i < 15; i++) {
        const idle = await pool.connect()
        idle.release()
        // The transaction takes the idle connection, which then dies under its BEGIN.
        const cut = t.database.db.transaction((tx) => tx.execute(sql`select 1`))
        ;(idle as unknown as { connection: { stream: Socket } }).connection.stream.destroy()
        await expect(cut).rejects.toThrow()
      }
      expect((await t.app.request('/api/ready')).status).toBe(200)
    })

    it('a job cut by the restart resumes from its checkpoint; the runner and the outbox carry on', async () => {
      await createJobTestTable(t)
      const [demo] = await t.database.db
        .select({ id: institutes.id })
        .from(institutes)
        .where(eq(institutes.slug, 'demo-school'))
      const reached = gate()
      const held = gate()
      const hooks: CountingHooks = {
        startedFrom: [],
        beforeBatch: async (next) => {
          if (next !== 3 || hooks.startedFrom.length > 1) return
          reached.open()
          await held.opened
        },
      }
      // Polls often and holds short leases, so that the test need not wait minutes.
      const runner = new JobRunner(t.database.db, createLogger('silent'), {
        pollMs: 50,
        leaseMs: 1_000,
        backoffMs: () => 0,
      })
      runner.register(countingKind(hooks))
      const { job } = await runner.enqueue(t.database.db, {
        instituteId: demo!.id,
        kind: 'test-count',
        key: 'restart-job',
        params: { count: 9 },
      })
      runner.start()
      try {
        await reached.opened
        await server.shutDown()
        // Its next batch meets the database away; the runner keeps looking, as does the outbox.
        held.open()
        t.app.services.outbox.kick()
        await t.app.services.outbox.flush()
        await pause(300)
        await server.startAgain()
        const status = async () =>
          (await t.database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!
        await until(async () => (await status().catch(() => undefined))?.status === 'succeeded')
        // Resumed where its last committed batch left it: rows 0..8, each once.
        expect(hooks.startedFrom).toEqual([undefined, 3])
        expect(await rowsOf(t.database.db, job.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
        // Messages queued after the restart go out.
        await enqueueMessage(t.database.db, {
          channel: 'sms',
          recipient: '01711-555035',
          subject: '',
          body: 'after the restart',
        })
        t.app.services.outbox.kick()
        expect(await t.lastMessageTo('01711-555035')).toContain('after the restart')
      } finally {
        await runner.stop()
      }
    }, 120_000)
  })

  it('the API process (WORKERS=1) stays up and serves again by itself', async () => {
    await onServer(server.url, 'create database ems_restart_cluster')
    const port = 4700 + Math.floor(Math.random() * 200)
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(server.url, 'ems_restart_cluster'),
        MERCHANT_KEY: 'a'.repeat(64),
        WORKERS: '1',
        PORT: String(port),
        STATIC_DIR: '/nonexistent',
        LOG_LEVEL: 'error',
        PASSWORD_HASH_COST: '10',
        ADMIN_PASSWORD: 'cluster-admin-password',
      },
      stdio: 'ignore',
    })
    const ready = () =>
      fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.status,
        () => 0,
      )
    try {
      await until(async () => {
        expect(child.exitCode).toBeNull()
        return (await ready()) === 200
      })
      // Idle pools: their connections are cut with nothing asked of them.
      await server.shutDown()
      const down = await fetch(`http://127.0.0.1:${port}/api/ready`)
      expect(down.status).toBe(503)
      const refused = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'cluster-admin-password' }),
      })
      expect(refused.status).toBe(503)
      expect(refused.headers.get('retry-after')).toBe('5')
      await server.startAgain()
      await until(async () => (await ready()) === 200)
      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'cluster-admin-password' }),
      })
      expect(signIn.status, await signIn.clone().text()).toBe(200)
      // The same process all along: it neither died nor was replaced.
      expect(child.exitCode).toBeNull()
      child.kill('SIGTERM')
      const [code] = await once(child, 'exit')
      expect(code).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  }, 180_000)
})
