import { sql, type SQL } from 'drizzle-orm'
import type {
  AdvanceFamily,
  AdvanceHolderList,
  AdvanceMovement,
  AdvanceOverride,
} from '../../../shared/schemas/advances.ts'
import type { Db } from '../../db/client.ts'
import { pgArray } from '../../lib/sql-arrays.ts'
import { familyAtCounter, searchCounter, studentsWhere, type StudentRow } from './family-read.ts'
import { advanceBalances } from './advance-balances.ts'
import { rowsOf } from '../../db/rows.ts'
import { inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'

/* Reading advances: who holds one, a family's movements, and the overrides asked and done. */
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString())

/**
 * The students holding an advance, largest first (at most 100), or those the text finds (as
 * the counter finds them) with their balance; and Σ of every advance.
 */
export async function advanceHolders(
  db: Db,
  instituteId: string,
  q: string,
  scope: CampusScope,
): Promise<AdvanceHolderList> {
  const [total] = rowsOf<{ total: string | null }>(
    await db.execute(sql`select sum(m.amount_minor) as total from advance_movements m
      join students s on s.institute_id = m.institute_id and s.id = m.student_id
      where m.institute_id = ${instituteId} and ${inCampusScope(scope, sql`s.campus_id`)}`),
  )
  const totalMinor = Number(total?.total ?? 0)
  if (q) {
    const found = await searchCounter(db, instituteId, q, scope)
    const balances = await advanceBalances(
      db,
      instituteId,
      found.map((m) => m.studentId),
    )
    return {
      totalMinor,
      data: found.map((m) => ({
        studentId: m.studentId,
        studentCode: m.studentCode,
        fullName: m.fullName,
        className: m.className,
        advanceMinor: balances.get(m.studentId) ?? 0,
      })),
    }
  }
  const rows = rowsOf<StudentRow & { balance: string }>(
    await db.execute(sql`with held as (
        select student_id, sum(amount_minor) as balance from advance_movements
        where institute_id = ${instituteId} group by student_id having sum(amount_minor) <> 0)
      select st.*, held.balance from (${studentsWhere(
        instituteId,
        sql`s.id in (select student_id from held) and ${inCampusScope(scope, sql`s.campus_id`)}`,
      )}) st join held on held.student_id = st.id
      order by held.balance desc, st.full_name limit 100`),
  )
  return {
    totalMinor,
    data: rows.map((r) => ({
      studentId: r.id,
      studentCode: r.student_code,
      fullName: r.full_name,
      className: r.class_name,
      advanceMinor: Number(r.balance),
    })),
  }
}

interface OverrideRow {
  id: string
  kind: AdvanceOverride['kind']
  status: AdvanceOverride['status']
  student_id: string
  student_name: string
  to_student_name: string | null
  amount_minor: string
  method: string | null
  bank_account: string
  receipt_number: string | null
  reason: string
  requested_by: string
  requested_by_id: string
  created_at: Date | string
  decided_by: string | null
  decided_at: Date | string | null
  decision_note: string
}

/** The institute's overrides that `where` picks (on `o`), newest first. */
export async function listedOverrides(
  db: Db,
  instituteId: string,
  where: SQL,
): Promise<AdvanceOverride[]> {
  const rows = rowsOf<OverrideRow>(
    await db.execute(sql`select o.id, o.kind, o.status, o.student_id, s.full_name as student_name,
        t.full_name as to_student_name, o.amount_minor, o.method, o.bank_account,
        p.number as receipt_number, o.reason, r.full_name as requested_by,
        o.requested_by as requested_by_id, o.created_at, d.full_name as decided_by,
        o.decided_at, o.decision_note
      from advance_overrides o
      join students s on s.institute_id = o.institute_id and s.id = o.student_id
      left join students t on t.institute_id = o.institute_id and t.id = o.to_student_id
      left join payments p on p.institute_id = o.institute_id and p.id = o.payment_id
      join users r on r.id = o.requested_by
      left join users d on d.id = o.decided_by
      where o.institute_id = ${instituteId} and ${where}
      order by o.created_at desc, o.id limit 200`),
  )
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    studentId: r.student_id,
    studentName: r.student_name,
    toStudentName: r.to_student_name,
    amountMinor: Number(r.amount_minor),
    method: r.method,
    bankAccount: r.bank_account,
    receiptNumber: r.receipt_number,
    reason: r.reason,
    requestedBy: r.requested_by,
    requestedById: r.requested_by_id,
    requestedAt: iso(r.created_at)!,
    decidedBy: r.decided_by,
    decidedAt: iso(r.decided_at),
    decisionNote: r.decision_note,
  }))
}

interface MovementRow {
  id: string
  student_id: string
  kind: AdvanceMovement['kind']
  amount_minor: string
  reason: string
  receipt_number: string | null
  undo_payment_id: string | null
  created_at: Date | string
  created_by: string | null
}

/** The students' advance movements, newest first; a use by an adjustment receipt may be undone. */
async function movementsOf(
  db: Db,
  instituteId: string,
  studentIds: string[],
): Promise<AdvanceMovement[]> {
  const rows = rowsOf<MovementRow>(
    await db.execute(sql`select m.id, m.student_id, m.kind, m.amount_minor, m.reason,
        p.number as receipt_number, m.created_at, u.full_name as created_by,
        case when m.kind = 'used' and p.amount_minor = 0 and p.status = 'posted'
          then p.id end as undo_payment_id
      from advance_movements m
      left join payments p on p.institute_id = m.institute_id and p.id = m.payment_id
      left join users u on u.id = m.created_by
      where m.institute_id = ${instituteId} and m.student_id = any(${pgArray(studentIds)}::uuid[])
      order by m.created_at desc, m.id limit 500`),
  )
  return rows.map((r) => ({
    id: r.id,
    studentId: r.student_id,
    kind: r.kind,
    amountMinor: Number(r.amount_minor),
    reason: r.reason,
    receiptNumber: r.receipt_number,
    undoPaymentId: r.undo_payment_id,
    createdAt: iso(r.created_at)!,
    createdBy: r.created_by,
  }))
}

/**
 * A family's advances: the counter's view of it as of `asOf` (its lines' fines), every member's
 * movements and overrides.
 */
export async function familyAdvances(
  db: Db,
  instituteId: string,
  studentId: string | undefined,
  asOf: string,
): Promise<AdvanceFamily> {
  const family = await familyAtCounter(db, instituteId, studentId, asOf)
  const ids = family.members.map((m) => m.studentId)
  return {
    family,
    movements: await movementsOf(db, instituteId, ids),
    overrides: await listedOverrides(
      db,
      instituteId,
      sql`(o.student_id = any(${pgArray(ids)}::uuid[]))`,
    ),
  }
}
