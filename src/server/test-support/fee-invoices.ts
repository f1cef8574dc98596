// Fee set-up for the invoicing suites, written straight into the database: heads, a monthly
// cycle with periods issued today, configured amounts, VAT rates and approved concessions.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { accounts } from '../db/schema/accounting.ts'
import { concessions } from '../db/schema/fee-rules.ts'
import {
  feeConfigs,
  feeHeads,
  paymentCycles,
  paymentPeriods,
  vatRates,
} from '../db/schema/fee-setup.ts'
import { academicSessions } from '../db/schema/academic.ts'
import { institutes } from '../db/schema/institutes.ts'
import { enrolments, students } from '../db/schema/students.ts'
import { demoToday } from './fiscal-dates.ts'
import { rowKey } from '../db/tenant-rows.ts'

export const demoInstituteId = async (db: Db) =>
  (await db.select().from(institutes).orderBy(asc(institutes.createdAt)).limit(1))[0]!.id

/** The demo session with enrolled students, and its classes with the most students first. */
export async function demoSession(db: Db, instituteId: string) {
  // The current session first: the demo's earlier one has classes as full, and a report
  // places students by the current one unless told otherwise. Ties go by class, the same each run.
  const rows = await db
    .select({
      sessionId: enrolments.academicSessionId,
      classId: enrolments.classId,
      students: count(),
    })
    .from(enrolments)
    .innerJoin(
      academicSessions,
      rowKey(academicSessions, enrolments.instituteId, enrolments.academicSessionId),
    )
    .where(eq(enrolments.instituteId, instituteId))
    .groupBy(enrolments.academicSessionId, enrolments.classId, academicSessions.isCurrent)
    .orderBy(desc(academicSessions.isCurrent), sql`count(*) desc`, asc(enrolments.classId))
  const sessionId = rows[0]!.sessionId
  return {
    sessionId,
    classIds: rows.filter((r) => r.sessionId === sessionId).map((r) => r.classId),
  }
}

const accountId = async (db: Db, instituteId: string, name: string) =>
  (
    await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.instituteId, instituteId), eq(accounts.name, name)))
  )[0]!.id

export async function addHead(
  db: Db,
  instituteId: string,
  head: {
    code: string
    kind?: (typeof feeHeads.$inferInsert)['kind']
    account?: string
  },
) {
  const [row] = await db
    .insert(feeHeads)
    .values({
      instituteId,
      name: `Head ${head.code}`,
      code: head.code,
      kind: head.kind ?? 'recurring',
      incomeAccountId: await accountId(db, instituteId, head.account ?? 'Tuition fee income'),
    })
    .returning()
  return row!
}

/** A monthly cycle of the session with `count` periods, every one issued today. */
export async function addCycle(db: Db, instituteId: string, sessionId: string, periods = 2) {
  const [cycle] = await db
    .insert(paymentCycles)
    .values({
      instituteId,
      academicSessionId: sessionId,
      name: `Monthly ${Math.random()}`,
      frequency: 'monthly',
    })
    .returning()
  const today = demoToday()
  const rows = await db
    .insert(paymentPeriods)
    .values(
      Array.from({ length: periods }, (_, i) => ({
        instituteId,
        cycleId: cycle!.id,
        name: `Period ${i + 1}`,
        sequence: i + 1,
        startsOn: `2000-${String(i + 1).padStart(2, '0')}-01`,
        endsOn: `2000-${String(i + 1).padStart(2, '0')}-28`,
        issueDate: today,
        dueDate: today,
      })),
    )
    .returning()
  return { cycle: cycle!, periods: rows }
}

export async function addConfig(
  db: Db,
  instituteId: string,
  config: Omit<typeof feeConfigs.$inferInsert, 'instituteId'>,
) {
  await db.insert(feeConfigs).values({ instituteId, ...config })
}

export async function addVat(
  db: Db,
  instituteId: string,
  feeHeadId: string,
  rateBp: number,
  inclusive = false,
) {
  await db
    .insert(vatRates)
    .values({ instituteId, feeHeadId, rateBp, inclusive, effectiveFrom: '2000-01-01' })
}

/** An approved concession (the maker–checker steps are the concessions area's). */
export async function addConcession(
  db: Db,
  instituteId: string,
  c: Pick<
    typeof concessions.$inferInsert,
    'studentId' | 'academicSessionId' | 'feeHeadId' | 'kind' | 'rateBp' | 'amountMinor'
  >,
) {
  await db.insert(concessions).values({
    instituteId,
    category: 'sibling',
    status: 'approved',
    ...c,
  })
}

const one = async (db: Db, query: ReturnType<typeof sql>) =>
  Number(((await db.execute(query)) as unknown as { rows: { n: string | null }[] }).rows[0]!.n ?? 0)

/** The Fee receivable control account's balance (debits less credits), from the general ledger. */
export const receivableBalance = (db: Db, instituteId: string) =>
  one(
    db,
    sql`select sum(l.debit - l.credit) as n from voucher_lines l
      join coa_mappings m on m.account_id = l.account_id and m.purpose = 'fee_receivable'
        and m.institute_id = ${instituteId}
      where l.institute_id = ${instituteId}`,
  )

/**
 * Σ student balances by the sub-ledger: every invoice line's net (credit notes' negative) less
 * what is paid of it.
 */
export const subLedgerTotal = (db: Db, instituteId: string) =>
  one(
    db,
    sql`select sum(net_minor - paid_minor) as n from invoice_lines where institute_id = ${instituteId}`,
  )

/**
 * The first `n` students still here (the demo has a few who left) in a class of a session, by
 * student ID: the same ones on every run and on either database.
 */
export async function activeStudentsIn(db: Db, sessionId: string, classId: string, n: number) {
  return db
    .select({ id: students.id, campusId: students.campusId })
    .from(enrolments)
    .innerJoin(students, rowKey(students, enrolments.instituteId, enrolments.studentId))
    .where(
      and(
        eq(enrolments.academicSessionId, sessionId),
        eq(enrolments.classId, classId),
        eq(students.status, 'active'),
      ),
    )
    .orderBy(asc(students.studentCode))
    .limit(n)
}
