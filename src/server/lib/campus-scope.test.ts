import { eq } from 'drizzle-orm'
import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'
import type { StaffUser } from '../../shared/schemas/access.ts'
import type { Dashboard } from '../../shared/schemas/report-dashboard.ts'
import type { DueReport, PaidReport } from '../../shared/schemas/reports.ts'
import { campuses } from '../db/schema/institutes.ts'
import { students } from '../db/schema/students.ts'
import { familyOf, tuitionAndLab } from '../test-support/collection.ts'
import { activeStudentsIn, demoInstituteId, demoSession } from '../test-support/fee-invoices.ts'
import { adminSuite } from '../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../test-support/test-app.ts'

/*
 * A user limited to a campus. Anis and Bina study at the main campus, Chaity at North; each is
 * invoiced tuition (1,000.00) and lab (300.00), and today Anis pays his tuition and Chaity her
 * lab, each at their own campus's counter. A cashier limited to North reads the reports and the
 * dashboards, and works at the counter.
 */
describe('campus scope', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let main: string, north: string
  let anis: string, bina: string, chaity: string
  let northCashier: string
  let key = 0

  const get = (token: string, path: string) => asUser(t, token, 'GET', path)
  const read = async <T>(token: string, path: string) => {
    const res = await get(token, path)
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as T
  }
  const pay = async (studentId: string, head: string, amountMinor: number) => {
    const line = (await familyOf(t, admin, studentId)).members
      .find((m) => m.studentId === studentId)!
      .lines.find((l) => l.feeHeadName === `Head ${head}`)!
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/collection/payments',
      {
        studentId,
        allocations: [{ lineId: line.lineId, principalMinor: amountMinor, fineMinor: 0 }],
        tenders: [{ method: 'cash', amountMinor }],
      },
      { 'Idempotency-Key': `campus-scope-${++key}` },
    )
    expect(res.status, await res.clone().text()).toBe(201)
  }

  beforeAll(async () => {
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
    const rows = await db
      .select({ id: campuses.id })
      .from(campuses)
      .where(eq(campuses.instituteId, instituteId))
      .orderBy(campuses.position, campuses.name)
    ;[main, north] = rows.map((r) => r.id) as [string, string]
    const { sessionId, classIds } = await demoSession(db, instituteId)
    const classId = classIds[0]!
    ;[anis, bina, chaity] = (await activeStudentsIn(db, sessionId, classId, 3)).map(
      (s) => s.id,
    ) as [string, string, string]
    for (const [id, fullName, campusId] of [
      [anis, 'Anis Scope', main],
      [bina, 'Bina Scope', main],
      [chaity, 'Chaity Scope', north],
    ] as const) {
      await db.update(students).set({ fullName, campusId }).where(eq(students.id, id))
    }
    const heads = await tuitionAndLab(db, { instituteId, sessionId, classId, tag: 'CS' }, 1)
    for (const studentId of [anis, bina, chaity]) {
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
        },
        { 'Idempotency-Key': `campus-scope-invoice-${studentId}` },
      )
      expect(res.status, await res.clone().text()).toBe(201)
    }
    await pay(anis, 'CST', 100_000)
    await pay(chaity, 'CSL', 30_000)

    const user = await addUser(t, { username: 'north-cashier', password: 'scope-pass-2026' })
    const cashierRole = await read<{ data: { id: string; name: string }[] }>(
      admin,
      '/api/access/users/role-options',
    )
    const limited = await asUser(t, admin, 'PATCH', `/api/access/users/${user.id}`, {
      roleIds: [cashierRole.data.find((r) => r.name === 'cashier')!.id],
      campusIds: [north],
    })
    expect(limited.status, await limited.clone().text()).toBe(200)
    expect(((await limited.json()) as StaffUser).campuses.map((c) => c.id)).toEqual([north])
    northCashier = await signIn(t, 'north-cashier', 'scope-pass-2026')
  })

  it('carries the campuses in the limited user’s session', async () => {
    const mine = await read<{ userData: { campusIds?: string[] } }>(northCashier, '/api/auth/user')
    expect(mine.userData.campusIds).toEqual([north])
    const admins = await read<{ userData: { campusIds?: string[] } }>(admin, '/api/auth/user')
    expect(admins.userData.campusIds).toBeUndefined()
  })

  it('shows a limited user only their campus’s lines and totals in the due report', async () => {
    const r = await read<DueReport>(northCashier, '/api/reports/due?q=Scope')
    expect(r.data.map((row) => [row.fullName, row.feeHeadName, row.principalMinor])).toEqual([
      ['Chaity Scope', 'Head CST', 100_000],
    ])
    expect(r.totals).toMatchObject({ principalMinor: 100_000, students: 1 })
    // Every line the user sees, unfiltered, is of a North student.
    const all = await read<DueReport>(northCashier, '/api/reports/due?perPage=100')
    const northStudents = await t.database.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.campusId, north))
    const ids = new Set(northStudents.map((s) => s.id))
    expect(all.data.every((row) => ids.has(row.studentId))).toBe(true)
    // The ledger check is the whole institute's: said, without its figures.
    expect(r.agreement).toEqual({
      reportMinor: null,
      ledgerMinor: null,
      agrees: true,
      withheld: { mapped: true },
    })
    const chosen = await read<DueReport>(northCashier, `/api/reports/due?q=Scope&campusId=${north}`)
    expect(chosen.totals.principalMinor).toBe(100_000)
  })

  it('shows a limited user only their campus’s receipts and cashiers in the paid report', async () => {
    const r = await read<PaidReport>(northCashier, '/api/reports/paid?q=Scope')
    expect(r.data.map((row) => [row.payerName, row.receivedMinor])).toEqual([
      ['Chaity Scope', 30_000],
    ])
    expect(r.totals).toMatchObject({ receipts: 1, receivedMinor: 30_000 })
    expect(r.groups.map((g) => g.amountMinor)).toEqual([30_000])
    expect(r.agreement).toMatchObject({ reportMinor: null, ledgerMinor: null, agrees: true })
  })

  it('shows a limited user the dashboards of their campus alone', async () => {
    const mine = await read<Dashboard>(northCashier, '/api/reports/dashboard')
    const institute = await read<Dashboard>(admin, '/api/reports/dashboard')
    // Today Chaity paid 300.00 at North and Anis 1,000.00 at the main campus.
    expect(institute.today.collectedMinor! - mine.today.collectedMinor!).toBe(100_000)
    const receipts = await read<PaidReport>(northCashier, '/api/reports/paid')
    expect(mine.month.collectedMinor).toBe(receipts.totals.receivedMinor)
    // What is owed, by class and by age, is what the due report shows the same user.
    const due = await read<DueReport>(northCashier, '/api/reports/due?perPage=1')
    const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0)
    expect(sum(mine.duesByClass!.map((c) => c.principalMinor))).toBe(due.totals.principalMinor)
    expect(sum(Object.values(mine.aging!))).toBe(due.totals.principalMinor)
    expect(sum(Object.values(institute.aging!))).toBeGreaterThan(due.totals.principalMinor)
    const northIds = new Set(
      (
        await t.database.db
          .select({ id: students.id })
          .from(students)
          .where(eq(students.campusId, north))
      ).map((s) => s.id),
    )
    const families = mine.topFamilies!.flatMap((f) => f.students.map((s) => s.id))
    expect(families.every((id) => northIds.has(id))).toBe(true)
  })

  it('finds, opens and takes money for the user’s campus’s students alone at the counter', async () => {
    const found = await read<{ data: { fullName: string }[] }>(
      northCashier,
      '/api/collection/search?q=Scope',
    )
    expect(found.data.map((m) => m.fullName)).toEqual(['Chaity Scope'])
    expect((await get(northCashier, `/api/collection/families/${chaity}`)).status).toBe(200)
    const other = await get(northCashier, `/api/collection/families/${anis}`)
    expect(other.status).toBe(403)
    expect(await other.json()).toMatchObject({ code: 'campus_out_of_scope' })
    const lab = (await familyOf(t, admin, bina)).members
      .find((m) => m.studentId === bina)!
      .lines.find((l) => l.feeHeadName === 'Head CSL')!
    const paying = await asUser(
      t,
      northCashier,
      'POST',
      '/api/collection/payments',
      {
        studentId: bina,
        allocations: [{ lineId: lab.lineId, principalMinor: 30_000, fineMinor: 0 }],
        tenders: [{ method: 'cash', amountMinor: 30_000 }],
      },
      { 'Idempotency-Key': 'campus-scope-refused' },
    )
    expect(paying.status).toBe(403)
    expect(await paying.json()).toMatchObject({ code: 'campus_out_of_scope' })
    // Advances, as the counter: another campus's family is neither listed nor opened.
    const holders = await read<{ data: { fullName: string }[] }>(
      northCashier,
      '/api/collection/advances?q=Scope',
    )
    expect(holders.data.map((h) => h.fullName)).toEqual(['Chaity Scope'])
    const advances = await get(northCashier, `/api/collection/advances/families/${anis}`)
    expect(advances.status).toBe(403)
  })

  it('refuses a campus outside the user’s, in reads and files alike', async () => {
    for (const path of [
      `/api/reports/due?campusId=${main}`,
      `/api/reports/due/export.csv?campusId=${main}`,
      `/api/reports/due/fines?campusId=${main}`,
      `/api/reports/paid?campusId=${main}`,
      `/api/reports/paid/export.xlsx?campusId=${main}`,
    ]) {
      const res = await get(northCashier, path)
      expect(res.status, path).toBe(403)
      expect(await res.json(), path).toMatchObject({ code: 'campus_out_of_scope' })
    }
  })

  it('previews SMS for the user’s campus’s students alone', async () => {
    const user = await addUser(t, { username: 'north-officer', password: 'scope-pass-2026' })
    const roles = await read<{ data: { id: string; name: string }[] }>(
      admin,
      '/api/access/users/role-options',
    )
    const limited = await asUser(t, admin, 'PATCH', `/api/access/users/${user.id}`, {
      roleIds: [roles.data.find((r) => r.name === 'admin')!.id],
      campusIds: [north],
    })
    expect(limited.status, await limited.clone().text()).toBe(200)
    const officer = await signIn(t, 'north-officer', 'scope-pass-2026')
    const values = (studentId: string) =>
      get(officer, `/api/sms/templates/values?studentId=${studentId}`)
    expect((await values(chaity)).status).toBe(200)
    const other = await values(anis)
    expect(other.status).toBe(403)
    expect(await other.json()).toMatchObject({ code: 'campus_out_of_scope' })
  })

  it('exports only the user’s campus', async () => {
    const res = await get(northCashier, '/api/reports/due/export.csv?q=Scope')
    expect(res.status).toBe(200)
    const csv = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, '')).data
    const names = csv.slice(1).map((row) => row[1])
    expect(names.filter(Boolean)).toEqual(['Chaity Scope'])
  })

  it('leaves a user not limited to campuses as they were: every campus, the figures checked', async () => {
    const due = await read<DueReport>(admin, '/api/reports/due?q=Scope')
    expect(due.totals).toMatchObject({ principalMinor: 30_000 + 130_000 + 100_000, students: 3 })
    expect(due.agreement.withheld).toBeUndefined()
    expect(due.agreement.reportMinor).toBe(due.agreement.ledgerMinor)
    const mainOnly = await read<DueReport>(admin, `/api/reports/due?q=Scope&campusId=${main}`)
    expect(mainOnly.totals).toMatchObject({ principalMinor: 30_000 + 130_000, students: 2 })
    const paid = await read<PaidReport>(admin, '/api/reports/paid?q=Scope')
    expect(paid.totals).toMatchObject({ receipts: 2, receivedMinor: 130_000 })
  })
})
