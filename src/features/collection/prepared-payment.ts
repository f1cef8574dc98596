import { allocate, byCollectionOrder, totalDue } from '../../shared/fees/allocation.ts'
import type {
  Allocation,
  CreatePayment,
  Family,
  OpenLine,
} from '../../shared/schemas/collection-payments.ts'
import type { CounterTenderMethod as TenderMethod } from '../../shared/schemas/collection-search.ts'

/*
 * The payment the counter prepares from what the cashier chose: the lines ticked (all, by
 * default), the amount received (what they come to, unless typed), the advances used, how the
 * money came. Where each minor unit goes is the shared allocation (oldest due first, then the
 * head's priority, a line's fine before its fee), so the preview is exactly what is saved.
 */

export interface TenderDraft {
  method: TenderMethod
  /** Typed for every tender but the first, which takes what the others leave. */
  amount: string
  /** Cash handed over, for the change. */
  tendered: string
  bankAccount: string
  reference: string
  issuer: string
  chequeDate: string
}

export interface PaymentDraft {
  /** Lines the cashier unticked. */
  unticked: string[]
  /** The amount received as typed; null while it follows the lines ticked. */
  amount: string | null
  /** Students whose advance pays. */
  useAdvance: string[]
  /** Who keeps what is received beyond the lines; null: the student looked up. */
  advanceTo: string | null
  tenders: TenderDraft[]
}

export const newTender = (method: TenderMethod = 'cash'): TenderDraft => ({
  method,
  amount: '',
  tendered: '',
  bankAccount: '',
  reference: '',
  issuer: '',
  chequeDate: '',
})

export const emptyDraft = (): PaymentDraft => ({
  unticked: [],
  amount: null,
  useAdvance: [],
  advanceTo: null,
  tenders: [newTender()],
})

export interface PreparedPayment {
  /** Every open line, in the order the money goes. */
  lines: OpenLine[]
  selected: OpenLine[]
  /** What the ticked lines come to: fees and fines. */
  dueMinor: number
  advanceUsedMinor: number
  /** The money received; undefined when the amount typed is no amount. */
  receivedMinor: number | undefined
  allocations: Map<string, Allocation>
  /** Received beyond the lines: kept as an advance. */
  restMinor: number
  /** Each tender's amount (the first's worked out), undefined where typed wrong. */
  tenderAmounts: (number | undefined)[]
  /** Cash handed over beyond the cash tenders: to give back. */
  changeMinor: number
  body: CreatePayment
}

const sum = (values: number[]) => values.reduce((s, x) => s + x, 0)

export function preparePayment(
  family: Family,
  draft: PaymentDraft,
  parse: (text: string) => number | undefined,
): PreparedPayment {
  const lines = byCollectionOrder(family.members.flatMap((m) => m.lines))
  const selected = lines.filter((l) => !draft.unticked.includes(l.lineId))
  const dueMinor = totalDue(selected)
  let toCover = dueMinor
  const advanceUsed: { studentId: string; amountMinor: number }[] = []
  for (const m of family.members) {
    if (!draft.useAdvance.includes(m.studentId) || m.advanceMinor <= 0 || toCover <= 0) continue
    const amountMinor = Math.min(m.advanceMinor, toCover)
    advanceUsed.push({ studentId: m.studentId, amountMinor })
    toCover -= amountMinor
  }
  const advanceUsedMinor = sum(advanceUsed.map((a) => a.amountMinor))
  const receivedMinor = draft.amount === null ? dueMinor - advanceUsedMinor : parse(draft.amount)
  const { allocations, restMinor } = allocate(selected, (receivedMinor ?? 0) + advanceUsedMinor)
  const others = draft.tenders.slice(1).map((t) => parse(t.amount))
  const first = (receivedMinor ?? 0) - sum(others.map((x) => x ?? 0))
  const tenderAmounts = [first < 0 ? undefined : first, ...others]
  const tenders = draft.tenders.flatMap((t, i) => {
    const amountMinor = tenderAmounts[i]
    if (!amountMinor) return []
    const tendered = t.method === 'cash' && t.tendered.trim() ? parse(t.tendered) : undefined
    return [
      {
        method: t.method,
        amountMinor,
        ...(tendered !== undefined && { tenderedMinor: tendered }),
        bankAccount: t.bankAccount,
        reference: t.reference,
        issuer: t.issuer,
        ...(t.chequeDate && { chequeDate: t.chequeDate }),
      },
    ]
  })
  const changeMinor = sum(
    tenders.map((t) =>
      t.method === 'cash' && t.tenderedMinor !== undefined
        ? Math.max(0, t.tenderedMinor - t.amountMinor)
        : 0,
    ),
  )
  const lookedUp = family.members[0]!.studentId
  return {
    lines,
    selected,
    dueMinor,
    advanceUsedMinor,
    receivedMinor,
    allocations: new Map(allocations.map((a) => [a.lineId, a])),
    restMinor,
    tenderAmounts,
    changeMinor,
    body: {
      studentId: lookedUp,
      allocations,
      advanceUsed,
      toAdvance:
        restMinor > 0 ? { studentId: draft.advanceTo ?? lookedUp, amountMinor: restMinor } : null,
      tenders,
    },
  }
}
