/**
 * The group invoice benchmark: 10,000 students × 5 recurring heads invoiced for one
 * period by the group run's job (batches of 2,000 students, one journal per batch), on the
 * tests' in-memory PGlite (createTestApp). Invoices a second, from the request to the job's end.
 *
 * Called by bench/run.ts; `node --import tsx bench/group-invoice.ts` runs it alone.
 */
import { sql } from 'drizzle-orm'
import { fileURLToPath } from 'node:url'
import {
  addConfig,
  addCycle,
  addHead,
  demoInstituteId,
  demoSession,
} from '../src/server/test-support/fee-invoices.ts'
import { adminPassword, createTestApp, signIn } from '../src/server/test-support/test-app.ts'
import { budgets } from './budgets.ts'

const students = Number(process.env.GROUP_INVOICE_BENCH_STUDENTS ?? 10_000)

async function measure() {
  const t = await createTestApp()
  try {
    const db = t.database.db
    const token = await signIn(t, 'admin', adminPassword)
    const instituteId = await demoInstituteId(db)
    const { sessionId } = await demoSession(db, instituteId)
    // A class of its own holding every bench student.
    await db.execute(sql`insert into classes (institute_id, name, position)
      values (${instituteId}, 'Bench class', 999)`)
    const [klass] = (
      (await db.execute(
        sql`select id from classes where institute_id = ${instituteId} and name = 'Bench class'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows
    const classId = klass!.id
    await db.execute(sql`
      insert into students (institute_id, student_code, full_name, guardian_phone, campus_id)
      select ${instituteId}, 'BENCH-' || n, 'Bench pupil ' || n, '017' || lpad(n::text, 8, '0'),
        (select id from campuses where institute_id = ${instituteId} order by created_at limit 1)
      from generate_series(1, ${students}) n`)
    await db.execute(sql`
      insert into enrolments (institute_id, student_id, academic_session_id, class_id, roll)
      select ${instituteId}, id, ${sessionId}, ${classId},
        row_number() over (order by student_code)
      from students where institute_id = ${instituteId} and student_code like 'BENCH-%'`)
    const { cycle, periods } = await addCycle(db, instituteId, sessionId, 1)
    const heads: string[] = []
    for (let i = 0; i < 5; i++) {
      const head = await addHead(db, instituteId, { code: `B${i}` })
      heads.push(head.id)
      await addConfig(db, instituteId, {
        academicSessionId: sessionId,
        classId,
        feeHeadId: head.id,
        cycleId: cycle.id,
        amountMinor: 10_000 + i * 1_001,
      })
    }
    const started = performance.now()
    const cpuStarted = process.cpuUsage()
    const res = await t.app.request('/api/fees/group-invoice/runs', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'bench-group-invoice',
      },
      body: JSON.stringify({
        academicSessionId: sessionId,
        periodIds: [periods[0]!.id],
        classIds: [classId],
        feeHeadIds: heads,
      }),
    })
    if (res.status !== 202) throw new Error(`run refused: ${res.status} ${await res.text()}`)
    const { id } = (await res.json()) as { id: string }
    await t.app.services.jobs.drain()
    const seconds = (performance.now() - started) / 1000
    const cpu = process.cpuUsage(cpuStarted)
    const [run] = (
      (await db.execute(
        sql`select invoice_count from group_invoice_runs where id = ${id}`,
      )) as unknown as { rows: { invoice_count: number }[] }
    ).rows
    if (run!.invoice_count !== students) throw new Error(`invoiced ${run!.invoice_count}`)
    // PGlite runs in this thread: its CPU time says what the wall clock of a shared machine hides.
    return {
      seconds,
      invoicesPerSecond: students / seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    }
  } finally {
    await t.database.close()
  }
}

/** Measures and prints against the budget; `verdict` answers "ok" or "OVER BUDGET". */
export async function groupInvoiceBench(verdict: (ok: boolean) => string) {
  const { seconds, invoicesPerSecond, cpuSeconds } = await measure()
  console.log(
    `Group invoice (${students} students × 5 heads, one period): ${seconds.toFixed(1)} s ` +
      `(CPU ${cpuSeconds.toFixed(1)} s), ` +
      `${invoicesPerSecond.toFixed(0)} invoices/s, budget at least ` +
      `${budgets.groupInvoicesPerSecondMin}  ` +
      verdict(invoicesPerSecond >= budgets.groupInvoicesPerSecondMin),
  )
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false
  await groupInvoiceBench((ok) => {
    if (!ok) failed = true
    return ok ? 'ok' : 'OVER BUDGET'
  })
  process.exitCode = failed ? 1 : 0
}
