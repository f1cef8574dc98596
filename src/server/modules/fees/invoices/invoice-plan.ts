import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { allocateFixed, type Concession } from '../../../../shared/fees/concession.ts'
import { computeInvoiceLine } from '../../../../shared/fees/invoice-line.ts'
import type { VatRate } from '../../../../shared/fees/vat.ts'
import type {
  InvoiceLineExplanation,
  SkipReason,
} from '../../../../shared/schemas/fees-invoices.ts'
import type { Db } from '../../../db/client.ts'
import { invoiceLines } from '../../../db/schema/fee-invoices.ts'
import { concessions } from '../../../db/schema/fee-rules.ts'
import {
  feeConfigs,
  feeHeads,
  paymentPeriods,
  studentFeeOverrides,
  vatRates,
} from '../../../db/schema/fee-setup.ts'
import { enrolled } from '../../students/enrolment-read.ts'
import { anyUuid } from '../../../lib/sql-arrays.ts'

/*
 * What an invoice would hold, before anything is written: the student's lines for a period (or
 * none) and the chosen heads, each computed by computeInvoiceLine from the most specific fee
 * configuration (or the student's override), the approved concessions in force and the VAT rate
 * in force on the issue date. Loaded in bulk for many students at once (a group run's batch).
 */

export type FeeHead = typeof feeHeads.$inferSelect
export type Period = typeof paymentPeriods.$inferSelect

export interface BilledStudent {
  id: string
  fullName: string
  studentCode: string
  status: 'active' | 'left' | 'graduated'
  campusId: string
  classId: string
  groupId: string | null
  sectionId: string | null
}

export interface PlannedLine {
  feeHeadId: string
  periodId: string | null
  gross: number
  concession: number
  vat: number
  net: number
  income: number
  concessionId: string | null
  vatRateBp: number
  vatInclusive: boolean
  explanation: InvoiceLineExplanation
}

export interface PlannedInvoice {
  student: BilledStudent
  periodId: string | null
  issueDate: string
  dueDate: string
  lines: PlannedLine[]
}

type ConcessionRow = typeof concessions.$inferSelect

/** Everything the lines of these students depend on, read once. */
interface FeeContext {
  heads: Map<string, FeeHead>
  configs: (typeof feeConfigs.$inferSelect)[]
  overrides: Map<string, typeof studentFeeOverrides.$inferSelect>
  concessions: Map<string, ConcessionRow[]>
  vat: Map<string, VatRate[]>
  /** Every period a concession's range names, for its dates. */
  periods: Map<string, Period>
}

/** The session's enrolled students, with where they are placed; narrowed as the caller asks. */
export async function studentsOf(
  db: Db,
  instituteId: string,
  sessionId: string,
  where: {
    studentIds?: string[]
    campusId?: string | null
    classIds?: string[]
    sectionIds?: string[]
    groupIds?: string[]
  } = {},
): Promise<BilledStudent[]> {
  const { studentIds, campusId, classIds, sectionIds, groupIds } = where
  const inSession = enrolled(db, {
    instituteId,
    academicSessionId: sessionId,
    studentIds,
    campusId,
    classIds,
    sectionIds,
    groupIds,
  })
  return db
    .select({
      id: inSession.studentId,
      fullName: inSession.fullName,
      studentCode: inSession.studentCode,
      status: inSession.status,
      campusId: inSession.campusId,
      classId: inSession.classId,
      groupId: inSession.groupId,
      sectionId: inSession.sectionId,
    })
    .from(inSession)
    .orderBy(inSession.classId, inSession.studentCode)
}

export async function loadFeeContext(
  db: Db,
  instituteId: string,
  sessionId: string,
  headIds: string[],
  studentIds: string[],
): Promise<FeeContext> {
  const heads = await db
    .select()
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, instituteId), inArray(feeHeads.id, headIds)))
  const configs = await db
    .select()
    .from(feeConfigs)
    .where(
      and(
        eq(feeConfigs.instituteId, instituteId),
        eq(feeConfigs.academicSessionId, sessionId),
        inArray(feeConfigs.feeHeadId, headIds),
      ),
    )
  const overrides = studentIds.length
    ? await db
        .select()
        .from(studentFeeOverrides)
        .where(
          and(
            eq(studentFeeOverrides.instituteId, instituteId),
            eq(studentFeeOverrides.academicSessionId, sessionId),
            anyUuid(studentFeeOverrides.studentId, studentIds),
            inArray(studentFeeOverrides.feeHeadId, headIds),
          ),
        )
    : []
  const granted = studentIds.length
    ? await db
        .select()
        .from(concessions)
        .where(
          and(
            eq(concessions.instituteId, instituteId),
            eq(concessions.academicSessionId, sessionId),
            eq(concessions.status, 'approved'),
            anyUuid(concessions.studentId, studentIds),
            or(isNull(concessions.feeHeadId), inArray(concessions.feeHeadId, headIds)),
          ),
        )
        .orderBy(concessions.createdAt, concessions.id)
    : []
  const rates = await db
    .select()
    .from(vatRates)
    .where(and(eq(vatRates.instituteId, instituteId), inArray(vatRates.feeHeadId, headIds)))
  const rangeIds = [
    ...new Set(granted.flatMap((c) => [c.fromPeriodId, c.toPeriodId]).filter((p) => p !== null)),
  ]
  const periods = rangeIds.length
    ? await db.select().from(paymentPeriods).where(inArray(paymentPeriods.id, rangeIds))
    : []
  const byStudent = new Map<string, ConcessionRow[]>()
  for (const c of granted) byStudent.set(c.studentId, [...(byStudent.get(c.studentId) ?? []), c])
  const vat = new Map<string, VatRate[]>()
  for (const r of rates) {
    vat.set(r.feeHeadId, [
      ...(vat.get(r.feeHeadId) ?? []),
      { id: r.id, rateBp: r.rateBp, inclusive: r.inclusive, effectiveFrom: r.effectiveFrom },
    ])
  }
  return {
    heads: new Map(heads.map((h) => [h.id, h])),
    configs,
    overrides: new Map(overrides.map((o) => [`${o.studentId}:${o.feeHeadId}`, o])),
    concessions: byStudent,
    vat,
    periods: new Map(periods.map((p) => [p.id, p])),
  }
}

/**
 * The configured amount of a head for a student: of the rows for the student's class (and the
 * period's cycle, for a recurring head), the most specific — a matching group and campus beat
 * "any", a group more than a campus. Null when none is configured.
 */
function configuredAmount(
  ctx: FeeContext,
  student: BilledStudent,
  head: FeeHead,
  period: Period | null,
): number | null {
  let best: { score: number; amount: number } | null = null
  for (const c of ctx.configs) {
    if (c.feeHeadId !== head.id || c.classId !== student.classId) continue
    if (c.groupId !== null && c.groupId !== student.groupId) continue
    if (c.campusId !== null && c.campusId !== student.campusId) continue
    if (head.kind === 'recurring' ? c.cycleId !== period?.cycleId : c.cycleId !== null) continue
    const score = (c.groupId ? 2 : 0) + (c.campusId ? 1 : 0)
    if (!best || score > best.score) best = { score, amount: c.amountMinor }
  }
  return best?.amount ?? null
}

/** Whether a concession's period range covers the period (or, without one, the issue day). */
function inForce(ctx: FeeContext, c: ConcessionRow, period: Period | null, issueDate: string) {
  const from = c.fromPeriodId ? ctx.periods.get(c.fromPeriodId) : undefined
  const to = c.toPeriodId ? ctx.periods.get(c.toPeriodId) : undefined
  const day = period?.startsOn ?? issueDate
  return (!from || from.startsOn <= day) && (!to || day <= to.endsOn)
}

const termsOf = (c: ConcessionRow): Concession =>
  c.kind === 'percent'
    ? { id: c.id, kind: 'percent', rateBp: c.rateBp ?? 0 }
    : { id: c.id, kind: 'fixed', amount: c.amountMinor ?? 0 }

/**
 * A student's invoice for a period (or none) and heads, or why there is none. Heads already
 * invoiced for the student and period (`invoiced` holds `student:period:head`) are left out.
 */
export function planInvoice(
  ctx: FeeContext,
  student: BilledStudent,
  period: Period | null,
  headIds: string[],
  dates: { issueDate: string; dueDate: string },
  invoiced: Set<string>,
): { ok: true; invoice: PlannedInvoice } | { ok: false; reason: SkipReason } {
  if (student.status !== 'active') return { ok: false, reason: 'left' }
  const grosses: { head: FeeHead; gross: number; override: number | null; configured: number }[] =
    []
  let anyInvoiced = false
  for (const headId of headIds) {
    const head = ctx.heads.get(headId)
    if (!head) continue
    if (invoiced.has(`${student.id}:${period?.id ?? ''}:${headId}`)) {
      anyInvoiced = true
      continue
    }
    const override = ctx.overrides.get(`${student.id}:${headId}`)
    if (override?.excluded) continue
    const configured = configuredAmount(ctx, student, head, period)
    const amount = override?.amountMinor ?? configured
    if (amount === null || amount === undefined || amount === 0) continue
    grosses.push({
      head,
      gross: amount,
      override: override?.amountMinor ?? null,
      configured: configured ?? 0,
    })
  }
  if (!grosses.length)
    return { ok: false, reason: anyInvoiced ? 'already_invoiced' : 'no_fee_configured' }

  const granted = (ctx.concessions.get(student.id) ?? []).filter((c) =>
    inForce(ctx, c, period, dates.issueDate),
  )
  // An all-heads fixed concession is shared over the lines by their gross.
  const shared = new Map<string, number[]>()
  for (const c of granted) {
    if (c.feeHeadId === null && c.kind === 'fixed') {
      shared.set(
        c.id,
        allocateFixed(
          c.amountMinor ?? 0,
          grosses.map((g) => g.gross),
        ),
      )
    }
  }
  const lines: PlannedLine[] = []
  for (const [i, { head, override, configured }] of grosses.entries()) {
    const own = granted
      .filter((c) => c.feeHeadId === head.id || c.feeHeadId === null)
      .map((c): Concession => {
        const part = shared.get(c.id)
        return part ? { id: c.id, kind: 'fixed', amount: part[i]! } : termsOf(c)
      })
      .filter((c) => c.kind === 'percent' || c.amount > 0)
    const computed = computeInvoiceLine({
      configuredAmount: configured,
      override,
      concessions: own,
      vatHistory: ctx.vat.get(head.id) ?? [],
      issueDate: dates.issueDate,
    })
    // Percentages are stored as 1–100 %: a refusal cannot come from stored concessions.
    if (!computed.ok) throw new Error(`concession ${computed.concessionId} is over 100 %`)
    const { line } = computed
    const categories = new Map(granted.map((c) => [c.id, c.category]))
    lines.push({
      feeHeadId: head.id,
      periodId: period?.id ?? null,
      gross: line.gross,
      concession: line.concession,
      vat: line.vat,
      net: line.net,
      income: line.income,
      concessionId: line.explanation.concessions.find((a) => a.amount > 0)?.concession.id ?? null,
      vatRateBp: line.explanation.vat?.rate.rateBp ?? 0,
      vatInclusive: line.explanation.vat?.rate.inclusive ?? false,
      explanation: {
        gross: line.explanation.gross,
        concessions: line.explanation.concessions.map((a) => ({
          concessionId: a.concession.id,
          kind: a.concession.kind,
          rateBp: a.concession.kind === 'percent' ? a.concession.rateBp : null,
          amount: a.amount,
          category: categories.get(a.concession.id) ?? 'other',
        })),
        vat: line.explanation.vat && {
          rateBp: line.explanation.vat.rate.rateBp,
          inclusive: line.explanation.vat.rate.inclusive,
          base: line.explanation.vat.base,
          amount: line.explanation.vat.amount,
        },
      },
    })
  }
  return {
    ok: true,
    invoice: { student, periodId: period?.id ?? null, ...dates, lines },
  }
}

/** The `student:period:head` slots already invoiced (not cancelled) among these. */
export async function invoicedSlots(
  db: Db,
  instituteId: string,
  studentIds: string[],
  periodIds: (string | null)[],
  headIds: string[],
): Promise<Set<string>> {
  if (!studentIds.length) return new Set()
  const withPeriod = periodIds.filter((p) => p !== null)
  const rows = await db
    .select({
      studentId: invoiceLines.studentId,
      periodId: invoiceLines.periodId,
      feeHeadId: invoiceLines.feeHeadId,
    })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.instituteId, instituteId),
        anyUuid(invoiceLines.studentId, studentIds),
        inArray(invoiceLines.feeHeadId, headIds),
        withPeriod.length ? inArray(invoiceLines.periodId, withPeriod) : sql`false`,
        sql`not ${invoiceLines.cancelled} and ${invoiceLines.creditsLineId} is null`,
      ),
    )
  return new Set(rows.map((r) => `${r.studentId}:${r.periodId ?? ''}:${r.feeHeadId}`))
}
