// The fee rule suites' records straight into the database: heads, students and a session, so
// that VAT, fines and concessions are tested before (and apart from) the fee head screens.
import { and, asc, eq } from 'drizzle-orm'
import { academicSessions } from '../db/schema/academic.ts'
import { accounts } from '../db/schema/accounting.ts'
import { feeHeads } from '../db/schema/fee-setup.ts'
import { campuses } from '../db/schema/institutes.ts'
import { students } from '../db/schema/students.ts'
import type { TestApp } from './test-app.ts'

/** A fee head of the institute, its income going to the institute's first income account. */
export async function insertFeeHead(t: TestApp, instituteId: string, code: string, name: string) {
  const db = t.database.db
  const [income] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.instituteId, instituteId), eq(accounts.accountType, 'income')))
    .limit(1)
  const [head] = await db
    .insert(feeHeads)
    .values({
      instituteId,
      code,
      name,
      kind: 'recurring',
      incomeAccountId: income!.id,
    })
    .returning()
  return head!
}

/** A student of the institute on its first campus; siblings share a guardian phone. */
export async function insertStudent(
  t: TestApp,
  instituteId: string,
  s: { fullName: string; studentCode: string; guardianPhone?: string; dateOfBirth?: string },
) {
  const db = t.database.db
  const [campus] = await db
    .select({ id: campuses.id })
    .from(campuses)
    .where(eq(campuses.instituteId, instituteId))
    .orderBy(asc(campuses.position))
    .limit(1)
  const [row] = await db
    .insert(students)
    .values({ instituteId, campusId: campus!.id, ...s })
    .returning()
  return row!
}

/** The institute's session (one made for the test when it has none). */
export async function sessionOf(t: TestApp, instituteId: string) {
  const db = t.database.db
  const [found] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.instituteId, instituteId))
    .limit(1)
  if (found) return found.id
  const [made] = await db
    .insert(academicSessions)
    .values({
      instituteId,
      name: '2026–27',
      position: 0,
      startsOn: '2026-07-01',
      endsOn: '2027-06-30',
    })
    .returning()
  return made!.id
}
