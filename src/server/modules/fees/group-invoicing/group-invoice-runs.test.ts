import { and, eq, sql } from 'drizzle-orm'
import { enrolments, students } from '../../../db/schema/students.ts'
import { describe, expect, it } from 'vitest'
import type {
  GroupInvoiceRun,
  GroupInvoiceRunDetail,
  InvoiceLineExplanation,
} from '../../../../shared/schemas/fees-invoices.ts'
import type { Job } from '../../../../shared/schemas/jobs.ts'
import { JobRunner } from '../../../lib/jobs/runner.ts'
import type { JobKind } from '../../../lib/jobs/job-kind.ts'
import { createLogger } from '../../../lib/logger.ts'
import { computeInvoiceLine } from '../../../../shared/fees/invoice-line.ts'
import {
  addConcession,
  addConfig,
  addHead,
  addVat,
  receivableBalance,
  subLedgerTotal,
} from '../../../test-support/fee-invoices.ts'
import { demoToday } from '../../../test-support/fiscal-dates.ts'
import {
  groupInvoicePath as path,
  groupInvoiceSuite,
  type GroupInvoiceSuite,
} from '../../../test-support/group-invoicing.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'
import { groupInvoiceJobKind } from './group-invoice-job.ts'

// Runs as jobs: gaps filled, crashes resumed, numbering and posting by batch, and who may see them;
// each test goes on from the runs before it.
describe('group invoice', () => {
  let t: TestApp
  let admin: string
  let instituteId: string
  let sessionId: string
  let classIds: string[]
  let tuition: string
  let transport: string
  let periods: string[]
  let classSize: number
  let code: string
  let run: GroupInvoiceSuite['run']
  let scope: GroupInvoiceSuite['scope']
  let preview: GroupInvoiceSuite['preview']
  let lineCount: GroupInvoiceSuite['lineCount']
  groupInvoiceSuite(
    (s) =>
      ({
        t,
        admin,
        instituteId,
        sessionId,
        classIds,
        tuition,
        transport,
        periods,
        classSize,
        code,
        run,
        scope,
        preview,
        lineCount,
      } = s),
  )

  it('runs as a job, refuses a second run of the scope while it goes, and only fills gaps', async () => {
    const first = await run(scope(), 'group-run-first')
    expect(first.status).toBe(202)
    const started = (await first.json()) as GroupInvoiceRun
    expect(started.jobId).toBeTruthy()
    const retry = await run(scope(), 'group-run-first')
    expect(retry.status).toBe(200)
    expect(((await retry.json()) as GroupInvoiceRun).id).toBe(started.id)
    // The key sent again for another scope names the run, not another kind of record.
    const otherScope = await run(scope({ classIds: [classIds[1]!] }), 'group-run-first')
    expect(otherScope.status).toBe(409)
    expect(await otherScope.json()).toMatchObject({
      code: 'idempotency_conflict',
      values: { subject: 'group_invoice_run' },
      message:
        'This group invoice run was already started with other choices: look at the recent runs.',
    })

    const second = await run(scope())
    expect(second.status).toBe(409)
    expect(await second.json()).toMatchObject({
      code: 'group_invoice_running',
      values: { jobId: started.jobId, runId: started.id },
    })

    await t.app.services.jobs.drain()
    const done = (await (
      await asUser(t, admin, 'GET', `${path}/runs/${started.id}`)
    ).json()) as GroupInvoiceRunDetail
    expect(done).toMatchObject({
      status: 'succeeded',
      scope: { classIds: [classIds[0]], periodIds: [periods[0]], feeHeadIds: [tuition] },
      invoiceCount: classSize - 1,
      totalMinor: (classSize - 1) * 150_000,
    })
    // What it made: each invoice with its student and total.
    expect(done.invoices).toHaveLength(classSize - 1)
    expect(done.invoices[0]).toMatchObject({ totalMinor: 150_000, number: expect.any(String) })
    expect(done.invoices.map((i) => i.studentCode)).not.toContain(undefined)
    expect(await subLedgerTotal(t.database.db, instituteId)).toBe(
      await receivableBalance(t.database.db, instituteId),
    )

    // Everyone is invoiced now: the preview skips them, a re-run makes nothing.
    const after = await preview(scope())
    expect(after.invoiceCount).toBe(0)
    expect(after.skipped.filter((s) => s.reason === 'already_invoiced')).toHaveLength(classSize - 1)
    const lines = await lineCount()
    const rerun = (await (await run(scope())).json()) as GroupInvoiceRun
    await t.app.services.jobs.drain()
    const rerunDone = (await (
      await asUser(t, admin, 'GET', `${path}/runs/${rerun.id}`)
    ).json()) as GroupInvoiceRun
    expect(rerunDone).toMatchObject({ status: 'succeeded', invoiceCount: 0 })
    expect(await lineCount()).toBe(lines)
    const list = (await (await asUser(t, admin, 'GET', `${path}/runs`)).json()) as {
      data: GroupInvoiceRun[]
    }
    expect(list.data.map((r) => r.id)).toEqual(expect.arrayContaining([started.id, rerun.id]))
  })

  it('resumes a run that crashed mid-way without a duplicate line, totals right', async () => {
    const crashScope = scope({
      periodIds: [periods[1]!, periods[2]!],
      feeHeadIds: [tuition, transport],
    })
    const expected = await preview(crashScope)
    expect(expected.invoiceCount).toBe(2 * (classSize - 1))
    const ledgerBefore = await receivableBalance(t.database.db, instituteId)
    const started = (await (await run(crashScope)).json()) as GroupInvoiceRun

    // A runner whose second batch (of 10 students) dies after writing: it rolls back.
    const small = groupInvoiceJobKind(10)
    let steps = 0
    const flaky: JobKind<{ runId: string }, unknown, unknown> = {
      ...(small as unknown as JobKind<{ runId: string }, unknown, unknown>),
      run: (ctx) =>
        small.run({
          ...ctx,
          checkpoint: ctx.checkpoint as never,
          step: (batch) =>
            ctx.step(async (tx) => {
              const out = await batch(tx)
              if (++steps === 2) throw new Error('the process died half-way')
              return out
            }) as never,
        }),
    }
    const crashing = new JobRunner(t.database.db, createLogger('silent'), {
      workerId: 'crashing',
      backoffMs: () => 0,
    })
    crashing.register(flaky)
    expect(await crashing.runOnce()).toBe(true)
    const halfWay = (await (
      await asUser(t, admin, 'GET', `/api/jobs/${started.jobId}`)
    ).json()) as Job
    expect(halfWay).toMatchObject({ status: 'queued', progress: { done: 10 } })

    await t.app.services.jobs.drain()
    const done = (await (
      await asUser(t, admin, 'GET', `${path}/runs/${started.id}`)
    ).json()) as GroupInvoiceRun
    expect(done).toMatchObject({
      status: 'succeeded',
      invoiceCount: expected.invoiceCount,
      totalMinor: expected.totalMinor,
    })
    const dupes = (await t.database.db.execute(
      sql`select count(*) as n from (select 1 from invoice_lines where institute_id = ${instituteId}
        and credits_line_id is null and not cancelled
        group by student_id, period_id, fee_head_id having count(*) > 1) d`,
    )) as unknown as { rows: { n: string }[] }
    expect(Number(dupes.rows[0]!.n)).toBe(0)
    expect((await receivableBalance(t.database.db, instituteId)) - ledgerBefore).toBe(
      expected.totalMinor,
    )
    expect(await subLedgerTotal(t.database.db, instituteId)).toBe(
      await receivableBalance(t.database.db, instituteId),
    )
  })

  it('numbers a run without gaps across batches, figures each line as one invoice would, and posts each batch as its lines', async () => {
    const db = t.database.db
    const lab = (await addHead(db, instituteId, { code: 'LAB', kind: 'one_time' })).id
    await addVat(db, instituteId, lab, 1_500)
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId: classIds[1]!,
      feeHeadId: lab,
      amountMinor: 10_001,
    })
    const inClass = await db
      .select({ id: enrolments.studentId })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .where(
        and(
          eq(enrolments.academicSessionId, sessionId),
          eq(enrolments.classId, classIds[1]!),
          eq(students.status, 'active'),
        ),
      )
    const favoured = inClass[5]!.id
    await addConcession(db, instituteId, {
      studentId: favoured,
      academicSessionId: sessionId,
      feeHeadId: lab,
      kind: 'percent',
      rateBp: 2_500,
    })
    const labScope = scope({ classIds: [classIds[1]!], feeHeadIds: [lab] })
    const expected = await preview(labScope)
    const started = (await (await run(labScope)).json()) as GroupInvoiceRun
    // Batches of 4 students: several journals and several blocks of numbers.
    const small = new JobRunner(db, createLogger('silent'), { workerId: 'small-batches' })
    small.register(groupInvoiceJobKind(4))
    await small.drain()

    const rows = (
      (await db.execute(sql`select i.sequence, i.student_id, l.gross_minor, l.concession_minor,
          l.vat_minor, l.net_minor, l.explanation, l.voucher_id
        from invoices i join invoice_lines l on l.invoice_id = i.id
        where i.group_invoice_run_id = ${started.id} order by i.sequence`)) as unknown as {
        rows: {
          sequence: number
          student_id: string
          gross_minor: string
          concession_minor: string
          vat_minor: string
          net_minor: string
          explanation: InvoiceLineExplanation
          voucher_id: string
        }[]
      }
    ).rows
    expect(rows).toHaveLength(inClass.length)
    expect(rows.length).toBe(expected.invoiceCount)
    const first = rows[0]!.sequence
    expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => first + i))

    // What the single-invoice path computes, from the same pure function.
    const figures = (concession: boolean) => {
      const computed = computeInvoiceLine({
        configuredAmount: 10_001,
        override: null,
        concessions: concession ? [{ id: 'c', kind: 'percent', rateBp: 2_500 }] : [],
        vatHistory: [{ id: 'v', rateBp: 1_500, inclusive: false, effectiveFrom: '2000-01-01' }],
        issueDate: demoToday(),
      })
      if (!computed.ok) throw new Error('refused')
      const { gross, concession: off, vat, net } = computed.line
      return [gross, off, vat, net]
    }
    for (const r of rows) {
      const own = r.student_id === favoured
      expect([r.gross_minor, r.concession_minor, r.vat_minor, r.net_minor].map(Number)).toEqual(
        figures(own),
      )
      expect(r.explanation.concessions).toHaveLength(own ? 1 : 0)
      expect(r.explanation.vat).toMatchObject({ rateBp: 1_500, inclusive: false })
    }

    // One journal a batch of 4 students: a batch with a skipped student posts fewer invoices.
    const vouchers = [...new Set(rows.map((r) => r.voucher_id))]
    expect(vouchers.length).toBeGreaterThanOrEqual(Math.ceil(rows.length / 4))
    for (const voucherId of vouchers) {
      expect(rows.filter((r) => r.voucher_id === voucherId).length).toBeLessThanOrEqual(4)
    }
    for (const voucherId of vouchers) {
      const [posted] = (
        (await db.execute(
          sql`select sum(debit) as debit from voucher_lines where voucher_id = ${voucherId}`,
        )) as unknown as { rows: { debit: string }[] }
      ).rows
      const own = rows.filter((r) => r.voucher_id === voucherId)
      expect(Number(posted!.debit)).toBe(
        own.reduce((s, r) => s + Number(r.net_minor) + Number(r.concession_minor), 0),
      )
    }
    expect(await subLedgerTotal(db, instituteId)).toBe(await receivableBalance(db, instituteId))
  })

  it('keeps other institutes out and needs the group-invoice permission', async () => {
    const [started] = (
      (await (await asUser(t, admin, 'GET', `${path}/runs`)).json()) as { data: GroupInvoiceRun[] }
    ).data
    await addUser(t, {
      username: 'group-other',
      password: 'group-other-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'group-other', 'group-other-pass')
    expect((await asUser(t, other, 'GET', `${path}/runs/${started!.id}`)).status).toBe(404)
    const foreign = await asUser(t, other, 'POST', `${path}/preview`, scope())
    expect(foreign.status).toBe(422)

    await addUser(t, { username: 'group-none', password: 'group-none-pass' })
    const none = await signIn(t, 'group-none', 'group-none-pass')
    expect((await asUser(t, none, 'POST', `${path}/preview`, scope())).status).toBe(403)
    const create = await asUser(t, none, 'POST', `${path}/runs`, scope(), {
      'Idempotency-Key': 'none-key-0001',
    })
    expect(create.status).toBe(403)
    expect((await asUser(t, none, 'GET', `${path}/runs`)).status).toBe(403)
    const options = `${path}/options?academicSessionId=${sessionId}`
    expect((await asUser(t, none, 'GET', options)).status).toBe(403)
    // Another institute's session has no sections and no students for them.
    expect(await (await asUser(t, other, 'GET', `${options}&q=${code}`)).json()).toEqual({
      sections: [],
      students: [],
    })
  })
})
