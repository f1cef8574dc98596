/**
 * The reports benchmark's institute: 10,000 students in one class billed 5 heads for 12 monthly
 * periods (≈ 600,000 invoice lines) by the group invoice job, the periods issued a month apart
 * over the past year, a late fee in force; then a year of payments: four invoices in five paid in full, in cash,
 * some days after they fell due, written in bulk (payments, tenders, allocations, their receipt
 * vouchers, the lines' paid amounts and the invoices' status) as the counter would leave them.
 */
import { sql } from 'drizzle-orm'
import {
  addConfig,
  addCycle,
  addHead,
  demoInstituteId,
  demoSession,
} from '../src/server/test-support/fee-invoices.ts'
import { adminPassword, signIn, type TestApp } from '../src/server/test-support/test-app.ts'
import { rowsOf } from '../src/server/db/rows.ts'
import { refreshStatistics } from '../src/server/db/statistics.ts'

export const reportStudents = Number(process.env.REPORTS_BENCH_STUDENTS ?? 10_000)
const periodCount = 12
const headCount = 5

/** YYYY-MM-DD `months` before today (UTC), on the 5th. */
const monthsAgo = (months: number) => {
  const d = new Date()
  d.setUTCDate(5)
  d.setUTCMonth(d.getUTCMonth() - months)
  return d.toISOString().slice(0, 10)
}

export interface ReportsInstitute {
  token: string
  instituteId: string
  studentId: string
  from: string
  to: string
  invoiceLines: number
  payments: number
}

export async function reportsInstitute(t: TestApp): Promise<ReportsInstitute> {
  const db = t.database.db
  const token = await signIn(t, 'admin', adminPassword)
  const instituteId = await demoInstituteId(db)
  const { sessionId } = await demoSession(db, instituteId)
  await db.execute(sql`insert into classes (institute_id, name, position)
    values (${instituteId}, 'Report bench class', 998)`)
  const [klass] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from classes where institute_id = ${instituteId}
      and name = 'Report bench class'`),
  )
  const classId = klass!.id
  await db.execute(sql`
    insert into students (institute_id, student_code, full_name, guardian_phone, campus_id)
    select ${instituteId}, 'RB-' || n, 'Report pupil ' || n, '018' || lpad(n::text, 8, '0'),
      (select id from campuses where institute_id = ${instituteId} order by created_at limit 1)
    from generate_series(1, ${reportStudents}) n`)
  await db.execute(sql`
    insert into enrolments (institute_id, student_id, academic_session_id, class_id, roll)
    select ${instituteId}, id, ${sessionId}, ${classId}, row_number() over (order by student_code)
    from students where institute_id = ${instituteId} and student_code like 'RB-%'`)
  const { cycle, periods } = await addCycle(db, instituteId, sessionId, periodCount)
  for (const [i, period] of periods.entries()) {
    const issued = monthsAgo(periodCount - 1 - i)
    await db.execute(sql`update payment_periods set issue_date = ${issued},
      due_date = ${issued}::date + 10 where id = ${period.id}`)
  }
  const heads: string[] = []
  for (let i = 0; i < headCount; i++) {
    const head = await addHead(db, instituteId, { code: `RB${i}` })
    heads.push(head.id)
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId,
      feeHeadId: head.id,
      cycleId: cycle.id,
      amountMinor: 50_000 + i * 12_345,
    })
  }
  // Late fees as institutes charge them: 10.00 a day after 5 days' grace, at most 300.00 a
  // line and 500.00 a student's period — every report of what is owed computes them.
  await db.execute(sql`insert into fine_rules (institute_id, name, grace_days, kind, amount_minor,
      cap_per_line_minor, cap_per_period_minor, effective_from)
    values (${instituteId}, 'Report bench late fee', 5, 'per_day', 1000, 30000, 50000,
      ${monthsAgo(periodCount + 1)})`)
  const res = await t.app.request('/api/fees/group-invoice/runs', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': 'bench-reports-invoices',
    },
    body: JSON.stringify({
      academicSessionId: sessionId,
      periodIds: periods.map((p) => p.id),
      classIds: [classId],
      feeHeadIds: heads,
    }),
  })
  if (res.status !== 202) throw new Error(`group invoice refused: ${await res.text()}`)
  await t.app.services.jobs.drain()
  const payments = await payInBulk(t, instituteId, classId)
  const [counts] = rowsOf<{ lines: string; student: string }>(
    await db.execute(sql`select count(*) as lines, min(l.student_id::text) as student
      from invoice_lines l join enrolments e on e.institute_id = l.institute_id
        and e.student_id = l.student_id
      where l.institute_id = ${instituteId} and e.class_id = ${classId}`),
  )
  // What the server's minute loop does on the embedded database (PGlite has no autovacuum).
  await refreshStatistics(db)
  return {
    // Signed in again: building the year outlasts an access token.
    token: await signIn(t, 'admin', adminPassword),
    instituteId,
    studentId: counts!.student,
    from: monthsAgo(periodCount),
    to: new Date().toISOString().slice(0, 10),
    invoiceLines: Number(counts!.lines),
    payments,
  }
}

/**
 * Four invoices in five paid in full in cash, 0–39 days after their due day (never after
 * today): one payment, tender, receipt voucher (cash debited, Fee receivable credited) and an
 * allocation per line, as the counter writes them.
 */
async function payInBulk(t: TestApp, instituteId: string, classId: string) {
  const db = t.database.db
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temp table bench_pay on commit drop as
      select gen_random_uuid() as payment_id, gen_random_uuid() as voucher_id, i.id as invoice_id,
        i.student_id, i.campus_id,
        least(i.due_date + (abs(hashtext(i.id::text)) % 40), current_date) as received_on,
        (select sum(l.net_minor)::bigint from invoice_lines l
          where l.institute_id = i.institute_id and l.invoice_id = i.id) as amount,
        row_number() over (order by i.due_date, i.id) as seq
      from invoices i join enrolments e on e.institute_id = i.institute_id
        and e.student_id = i.student_id and e.class_id = ${classId}
      where i.institute_id = ${instituteId} and abs(hashtext(i.id::text || 'paid')) % 5 <> 0
        and i.due_date <= current_date`)
    const fiscal = sql`(extract(year from p.received_on)::int
      - case when extract(month from p.received_on) < s.fiscal_year_start_month then 1 else 0 end)`
    await tx.execute(sql`insert into vouchers (id, institute_id, type, fiscal_year, number, date,
        narration, source)
      select p.voucher_id, ${instituteId}, 'receipt', ${fiscal},
        1000000 + p.seq, p.received_on, 'Bench receipt', 'collection'
      from bench_pay p cross join coa_settings s where s.institute_id = ${instituteId}`)
    const account = (purpose: string) => sql`(select account_id from coa_mappings
      where institute_id = ${instituteId} and purpose = ${purpose} and key = '')`
    await tx.execute(sql`insert into voucher_lines (voucher_id, institute_id, account_id, line_no,
        debit, credit)
      select voucher_id, ${instituteId}::uuid, ${account('cash')}, 1, amount, 0 from bench_pay
      union all
      select voucher_id, ${instituteId}::uuid, ${account('fee_receivable')}, 2, 0, amount from bench_pay`)
    await tx.execute(sql`insert into payments (id, institute_id, campus_id, number, fiscal_year,
        sequence, student_id, received_on, amount_minor, voucher_id, verify_code,
        idempotency_key, payload_hash)
      select payment_id, ${instituteId}, campus_id, 'RB-' || seq, 1900, seq, student_id,
        received_on, amount, voucher_id, 'rb' || seq, 'bench-pay-' || seq, ''
      from bench_pay`)
    await tx.execute(sql`insert into payment_tenders (institute_id, payment_id, line_no, method,
        amount_minor)
      select ${instituteId}, payment_id, 1, 'cash', amount from bench_pay`)
    await tx.execute(sql`insert into payment_allocations (institute_id, payment_id,
        invoice_line_id, student_id, principal_minor, fine_minor)
      select ${instituteId}, p.payment_id, l.id, l.student_id, l.net_minor, 0
      from bench_pay p join invoice_lines l on l.institute_id = ${instituteId}
        and l.invoice_id = p.invoice_id
      where l.credits_line_id is null and l.net_minor > 0`)
    await tx.execute(sql`update invoice_lines l set paid_minor = l.net_minor
      from bench_pay p where l.institute_id = ${instituteId} and l.invoice_id = p.invoice_id
        and l.credits_line_id is null and l.net_minor > 0`)
    await tx.execute(sql`update invoices i set status = 'paid' from bench_pay p
      where i.institute_id = ${instituteId} and i.id = p.invoice_id`)
  })
  const [paid] = rowsOf<{ n: string }>(
    await db.execute(sql`select count(*) as n from payments
      where institute_id = ${instituteId} and number like 'RB-%'`),
  )
  return Number(paid!.n)
}
