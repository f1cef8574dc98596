/** The ledger bench's year of vouchers: generated the same on every run, and written in bulk. */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../src/server/db/client.ts'
import {
  coaMappings,
  voucherCounters,
  voucherLines,
  vouchers,
} from '../src/server/db/schema/accounting.ts'
import { defaultFiscalYearStartMonth } from '../src/server/modules/accounting/default-chart.ts'
import { coaSettingsOf } from '../src/server/modules/accounting/fiscal-year.ts'
import type { PostingLine, PostingRequest } from '../src/server/modules/accounting/posting.ts'
import { fiscalYearOf } from '../src/shared/fiscal-year.ts'
import type { VoucherType } from '../src/shared/schemas/accounting-queries.ts'

/** The current fiscal year of the default chart (July to June): open for posting. */
export const fiscalYear = (() => {
  const start = fiscalYearOf(new Date().toISOString().slice(0, 10), defaultFiscalYearStartMonth)
  const from = `${start}-07-01`
  const to = `${start + 1}-06-30`
  return { from, to, days: (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 }
})()
/** The default chart's leaves the vouchers use, by GL code (see default-chart.ts). */
export const leafCodes = {
  cashInHand: '1010101001',
  bank: '1010102001',
  feeReceivable: '1010201001',
  vatPayable: '2010201001',
  salaryPayable: '2010301001',
  tuition: '4010101001',
  admission: '4010102001',
  exam: '4010102002',
  concession: '4010202001',
  salaryExpense: '5010101001',
  gatewayCharges: '5010201001',
}
export type Leaf = keyof typeof leafCodes

/** mulberry32: the same vouchers on every run, so runs compare. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The year's vouchers in date order: receipts at the cash counter (Cash in hand, the busy
 * account, against tuition or other fees, sometimes with a fine), receipts into the bank,
 * payments, cash deposits (contra) and journals of 2–4 lines. Lines name an account, or a
 * mapping purpose as the collection module does.
 */
export function yearOfVouchers(n: number, leaf: Record<Leaf, string>, createdBy: string) {
  const rnd = random(5)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!
  /** Whole taka between min and max, in paisa. */
  const amount = (min: number, max: number) => (min + Math.floor(rnd() * (max - min + 1))) * 100
  const dr = (line: PostingLine, debit: number): PostingLine => ({ ...line, debit })
  const cr = (line: PostingLine, credit: number): PostingLine => ({ ...line, credit })
  const cash: PostingLine = { purpose: 'cash' }
  const bank: PostingLine = { purpose: 'bank', key: 'Main bank account' }
  const at = (id: string): PostingLine => ({ accountId: id })
  const start = Date.parse(`${fiscalYear.from}T00:00:00Z`)

  const requests: PostingRequest[] = []
  for (let i = 0; i < n; i++) {
    const day = Math.floor((i * fiscalYear.days) / n)
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10)
    const student = 1 + Math.floor(rnd() * 2_000)
    const r = rnd()
    let request: Omit<PostingRequest, 'date' | 'createdBy'>
    if (r < 0.5) {
      const fee = pick(['tuition', 'tuition', 'tuition', 'admission', 'exam'] as const)
      const due = amount(1_500, 6_000)
      const fine = rnd() < 0.15 ? amount(50, 300) : 0
      request = {
        type: 'receipt',
        source: 'collection',
        narration: `Fees of student ${student}`,
        lines: [
          dr(cash, due + fine),
          cr(at(leaf[fee]), due),
          ...(fine ? [cr({ purpose: 'fine_income' }, fine)] : []),
        ],
      }
    } else if (r < 0.6) {
      const due = amount(1_500, 20_000)
      request = {
        type: 'receipt',
        source: 'collection',
        narration: `Bank transfer from student ${student}`,
        lines: [dr(bank, due), cr(at(leaf.feeReceivable), due)],
      }
    } else if (r < 0.75) {
      const [account, min, max] = pick([
        [leaf.salaryPayable, 8_000, 25_000],
        [leaf.gatewayCharges, 100, 2_000],
        [leaf.salaryExpense, 2_000, 10_000],
      ] as const)
      const paid = amount(min, max)
      request = {
        type: 'payment',
        narration: 'Payment',
        lines: [dr(at(account), paid), cr(rnd() < 0.8 ? cash : bank, paid)],
      }
    } else if (r < 0.8) {
      const deposit = amount(5_000, 30_000)
      request = {
        type: 'contra',
        narration: 'Cash deposited at the bank',
        lines: [dr(bank, deposit), cr(cash, deposit)],
      }
    } else {
      const kind = pick([2, 3, 4] as const)
      const due = amount(1_500, 6_000)
      const lines =
        kind === 2
          ? // Monthly fee billed to a student.
            [dr(at(leaf.feeReceivable), due), cr(at(leaf.tuition), due)]
          : kind === 3
            ? // Salary accrued, tax withheld (to VAT payable, the chart's one tax account).
              [
                dr(at(leaf.salaryExpense), due * 10),
                cr(at(leaf.salaryPayable), due * 9),
                cr(at(leaf.vatPayable), due),
              ]
            : // A receivable settled in cash with a concession and a late fine.
              [
                dr(cash, due),
                dr(at(leaf.concession), due / 2),
                cr(at(leaf.feeReceivable), due + due / 2 - 5_000),
                cr({ purpose: 'fine_income' }, 5_000),
              ]
      request = { type: 'journal', narration: `Journal ${i}`, lines }
    }
    requests.push({ ...request, date, createdBy })
  }
  return requests
}

/**
 * Writes vouchers as postVoucher would (purposes resolved through the mapping, gapless numbers,
 * counters to continue from), but a thousand per transaction in multi-row inserts: only to
 * build the year quickly; it is not measured against a budget. The database still checks that
 * each voucher balances.
 */
export async function insertInBulk(db: Db, instituteId: string, requests: PostingRequest[]) {
  const mapped = new Map(
    (await db.select().from(coaMappings).where(eq(coaMappings.instituteId, instituteId))).map(
      (m) => [`${m.purpose}:${m.key}`, m.accountId],
    ),
  )
  const accountOf = (line: PostingLine) => {
    if (line.purpose === undefined) return line.accountId
    const id = mapped.get(`${line.purpose}:${line.key ?? ''}`)
    if (!id) throw new Error(`no account is mapped for ${line.purpose}`)
    return id
  }
  const { fiscalYearStartMonth } = await coaSettingsOf(db, instituteId)
  const counters = new Map<string, { type: VoucherType; fiscalYear: number; last: number }>()
  const chunk = 1_000 // vouchers; their ~2,300 lines stay under PostgreSQL's 65,535 parameters
  for (let i = 0; i < requests.length; i += chunk) {
    const voucherRows: (typeof vouchers.$inferInsert)[] = []
    const lineRows: (typeof voucherLines.$inferInsert)[] = []
    for (const request of requests.slice(i, i + chunk)) {
      const fiscalYear = fiscalYearOf(request.date, fiscalYearStartMonth)
      const key = `${request.type}:${fiscalYear}`
      const counter = counters.get(key) ?? { type: request.type, fiscalYear, last: 0 }
      counters.set(key, counter)
      const id = randomUUID()
      voucherRows.push({
        id,
        instituteId,
        type: request.type,
        fiscalYear,
        number: ++counter.last,
        date: request.date,
        narration: request.narration,
        source: request.source ?? 'manual',
        createdBy: request.createdBy ?? null,
      })
      for (const [n, line] of request.lines.entries()) {
        lineRows.push({
          voucherId: id,
          instituteId,
          accountId: accountOf(line),
          lineNo: n + 1,
          debit: line.debit ?? 0,
          credit: line.credit ?? 0,
        })
      }
    }
    await db.transaction(async (tx) => {
      await tx.insert(vouchers).values(voucherRows)
      await tx.insert(voucherLines).values(lineRows)
    })
  }
  if (counters.size) {
    await db.insert(voucherCounters).values(
      [...counters.values()].map((c) => ({
        instituteId,
        type: c.type,
        fiscalYear: c.fiscalYear,
        lastNumber: c.last,
      })),
    )
  }
}
