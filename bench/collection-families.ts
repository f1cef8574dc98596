/** The collection bench's data: families with open invoices, and the cashiers who take their payments. */
import { sql } from 'drizzle-orm'
import type { CreatePayment } from '../src/shared/schemas/collection-payments.ts'
import {
  addConfig,
  addCycle,
  addHead,
  demoInstituteId,
  demoSession,
} from '../src/server/test-support/fee-invoices.ts'
import {
  addUser,
  adminPassword,
  asUser,
  type TestApp,
} from '../src/server/test-support/test-app.ts'
import { rowsOf } from '../src/server/db/rows.ts'

/** Cashiers at their counters at once. */
export const counters = 4
export const cashierPassword = 'bench-cashier-password-1'

/** The payments to take and who takes them. */
export interface Prepared {
  /** Each family's payment, in the order the counters take them. */
  payments: CreatePayment[]
  cashiers: string[]
  instituteId: string
}

/**
 * `families` families of two siblings (a guardian phone each) in a class of their own in the
 * test app's demo institute, invoiced by a group run for one period and two heads (due today:
 * no fine yet), and the cashiers; answers each family's payment as its counter screen would
 * prepare it.
 */
export async function familiesAtTheCounter(t: TestApp, families: number): Promise<Prepared> {
  const db = t.database.db
  const instituteId = await demoInstituteId(db)
  const { sessionId } = await demoSession(db, instituteId)
  await db.execute(sql`insert into classes (institute_id, name, position)
      values (${instituteId}, 'Bench counter class', 998)`)
  const [{ id: classId }] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from classes
        where institute_id = ${instituteId} and name = 'Bench counter class'`),
  ) as [{ id: string }]
  await db.execute(sql`
      insert into students (institute_id, student_code, full_name, guardian_phone, campus_id)
      select ${instituteId}, 'CTR-' || lpad(n::text, 6, '0'), 'Counter pupil ' || n,
        '018' || lpad((n / 2)::text, 8, '0'),
        (select id from campuses where institute_id = ${instituteId} order by created_at limit 1)
      from generate_series(0, ${families * 2 - 1}) n`)
  await db.execute(sql`
      insert into enrolments (institute_id, student_id, academic_session_id, class_id, roll)
      select ${instituteId}, id, ${sessionId}, ${classId},
        row_number() over (order by student_code)
      from students where institute_id = ${instituteId} and student_code like 'CTR-%'`)
  await db.execute(sql`analyze`)
  const { cycle, periods } = await addCycle(db, instituteId, sessionId, 1)
  const heads: string[] = []
  for (const [i, amountMinor] of [150_000, 35_000].entries()) {
    const head = await addHead(db, instituteId, { code: `CTR${i}` })
    heads.push(head.id)
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId,
      feeHeadId: head.id,
      cycleId: cycle.id,
      amountMinor,
    })
  }
  const signedIn = await t.app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  })
  const { access_token: token } = (await signedIn.json()) as { access_token: string }
  const run = await asUser(
    t,
    token,
    'POST',
    '/api/fees/group-invoice/runs',
    {
      academicSessionId: sessionId,
      periodIds: [periods[0]!.id],
      classIds: [classId],
      feeHeadIds: heads,
    },
    { 'Idempotency-Key': 'bench-counter-invoices' },
  )
  if (run.status !== 202) throw new Error(`group run refused: ${run.status} ${await run.text()}`)
  await t.app.services.jobs.drain()
  await db.execute(sql`analyze`)

  const cashiers: string[] = []
  for (let i = 0; i < counters; i++) {
    const username = `bench-counter-${i + 1}`
    await addUser(t, { username, password: cashierPassword, roles: ['cashier'] })
    cashiers.push(username)
  }

  const lines = rowsOf<{ id: string; student_id: string; guardian_phone: string; due: string }>(
    await db.execute(sql`select l.id, l.student_id, s.guardian_phone,
          l.net_minor - l.paid_minor as due
        from invoice_lines l join students s on s.institute_id = l.institute_id
          and s.id = l.student_id
        where l.institute_id = ${instituteId} and s.student_code like 'CTR-%'
        order by s.guardian_phone, s.student_code, l.id`),
  )
  const byFamily = new Map<string, typeof lines>()
  for (const l of lines)
    byFamily.set(l.guardian_phone, [...(byFamily.get(l.guardian_phone) ?? []), l])
  if (byFamily.size !== families || lines.length !== families * 4) {
    throw new Error(`expected ${families} families of four lines, found ${lines.length} lines`)
  }
  const payments = [...byFamily.values()].map((family, i): CreatePayment => {
    const allocations = family.map((l) => ({
      lineId: l.id,
      principalMinor: Number(l.due),
      fineMinor: 0,
    }))
    const total = allocations.reduce((s, a) => s + a.principalMinor, 0)
    const studentId = family[0]!.student_id
    const kind = i % 6
    if (kind < 3) {
      // Cash, with change from the next 1,000 note.
      const tendered = Math.ceil((total + 1) / 100_000) * 100_000
      return {
        studentId,
        allocations,
        tenders: [{ method: 'cash', amountMinor: total, tenderedMinor: tendered }],
      }
    }
    const mobile = (amountMinor: number) => ({
      method: 'mobile' as const,
      amountMinor,
      issuer: 'bKash',
      reference: `TX${String(i).padStart(8, '0')}`,
    })
    if (kind < 5) {
      // Split: some in cash (with change), the rest by mobile money.
      const cash = 100_000
      return {
        studentId,
        allocations,
        tenders: [
          { method: 'cash', amountMinor: cash, tenderedMinor: cash + 5_000 },
          mobile(total - cash),
        ],
      }
    }
    // Part of it by mobile money: the last line half paid.
    const last = allocations.at(-1)!
    last.principalMinor = Math.floor(last.principalMinor / 2)
    return {
      studentId,
      allocations,
      tenders: [mobile(allocations.reduce((s, a) => s + a.principalMinor, 0))],
    }
  })
  return { payments, cashiers, instituteId }
}
