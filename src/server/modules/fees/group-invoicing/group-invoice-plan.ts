import { and, eq, inArray } from 'drizzle-orm'
import type {
  GroupInvoicePreview,
  GroupInvoiceScope,
  SkipReason,
} from '../../../../shared/schemas/fees-invoices.ts'
import type { Db } from '../../../db/client.ts'
import { academicSessions, classes } from '../../../db/schema/academic.ts'
import { paymentCycles, paymentPeriods } from '../../../db/schema/fee-setup.ts'
import { validationFailed } from '../../../lib/errors.ts'
import { headsOf } from '../invoices/invoice-create.ts'
import {
  invoicedSlots,
  loadFeeContext,
  planInvoice,
  studentsOf,
  type BilledStudent,
  type FeeHead,
  type Period,
  type PlannedInvoice,
} from '../invoices/invoice-plan.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { previewVat } from './group-invoice-vat.ts'

/*
 * A group run's scope resolved (422 naming the field for an unknown session, period or head),
 * and the invoices of a slice of its students planned: what the preview totals and each batch
 * of the run writes. Recurring heads are invoiced for each period; the other heads once, with
 * the earliest period.
 */

export interface ResolvedScope {
  scope: GroupInvoiceScope
  periods: Period[]
  heads: FeeHead[]
}

export async function resolveScope(
  db: Db,
  instituteId: string,
  scope: GroupInvoiceScope,
): Promise<ResolvedScope> {
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(
      and(
        eq(academicSessions.instituteId, instituteId),
        eq(academicSessions.id, scope.academicSessionId),
      ),
    )
  if (!session) throw validationFailed({ academicSessionId: 'session_required' })
  const periods = (
    await db
      .select({ period: paymentPeriods })
      .from(paymentPeriods)
      .innerJoin(
        paymentCycles,
        rowKey(paymentCycles, paymentPeriods.instituteId, paymentPeriods.cycleId),
      )
      .where(
        and(
          eq(paymentPeriods.instituteId, instituteId),
          inArray(paymentPeriods.id, scope.periodIds),
          eq(paymentCycles.academicSessionId, scope.academicSessionId),
        ),
      )
  ).map((r) => r.period)
  const unknown = scope.periodIds.findIndex((id) => !periods.some((p) => p.id === id))
  if (unknown >= 0) throw validationFailed({ [`periodIds.${unknown}`]: 'unknown_period' })
  periods.sort((a, b) => (a.startsOn < b.startsOn ? -1 : a.startsOn > b.startsOn ? 1 : 0))
  return { scope, periods, heads: await headsOf(db, instituteId, scope.feeHeadIds) }
}

export const scopeStudents = (db: Db, instituteId: string, { scope }: ResolvedScope) =>
  studentsOf(db, instituteId, scope.academicSessionId, scope)

interface SlicePlan {
  planned: PlannedInvoice[]
  skipped: { student: BilledStudent; reason: SkipReason }[]
}

/** The invoices of these students (a slice of the scope's), as the database stands now. */
export async function planSlice(
  db: Db,
  instituteId: string,
  resolved: ResolvedScope,
  slice: BilledStudent[],
): Promise<SlicePlan> {
  const { scope, periods, heads } = resolved
  const headIds = heads.map((h) => h.id)
  const ids = slice.map((s) => s.id)
  const ctx = await loadFeeContext(db, instituteId, scope.academicSessionId, headIds, ids)
  const invoiced = await invoicedSlots(db, instituteId, ids, scope.periodIds, headIds)
  const planned: PlannedInvoice[] = []
  const skipped: SlicePlan['skipped'] = []
  const recurring = heads.filter((h) => h.kind === 'recurring').map((h) => h.id)
  const others = heads.filter((h) => h.kind !== 'recurring').map((h) => h.id)
  for (const student of slice) {
    let reason: SkipReason | undefined
    let any = false
    for (const [i, period] of periods.entries()) {
      const plan = planInvoice(
        ctx,
        student,
        period,
        i === 0 ? [...recurring, ...others] : recurring,
        { issueDate: period.issueDate, dueDate: period.dueDate },
        invoiced,
      )
      if (plan.ok) {
        planned.push(plan.invoice)
        any = true
      } else if (!reason || plan.reason === 'left') reason = plan.reason
    }
    if (!any) skipped.push({ student, reason: reason ?? 'no_fee_configured' })
  }
  return { planned, skipped }
}

/** The preview: invoices, lines and totals per class and head, and who is skipped and why. */
export async function previewGroup(
  db: Db,
  instituteId: string,
  resolved: ResolvedScope,
): Promise<GroupInvoicePreview> {
  const all = await scopeStudents(db, instituteId, resolved)
  const planned: PlannedInvoice[] = []
  const skipped: SlicePlan['skipped'] = []
  for (let at = 0; at < all.length; at += 2000) {
    const part = await planSlice(db, instituteId, resolved, all.slice(at, at + 2000))
    planned.push(...part.planned)
    skipped.push(...part.skipped)
  }
  const classIds = [...new Set(all.map((s) => s.classId))]
  const classNames = new Map(
    (classIds.length
      ? await db
          .select({ id: classes.id, name: classes.name })
          .from(classes)
          .where(inArray(classes.id, classIds))
      : []
    ).map((c) => [c.id, c.name]),
  )
  const headNames = new Map(resolved.heads.map((h) => [h.id, h.name]))
  const totals = new Map<string, GroupInvoicePreview['totals'][number]>()
  let lineCount = 0
  let totalMinor = 0
  for (const invoice of planned) {
    for (const line of invoice.lines) {
      const key = `${invoice.student.classId}:${line.feeHeadId}`
      const total = totals.get(key) ?? {
        classId: invoice.student.classId,
        className: classNames.get(invoice.student.classId) ?? '',
        feeHeadId: line.feeHeadId,
        feeHeadName: headNames.get(line.feeHeadId) ?? '',
        lines: 0,
        netMinor: 0,
      }
      total.lines += 1
      total.netMinor += line.net
      totals.set(key, total)
      lineCount += 1
      totalMinor += line.net
    }
  }
  return {
    invoiceCount: planned.length,
    lineCount,
    totalMinor,
    totals: [...totals.values()],
    skipped: skipped.slice(0, 500).map(({ student, reason }) => ({
      studentId: student.id,
      studentName: student.fullName,
      studentCode: student.studentCode,
      reason,
    })),
    skippedCount: skipped.length,
    ...(await previewVat(db, instituteId, resolved, planned)),
  }
}
