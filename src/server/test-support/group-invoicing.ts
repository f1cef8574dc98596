// The group-invoice suites' set-up: the demo admin's app, two heads configured for the demo
// session's first class over three periods, one of its students just left, and the requests
// the suites repeat.
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, expect } from 'vitest'
import type {
  GroupInvoicePreview,
  GroupInvoiceScopeInput,
} from '../../shared/schemas/fees-invoices.ts'
import { enrolments, students } from '../db/schema/students.ts'
import { addConfig, addCycle, addHead, demoInstituteId, demoSession } from './fee-invoices.ts'
import { demoToday } from './fiscal-dates.ts'
import { adminSuite } from './sign-in.ts'
import { asUser, type TestApp } from './test-app.ts'

export const groupInvoicePath = '/api/fees/group-invoice'

export interface GroupInvoiceSuite {
  t: TestApp
  admin: string
  instituteId: string
  sessionId: string
  classIds: string[]
  /** Tuition (150,000 a period) and transport (20,000), configured for the first class. */
  tuition: string
  transport: string
  periods: string[]
  /** The first class's active students, before one of them left. */
  classSize: number
  /** The first class's student who left, and their student code. */
  leftStudent: string
  code: string
  /** Starts a run as the admin, under a new Idempotency-Key unless one is given. */
  run: (scope: GroupInvoiceScopeInput, idempotencyKey?: string) => ReturnType<typeof asUser>
  /** Tuition for the first class and period; `more` changes it. */
  scope: (more?: Partial<GroupInvoiceScopeInput>) => GroupInvoiceScopeInput
  /** The preview of a scope, which must succeed. */
  preview: (scope: GroupInvoiceScopeInput) => Promise<GroupInvoicePreview>
  /** The institute's invoice lines, counted now. */
  lineCount: () => Promise<number>
}

/** Registers the hooks of a group-invoice suite: `groupInvoiceSuite((s) => ({ t, run } = s))`. */
export function groupInvoiceSuite(ready: (suite: GroupInvoiceSuite) => void) {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
    const { sessionId, classIds } = await demoSession(db, instituteId)
    const tuition = (await addHead(db, instituteId, { code: 'TUI' })).id
    const transport = (await addHead(db, instituteId, { code: 'TRN' })).id
    const { cycle, periods: rows } = await addCycle(db, instituteId, sessionId, 3)
    const periods = rows.map((p) => p.id)
    for (const feeHeadId of [tuition, transport]) {
      await addConfig(db, instituteId, {
        academicSessionId: sessionId,
        classId: classIds[0]!,
        feeHeadId,
        cycleId: cycle.id,
        amountMinor: feeHeadId === tuition ? 150_000 : 20_000,
      })
    }
    const inClass = await db
      .select({ id: enrolments.studentId })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .where(
        and(
          eq(enrolments.academicSessionId, sessionId),
          eq(enrolments.classId, classIds[0]!),
          // The demo has a few who left already: the counts below are of those still here.
          eq(students.status, 'active'),
        ),
      )
    const leftStudent = inClass[0]!.id
    const [{ code }] = (await db
      .select({ code: students.studentCode })
      .from(students)
      .where(eq(students.id, leftStudent))) as [{ code: string }]
    await db
      .update(students)
      .set({ status: 'left', statusOn: demoToday(), statusReason: 'Moved away' })
      .where(eq(students.id, leftStudent))
    let key = 0
    ready({
      t,
      admin,
      instituteId,
      sessionId,
      classIds,
      tuition,
      transport,
      periods,
      classSize: inClass.length,
      leftStudent,
      code,
      run: (scope, idempotencyKey = `group-run-${++key}`) =>
        asUser(t, admin, 'POST', `${groupInvoicePath}/runs`, scope, {
          'Idempotency-Key': idempotencyKey,
        }),
      scope: (more = {}) => ({
        academicSessionId: sessionId,
        periodIds: [periods[0]!],
        classIds: [classIds[0]!],
        feeHeadIds: [tuition],
        ...more,
      }),
      preview: async (scope) => {
        const res = await asUser(t, admin, 'POST', `${groupInvoicePath}/preview`, scope)
        expect(res.status).toBe(200)
        return (await res.json()) as GroupInvoicePreview
      },
      lineCount: async () =>
        Number(
          (
            (await db.execute(
              sql`select count(*) as n from invoice_lines where institute_id = ${instituteId}`,
            )) as unknown as { rows: { n: string }[] }
          ).rows[0]!.n,
        ),
    })
  })
}
