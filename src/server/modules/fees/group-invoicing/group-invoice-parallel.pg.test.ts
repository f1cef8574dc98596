import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { GroupInvoiceRun } from '../../../../shared/schemas/fees-invoices.ts'
import { createApp } from '../../../app.ts'
import { createLogger } from '../../../lib/logger.ts'
import {
  addConfig,
  addCycle,
  addHead,
  demoInstituteId,
  demoSession,
  receivableBalance,
  subLedgerTotal,
} from '../../../test-support/fee-invoices.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../../test-support/test-app.ts'

/*
 * Group invoice runs started at once for one scope, on a PostgreSQL server, with two API
 * processes' job runners (two apps on one database) draining the queue together.
 */
describe('group invoice runs at once on PostgreSQL', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let instituteId: string
  let sessionId: string
  let classId: string
  let head: string
  let periods: string[]

  beforeAll(async () => {
    const db = t.database.db
    instituteId = await demoInstituteId(db)
    let classIds: string[]
    ;({ sessionId, classIds } = await demoSession(db, instituteId))
    classId = classIds[0]!
    head = (await addHead(db, instituteId, { code: 'PAR' })).id
    const { cycle, periods: rows } = await addCycle(db, instituteId, sessionId, 10)
    periods = rows.map((p) => p.id)
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId,
      feeHeadId: head,
      cycleId: cycle.id,
      amountMinor: 99_000,
    })
  })

  const count = async (query: ReturnType<typeof sql>) =>
    Number(
      ((await t.database.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n,
    )

  it('10 runs of one scope at once start one job; two processes drain it with no invoice twice', async () => {
    expect(t.database.kind).toBe('postgres')
    const other = createApp({ db: t.database, config: t.config, log: createLogger('silent') })
    for (const [round, period] of periods.entries()) {
      const scope = {
        academicSessionId: sessionId,
        periodIds: [period],
        classIds: [classId],
        feeHeadIds: [head],
      }
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          asUser(t, admin, 'POST', '/api/fees/group-invoice/runs', scope, {
            'Idempotency-Key': `parallel-${round}-${i}`,
          }),
        ),
      )
      const statuses = answers.map((r) => r.status).sort()
      expect(statuses).toEqual([202, ...Array<number>(9).fill(409)])
      const started = (await answers.find((r) => r.status === 202)!.json()) as GroupInvoiceRun
      await Promise.all([t.app.services.jobs.drain(), other.services.jobs.drain()])
      const run = (await (
        await asUser(t, admin, 'GET', `/api/fees/group-invoice/runs/${started.id}`)
      ).json()) as GroupInvoiceRun
      expect(run.status).toBe('succeeded')
      expect(run.invoiceCount).toBeGreaterThan(0)
    }
    // No student has two lines of a head for a period, and the ledger agrees with the dues.
    expect(
      await count(sql`select count(*) as n from (
        select student_id, period_id, fee_head_id from invoice_lines
        where institute_id = ${instituteId} and fee_head_id = ${head}
        group by 1, 2, 3 having count(*) > 1) twice`),
    ).toBe(0)
    expect(await subLedgerTotal(t.database.db, instituteId)).toBe(
      await receivableBalance(t.database.db, instituteId),
    )
  })

  it('one run sent 5 times at once under one key starts once and answers each with that run', async () => {
    const db = t.database.db
    const once = (await addHead(db, instituteId, { code: 'ONE' })).id
    const { cycle, periods: rows } = await addCycle(db, instituteId, sessionId, 1)
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId,
      feeHeadId: once,
      cycleId: cycle.id,
      amountMinor: 5_000,
    })
    const scope = {
      academicSessionId: sessionId,
      periodIds: [rows[0]!.id],
      classIds: [classId],
      feeHeadIds: [once],
    }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        asUser(t, admin, 'POST', '/api/fees/group-invoice/runs', scope, {
          'Idempotency-Key': 'parallel-one-key',
        }),
      ),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 202])
    const runs = (await Promise.all(answers.map((r) => r.json()))) as GroupInvoiceRun[]
    expect(new Set(runs.map((r) => r.id)).size).toBe(1)
    await t.app.services.jobs.drain()
  })
})
