import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Invoice } from '../../../shared/schemas/fees-invoices.ts'
import type { Dashboard } from '../../../shared/schemas/report-dashboard.ts'
import type { DueReport, PaidReport } from '../../../shared/schemas/reports.ts'
import { invoices } from '../../db/schema/fee-invoices.ts'
import { students } from '../../db/schema/students.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { familyOf, tuitionAndLab } from '../../test-support/collection.ts'
import { activeStudentsIn, demoInstituteId, demoSession } from '../../test-support/fee-invoices.ts'
import { demoToday } from '../../test-support/fiscal-dates.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

/** The day `n` days before today in the demo institute's calendar. */
const daysAgo = (n: number) =>
  new Date(Date.parse(`${demoToday()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10)

/*
 * The dashboards' figures on a small data set worked out by hand. Class A: Anis and Bina share
 * a guardian's phone, Chaity is alone; each invoiced 40 days ago (last month or before) for
 * tuition (1,000.00, fined 50.00 once late) and lab (300.00), due 35 days ago — Chaity's due in
 * ten days. Class B: Dipu invoiced today for the same, due today. Today Anis pays his tuition
 * and its fine (1,050.00 cash), Chaity 100.00 of her lab by card, and Bina's lab (300.00 cash)
 * is paid and cancelled.
 */
describe('dashboard figures', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let classA: string, classB: string
  let anis: string, bina: string, chaity: string, dipu: string
  let key = 0

  const figures = async (query = '', token = admin) => {
    const res = await asUser(t, token, 'GET', `/api/reports/dashboard${query}`)
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as Dashboard
  }

  const pay = async (studentId: string, head: string, principalMinor: number, method: string) => {
    const line = (await familyOf(t, admin, studentId)).members
      .find((m) => m.studentId === studentId)!
      .lines.find((l) => l.feeHeadName === `Head ${head}`)!
    const amountMinor = principalMinor + line.fineMinor
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/collection/payments',
      {
        studentId,
        allocations: [{ lineId: line.lineId, principalMinor, fineMinor: line.fineMinor }],
        tenders: [{ method, amountMinor }],
      },
      { 'Idempotency-Key': `dashboard-${++key}` },
    )
    expect(res.status, await res.clone().text()).toBe(201)
    return ((await res.json()) as { id: string }).id
  }

  beforeAll(async () => {
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
    const { sessionId, classIds } = await demoSession(db, instituteId)
    ;[classA, classB] = classIds as [string, string]
    ;[anis, bina, chaity] = (await activeStudentsIn(db, sessionId, classA, 3)).map((s) => s.id) as [
      string,
      string,
      string,
    ]
    dipu = (await activeStudentsIn(db, sessionId, classB, 1))[0]!.id
    for (const [id, fullName, guardianPhone] of [
      [anis, 'Anis Dash', '+8801711000301'],
      [bina, 'Bina Dash', '+8801711000301'],
      [chaity, 'Chaity Dash', '+8801711000302'],
      [dipu, 'Dipu Dash', '+8801711000303'],
    ] as const) {
      await db.update(students).set({ fullName, guardianPhone }).where(eq(students.id, id))
    }
    const placeA = { instituteId, sessionId, classId: classA, tag: 'DA' }
    const placeB = { instituteId, sessionId, classId: classB, tag: 'DB' }
    const [headsA, headsB] = [
      await tuitionAndLab(db, placeA, 1),
      await tuitionAndLab(db, placeB, 1),
    ]
    const invoice = async (
      studentId: string,
      heads: typeof headsA,
      issued: number,
      due: number,
    ) => {
      const res = await asUser(
        t,
        admin,
        'POST',
        '/api/fees/invoices',
        {
          studentId,
          academicSessionId: sessionId,
          periodId: heads.periods[0]!.id,
          feeHeadIds: [heads.tuition, heads.lab],
          issueDate: daysAgo(issued),
        },
        { 'Idempotency-Key': `dashboard-invoice-${studentId}` },
      )
      expect(res.status, await res.clone().text()).toBe(201)
      // The due date is no posting: moved here for the aging buckets.
      const { id } = (await res.json()) as Invoice
      await db
        .update(invoices)
        .set({ dueDate: daysAgo(due) })
        .where(eq(invoices.id, id))
    }
    await invoice(anis, headsA, 40, 35)
    await invoice(bina, headsA, 40, 35)
    await invoice(chaity, headsA, 40, -10)
    await invoice(dipu, headsB, 0, 0)
    await pay(anis, 'DAT', 100_000, 'cash')
    await pay(chaity, 'DAL', 10_000, 'card')
    const cancelled = await pay(bina, 'DAL', 30_000, 'cash')
    const res = await asUser(t, admin, 'POST', `/api/collection/payments/${cancelled}/cancel`, {
      reason: 'Entered for the wrong student',
    })
    expect(res.status, await res.clone().text()).toBe(200)
  })

  it('shows today’s and this month’s collection against billing', async () => {
    const f = await figures()
    const month = `${demoToday().slice(0, 8)}01`
    expect(f.asOf).toBe(demoToday())
    // Collected: Anis 1,050.00 and Chaity 100.00 (Bina's receipt was cancelled); billed: Dipu.
    expect(f.today).toEqual({
      from: demoToday(),
      to: demoToday(),
      collectedMinor: 115_000,
      billedMinor: 130_000,
    })
    expect(f.month).toEqual({
      from: month,
      to: demoToday(),
      collectedMinor: 115_000,
      billedMinor: 130_000,
    })
  })

  it('traces twelve months of collection against billing, the billing of class A in its month', async () => {
    const { trend } = await figures()
    expect(trend).toHaveLength(12)
    expect(trend!.at(-1)).toMatchObject({
      month: demoToday().slice(0, 7),
      collectedMinor: 115_000,
      billedMinor: 130_000,
    })
    const earlier = trend!.filter((m) => m.month !== demoToday().slice(0, 7))
    expect(earlier.filter((m) => m.billedMinor !== 0)).toEqual([
      expect.objectContaining({ month: daysAgo(40).slice(0, 7), billedMinor: 390_000 }),
    ])
    expect(earlier.every((m) => m.collectedMinor === 0)).toBe(true)
    expect(trend!.map((m) => m.month)).toEqual([...trend!.map((m) => m.month)].sort())
  })

  it('shows what is owed by class, by age and by the families owing most past due', async () => {
    const f = await figures()
    // Class A: Anis's lab, Bina's tuition and lab, Chaity's tuition and 200.00 of lab.
    const byClass = f.duesByClass!.map((c) => [c.classId, c.students, c.principalMinor])
    expect(byClass).toHaveLength(2)
    expect(byClass).toEqual(
      expect.arrayContaining([
        [classA, 3, 280_000],
        [classB, 1, 130_000],
      ]),
    )
    expect(f.aging).toEqual({
      notDue: 120_000,
      days0to30: 130_000,
      days31to60: 160_000,
      days61to90: 0,
      over90: 0,
    })
    expect(
      f.topFamilies!.map((fam) => [fam.students.map((s) => s.name), fam.overdueMinor]),
    ).toEqual([
      [['Anis Dash', 'Bina Dash'], 160_000],
      [['Dipu Dash'], 130_000],
    ])
  })

  it('agrees with the due and paid reports it opens', async () => {
    const f = await figures()
    for (const c of f.duesByClass!) {
      const res = await asUser(t, admin, 'GET', `/api/reports/due?classId=${c.classId}`)
      expect(((await res.json()) as DueReport).totals.principalMinor).toBe(c.principalMinor)
    }
    const res = await asUser(t, admin, 'GET', '/api/reports/paid?groupBy=method')
    const paid = (await res.json()) as PaidReport
    expect(paid.totals.receivedMinor).toBe(f.month.collectedMinor)
    expect(paid.groups.map((g) => [g.key, g.receipts, g.amountMinor])).toEqual(
      [...f.receiptsByMethod!]
        .sort((a, b) => a.method.localeCompare(b.method))
        .map((m) => [m.method, m.receipts, m.amountMinor]),
    )
  })

  it('shows this month’s receipts by method and the vouchers posted last', async () => {
    const f = await figures()
    expect(f.receiptsByMethod).toEqual([
      { method: 'cash', receipts: 1, amountMinor: 105_000 },
      { method: 'card', receipts: 1, amountMinor: 10_000 },
    ])
    expect(f.latestVouchers).toHaveLength(5)
    // The last: the cancelled receipt's reversal, 300.00 back out of the drawer.
    expect(f.latestVouchers![0]).toMatchObject({ date: demoToday(), total: 30_000 })
  })

  it('as of an earlier day shows that day’s figures', async () => {
    const f = await figures(`?asOf=${daysAgo(1)}`)
    expect(f.today.collectedMinor).toBe(0)
    expect(f.aging!.days31to60).toBe(2 * 130_000)
    expect(f.duesByClass!.map((c) => c.principalMinor)).toEqual([390_000])
  })

  it('sends money figures only to users who may read the reports behind them', async () => {
    const officer = await signedInAs(t, 'dash-officer', ['admission officer'])
    const none = await figures('', officer)
    expect(none.today).toMatchObject({ collectedMinor: null, billedMinor: null })
    expect(none.month).toMatchObject({ collectedMinor: null, billedMinor: null })
    expect([
      none.trend,
      none.duesByClass,
      none.aging,
      none.receiptsByMethod,
      none.topFamilies,
      none.latestVouchers,
    ]).toEqual([null, null, null, null, null, null])
    const cashier = await figures('', await signedInAs(t, 'dash-cashier', ['cashier']))
    expect(cashier.today.collectedMinor).toBe(115_000)
    expect(cashier.aging).not.toBeNull()
    expect(cashier.latestVouchers).toBeNull()
    const client = await signedInAs(t, 'dash-client', ['client'])
    expect((await asUser(t, client, 'GET', '/api/reports/dashboard')).status).toBe(403)
  })

  it('shows another institute nothing of this one', async () => {
    await addUser(t, {
      username: 'dash-elsewhere',
      password: 'dash-elsewhere-pass-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const f = await figures('', await signIn(t, 'dash-elsewhere', 'dash-elsewhere-pass-1'))
    expect(f.today).toMatchObject({ collectedMinor: 0, billedMinor: 0 })
    expect(f.duesByClass).toEqual([])
    expect(f.topFamilies).toEqual([])
    expect(f.trend!.every((m) => m.collectedMinor === 0 && m.billedMinor === 0)).toBe(true)
  })

  it('refuses bad input with 422 naming the field', async () => {
    for (const [query, field] of [
      ['?asOf=2026-02-30', 'asOf'],
      ['?asOf=yesterday', 'asOf'],
      ['?classId=x', 'classId'],
    ] as const) {
      const res = await asUser(t, admin, 'GET', `/api/reports/dashboard${query}`)
      expect(res.status, query).toBe(422)
      const body = (await res.json()) as { errors: Record<string, unknown> }
      expect(Object.keys(body.errors), query).toContain(field)
    }
  })
})
