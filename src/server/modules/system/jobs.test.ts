import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Job, JobList } from '../../../shared/schemas/jobs.ts'
import { auditLog } from '../../db/schema/access.ts'
import { institutes } from '../../db/schema/institutes.ts'
import {
  countingKind,
  createJobTestTable,
  gate,
  type CountingHooks,
} from '../../test-support/jobs.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('the jobs API', () => {
  let t: TestApp
  let admin: string
  let instituteId: string
  const hooks: CountingHooks = { startedFrom: [] }
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    await createJobTestTable(t)
    t.app.services.jobs.register(countingKind(hooks))
    const [demo] = await t.database.db
      .select()
      .from(institutes)
      .where(eq(institutes.slug, 'demo-school'))
    instituteId = demo!.id
  })
  const enqueue = async (key: string) =>
    (
      await t.app.services.jobs.enqueue(t.database.db, {
        instituteId,
        kind: 'test-count',
        key,
        params: { count: 7 },
      })
    ).job
  const read = async (token: string, path: string) => {
    const res = await asUser(t, token, 'GET', path)
    return { status: res.status, body: (await res.json()) as Job & JobList & { code?: string } }
  }

  it('shows a job’s progress while it runs, and its result once done', async () => {
    const job = await enqueue('progress')
    expect((await read(admin, `/api/jobs/${job.id}`)).body).toMatchObject({
      status: 'queued',
      progress: { done: 0, total: null },
      error: null,
    })
    const between = gate()
    hooks.beforeBatch = (next) => (next === 3 ? between.opened : undefined)
    const run = t.app.services.jobs.runOnce()
    await expect
      .poll(async () => (await read(admin, `/api/jobs/${job.id}`)).body.progress)
      .toEqual({ done: 3, total: 7 })
    expect((await read(admin, `/api/jobs/${job.id}`)).body.status).toBe('running')
    between.open()
    await run
    hooks.beforeBatch = undefined
    expect((await read(admin, `/api/jobs/${job.id}`)).body).toMatchObject({
      status: 'succeeded',
      progress: { done: 7, total: 7 },
      result: { written: 7 },
      attempts: 1,
    })
    const list = await read(admin, '/api/jobs?kind=test-count&status=succeeded')
    expect(list.body).toMatchObject({ total: 1, page: 1, data: [{ id: job.id }] })
  })

  it('cancels a queued job at once, a running one before its next batch', async () => {
    const queued = await enqueue('cancel-queued')
    const cancelled = await asUser(t, admin, 'POST', `/api/jobs/${queued.id}/cancel`)
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled' })
    expect(await t.app.services.jobs.runOnce()).toBe(false)

    const running = await enqueue('cancel-running')
    const between = gate()
    hooks.beforeBatch = (next) => (next === 3 ? between.opened : undefined)
    const run = t.app.services.jobs.runOnce()
    await expect
      .poll(async () => (await read(admin, `/api/jobs/${running.id}`)).body.progress.done)
      .toBe(3)
    const asked = await asUser(t, admin, 'POST', `/api/jobs/${running.id}/cancel`)
    expect(await asked.json()).toMatchObject({ status: 'cancelling' })
    between.open()
    await run
    hooks.beforeBatch = undefined
    expect((await read(admin, `/api/jobs/${running.id}`)).body).toMatchObject({
      status: 'cancelled',
      progress: { done: 3, total: 7 },
    })
    const again = await asUser(t, admin, 'POST', `/api/jobs/${running.id}/cancel`)
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'job_finished' })
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'job'), eq(auditLog.entityId, running.id)))
    expect(audited).toMatchObject([
      { area: 'institutes', action: 'cancel', after: { status: 'cancelling' } },
    ])
  })

  it('refuses a role without the kind’s permission, and hides other institutes’ jobs', async () => {
    const job = await enqueue('guarded')
    await addUser(t, { username: 'reader', password: 'reader-pass-1', roles: ['client'] })
    const reader = await signIn(t, 'reader', 'reader-pass-1')
    expect((await read(reader, `/api/jobs/${job.id}`)).status).toBe(403)
    expect((await asUser(t, reader, 'POST', `/api/jobs/${job.id}/cancel`)).status).toBe(403)
    expect((await read(reader, '/api/jobs?kind=test-count')).status).toBe(403)
    // The list shows only the kinds the role may see: none.
    expect((await read(reader, '/api/jobs')).body).toMatchObject({ total: 0, data: [] })

    await addUser(t, {
      username: 'other-admin',
      password: 'other-pass-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'other-admin', 'other-pass-1')
    const hidden = await read(other, `/api/jobs/${job.id}`)
    expect(hidden).toMatchObject({ status: 404, body: { code: 'job_not_found' } })
    expect((await asUser(t, other, 'POST', `/api/jobs/${job.id}/cancel`)).status).toBe(404)
    expect((await read(other, '/api/jobs')).body).toMatchObject({ total: 0 })
    expect((await read(admin, `/api/jobs/${job.id}`)).body.status).toBe('queued')
  })

  it('answers bad input with a 422 naming the field, and a malformed id with a 404', async () => {
    const status = await read(admin, '/api/jobs?status=done&perPage=abc')
    expect(status.status).toBe(422)
    expect(Object.keys((status.body as unknown as { fields: object }).fields).sort()).toEqual([
      'perPage',
      'status',
    ])
    const kind = await read(admin, '/api/jobs?kind=no-such-kind')
    expect(kind.status).toBe(422)
    expect(kind.body).toMatchObject({ fields: { kind: [{ code: 'unknown_job_kind' }] } })
    expect((await read(admin, '/api/jobs/not-a-uuid')).status).toBe(404)
    expect((await asUser(t, admin, 'POST', '/api/jobs/not-a-uuid/cancel')).status).toBe(404)
  })
})
