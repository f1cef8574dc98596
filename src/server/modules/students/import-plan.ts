import { and, eq, inArray, sql } from 'drizzle-orm'
import type { ErrorDetail } from '../../../shared/schemas/api-error.ts'
import type { ImportColumn } from '../../../shared/schemas/student-imports.ts'
import type { Db } from '../../db/client.ts'
import { enrolments, studentCounters, students } from '../../db/schema/students.ts'
import { postgresErrorCode } from '../../lib/errors.ts'
import { JobError } from '../../lib/jobs/job-kind.ts'
import { firstCampusId, nextRoll } from './student-create.ts'
import { familyKeyOf, naturalKey, type ImportedRow } from './import-rows.ts'
import { rowKey } from '../../db/tenant-rows.ts'

type StudentRow = typeof students.$inferSelect
type EnrolmentRow = typeof enrolments.$inferSelect

/** What writing a row would do to the institute's students, or why it cannot be written. */
interface RowPlan {
  outcome: 'new' | 'updated' | 'unchanged'
  error?: { column: ImportColumn; detail: ErrorDetail }
  student?: StudentRow
  /** The student's changed fields (the student ID included). */
  studentSet: Partial<StudentRow>
  enrolment?: EnrolmentRow
  /** The enrolment's changed fields; undefined when it stays as it is. */
  enrolmentSet?: Partial<EnrolmentRow>
}

function* chunks<T>(items: T[], size = 1000) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size)
}

const unique = <T>(items: T[]) => [...new Set(items)]
const rollKey = (
  session: string,
  klass: string,
  section: string | null | undefined,
  roll: number,
) => `${session}|${klass}|${section ?? ''}|${roll}`

/** Whether the student stored under a row's student ID is somebody else: another name and birthday. */
function anotherPerson(stored: StudentRow, row: ImportedRow) {
  const name = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase()
  if (row.fields.fullName === undefined || name(stored.fullName) === name(row.fields.fullName)) {
    return false
  }
  const born = row.fields.dateOfBirth
  return !born || !stored.dateOfBirth || born !== stored.dateOfBirth
}

/**
 * Matches each row with the institute's students (by student ID, or by name, date of birth and
 * guardian phone when it gives none) and says what writing it would change. Refuses a student
 * ID that names another person and a roll another student holds.
 */
export async function planRows(tx: Db, instituteId: string, rows: ImportedRow[]) {
  const byCode = new Map<string, StudentRow>()
  for (const codes of chunks(unique(rows.filter((r) => r.studentCode).map((r) => r.studentCode)))) {
    const found = await tx
      .select()
      .from(students)
      .where(and(eq(students.instituteId, instituteId), inArray(students.studentCode, codes)))
    for (const s of found) byCode.set(s.studentCode.toLowerCase(), s)
  }
  const byWho = new Map<string, StudentRow[]>()
  const families = unique(
    rows.filter((r) => !r.studentCode).map((r) => familyKeyOf(r.fields.guardianPhone ?? '')),
  )
  for (const keys of chunks(families)) {
    const found = await tx
      .select()
      .from(students)
      .where(and(eq(students.instituteId, instituteId), inArray(students.familyKey, keys)))
    for (const s of found) {
      const k = naturalKey(s.fullName, s.dateOfBirth, s.guardianPhone)
      byWho.set(k, [...(byWho.get(k) ?? []), s])
    }
  }
  const matched = [...byCode.values(), ...[...byWho.values()].flat()]
  const enrolmentOf = new Map<string, EnrolmentRow>()
  for (const ids of chunks(unique(matched.map((s) => s.id)))) {
    const found = await tx.select().from(enrolments).where(inArray(enrolments.studentId, ids))
    for (const e of found) enrolmentOf.set(`${e.studentId}|${e.academicSessionId}`, e)
  }
  const rollHolder = new Map<string, string>()
  const rolled = rows.filter((r) => r.placement.roll !== null)
  const sessionIds = unique(rolled.map((r) => r.placement.academicSessionId))
  for (const rolls of chunks(unique(rolled.map((r) => r.placement.roll!)))) {
    if (!sessionIds.length) break
    const found = await tx
      .select()
      .from(enrolments)
      .where(
        and(
          eq(enrolments.instituteId, instituteId),
          inArray(enrolments.academicSessionId, sessionIds),
          inArray(enrolments.roll, rolls),
        ),
      )
    for (const e of found) {
      rollHolder.set(rollKey(e.academicSessionId, e.classId, e.sectionId, e.roll), e.studentId)
    }
  }

  return rows.map((row): RowPlan => {
    const f = row.fields
    let student: StudentRow | undefined
    if (row.studentCode) {
      student = byCode.get(row.studentCode.toLowerCase())
      if (student && anotherPerson(student, row)) {
        return refused('studentCode', { code: 'student_code_taken' })
      }
    } else {
      const same = byWho.get(naturalKey(f.fullName!, f.dateOfBirth || null, f.guardianPhone!))
      if (same && same.length > 1) return refused('fullName', { code: 'import_ambiguous_student' })
      student = same?.[0]
    }
    const p = row.placement
    if (p.roll !== null) {
      const holder = rollHolder.get(rollKey(p.academicSessionId, p.classId, p.sectionId, p.roll))
      if (holder && holder !== student?.id) {
        return refused('roll', { code: 'roll_taken', values: { roll: p.roll } })
      }
    }
    if (!student) return { outcome: 'new', studentSet: {} }
    const studentSet: Partial<StudentRow> = {}
    for (const [field, value] of Object.entries(f) as [keyof typeof f, string][]) {
      const stored = student[field] ?? ''
      if (stored !== value) Object.assign(studentSet, { [field]: value })
    }
    if (studentSet.dateOfBirth === '') studentSet.dateOfBirth = null
    const enrolment = enrolmentOf.get(`${student.id}|${p.academicSessionId}`)
    const enrolmentSet = enrolment ? placementChanges(enrolment, row) : undefined
    const changed = Object.keys(studentSet).length > 0 || !enrolment || enrolmentSet
    return {
      outcome: changed ? 'updated' : 'unchanged',
      student,
      studentSet,
      enrolment,
      enrolmentSet,
    }
  })
}

const refused = (column: ImportColumn, detail: ErrorDetail): RowPlan => ({
  outcome: 'new',
  error: { column, detail },
  studentSet: {},
})

/** The enrolment's fields the row changes; a class or section changed without a roll gets the next one. */
function placementChanges(e: EnrolmentRow, row: ImportedRow) {
  const p = row.placement
  const set: Partial<EnrolmentRow> = {}
  if (p.classId !== e.classId) set.classId = p.classId
  const section = p.sectionId !== undefined ? p.sectionId : set.classId ? null : e.sectionId
  if (section !== e.sectionId) set.sectionId = section
  if (p.groupId !== undefined && p.groupId !== e.groupId) set.groupId = p.groupId
  if (p.shiftId !== undefined && p.shiftId !== e.shiftId) set.shiftId = p.shiftId
  if (p.roll !== null && p.roll !== e.roll) set.roll = p.roll
  return Object.keys(set).length ? set : undefined
}

/** Reserves `count` student IDs of a year at once: the numbers after the year's last one. */
async function reserveCodes(tx: Db, instituteId: string, year: number, count: number) {
  const [counter] = await tx
    .insert(studentCounters)
    .values({ instituteId, year, lastNumber: count })
    .onConflictDoUpdate({
      target: [studentCounters.instituteId, studentCounters.year],
      set: { lastNumber: sql`${studentCounters.lastNumber} + ${count}` },
    })
    .returning({ last: studentCounters.lastNumber })
  const first = counter!.last - count + 1
  return Array.from({ length: count }, (_, i) => `${year}${String(first + i).padStart(4, '0')}`)
}

export interface BatchCounts {
  created: number
  updated: number
  unchanged: number
}

/**
 * Writes one batch of rows in the caller's transaction: new students with their enrolment,
 * changed fields of existing ones, their enrolment in the row's session added or changed. A
 * row that can no longer be written as checked (a student ID or roll taken since) fails the
 * batch as a whole.
 */
export async function writeRows(
  tx: Db,
  instituteId: string,
  rows: ImportedRow[],
): Promise<BatchCounts> {
  const lines = { from: rows[0]?.line ?? 0, to: rows.at(-1)?.line ?? 0 }
  const plans = await planRows(tx, instituteId, rows)
  if (plans.some((p) => p.error)) throw new JobError('import_conflict', lines)
  const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0 }
  const rolls = new Map<string, number>()
  const rollFor = async (p: ImportedRow['placement'], sectionId: string | null) => {
    const k = `${p.academicSessionId}|${p.classId}|${sectionId ?? ''}`
    const next = rolls.get(k) ?? (await nextRoll(tx, instituteId, { ...p, sectionId }))
    rolls.set(k, next + 1)
    return next
  }
  try {
    const fresh = rows.flatMap((row, i) => (plans[i]!.outcome === 'new' ? [row] : []))
    const codes = new Map<ImportedRow, string>()
    for (const year of unique(fresh.filter((r) => !r.studentCode).map((r) => r.year))) {
      const needing = fresh.filter((r) => !r.studentCode && r.year === year)
      const given = await reserveCodes(tx, instituteId, year, needing.length)
      needing.forEach((r, i) => codes.set(r, given[i]!))
    }
    if (fresh.length) {
      const campusId = await firstCampusId(tx, instituteId)
      const created = await tx
        .insert(students)
        .values(
          fresh.map((r) => ({
            campusId,
            ...r.fields,
            fullName: r.fields.fullName!,
            dateOfBirth: r.fields.dateOfBirth || null,
            instituteId,
            studentCode: r.studentCode || codes.get(r)!,
          })),
        )
        .returning({ id: students.id, studentCode: students.studentCode })
      const idByCode = new Map(created.map((s) => [s.studentCode, s.id]))
      const placed = []
      for (const r of fresh) {
        const sectionId = r.placement.sectionId ?? null
        placed.push({
          instituteId,
          studentId: idByCode.get(r.studentCode || codes.get(r)!)!,
          academicSessionId: r.placement.academicSessionId,
          classId: r.placement.classId,
          groupId: r.placement.groupId ?? null,
          sectionId,
          shiftId: r.placement.shiftId ?? null,
          roll: r.placement.roll ?? (await rollFor(r.placement, sectionId)),
        })
      }
      await tx.insert(enrolments).values(placed)
      counts.created = fresh.length
    }
    for (const [i, plan] of plans.entries()) {
      if (plan.outcome === 'new') continue
      if (plan.outcome === 'unchanged') {
        counts.unchanged++
        continue
      }
      counts.updated++
      const row = rows[i]!
      const student = plan.student!
      if (Object.keys(plan.studentSet).length) {
        await tx
          .update(students)
          .set({ ...plan.studentSet, updatedAt: sql`now()` })
          .where(rowKey(students, student.instituteId, student.id))
      }
      const p = row.placement
      if (!plan.enrolment) {
        const sectionId = p.sectionId ?? null
        await tx.insert(enrolments).values({
          instituteId,
          studentId: student.id,
          academicSessionId: p.academicSessionId,
          classId: p.classId,
          groupId: p.groupId ?? null,
          sectionId,
          shiftId: p.shiftId ?? null,
          roll: p.roll ?? (await rollFor(p, sectionId)),
        })
      } else if (plan.enrolmentSet) {
        const set = { ...plan.enrolmentSet }
        const moved = 'classId' in set || 'sectionId' in set
        if (moved && p.roll === null) {
          set.roll = await rollFor(
            p,
            set.sectionId !== undefined ? set.sectionId : plan.enrolment.sectionId,
          )
        }
        await tx
          .update(enrolments)
          .set({ ...set, updatedAt: sql`now()` })
          .where(rowKey(enrolments, plan.enrolment.instituteId, plan.enrolment.id))
      }
    }
  } catch (err) {
    if (postgresErrorCode(err) === '23505') throw new JobError('import_conflict', lines)
    throw err
  }
  return counts
}
