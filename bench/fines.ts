/**
 * The fines benchmark: the late fees of 600,000 open invoice lines as of one day —
 * what a fines report or an institute-wide preview asks for — through finesOfPeriod, one call
 * per student's period as the server makes it. 120,000 students × 5 heads, due dates over half
 * a year, some lines part-paid, rules of every kind, line and period caps. Pure computation:
 * no database, so the figure is the rules' own cost.
 *
 * Called by bench/run.ts; `node --import tsx bench/fines.ts` runs it alone.
 */
import { fileURLToPath } from 'node:url'
import { dateOfDay, dayNumber } from '../src/shared/fees/days.ts'
import { finesOfPeriod, type FineLine, type FineRule } from '../src/shared/fees/fine.ts'
import { budgets } from './budgets.ts'
import { median } from './median.ts'

const students = 120_000
const heads = ['tuition', 'transport', 'exam', 'library', 'sports'] as const
const asOf = '2026-11-27'
const runs = 5

const rule = (id: string, feeHeadId: string | null, extra: Partial<FineRule>): FineRule => ({
  id,
  feeHeadId,
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  graceDays: 7,
  charge: { kind: 'fixed_once', amount: 5_000 },
  lineCap: null,
  periodCap: null,
  ...extra,
})
const rules: FineRule[] = [
  rule('all-heads', null, {
    charge: {
      kind: 'slabs',
      slabs: [
        { fromDay: 1, amount: 2_000 },
        { fromDay: 11, amount: 5_000 },
        { fromDay: 31, amount: 10_000 },
      ],
    },
  }),
  rule('tuition', 'tuition', { charge: { kind: 'per_day', amount: 1_000 }, lineCap: 50_000 }),
  rule('transport', 'transport', { charge: { kind: 'percent', rateBp: 200 } }),
  rule('exam', 'exam', { charge: { kind: 'per_week', amount: 2_500 }, periodCap: 8_000 }),
  rule('old-tuition', 'tuition', { effectiveTo: '2025-12-31' }),
]

/** mulberry32: the same lines on every run. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Each student's lines of their period, due on one day of the half year before asOf. */
function periods(): FineLine[][] {
  const next = random(17)
  const today = dayNumber(asOf)
  return Array.from({ length: students }, (_, s) => {
    const due = dateOfDay(today - 10 - Math.floor(next() * 180))
    return heads.map((feeHeadId, h) => {
      const amount = 50_000 + Math.floor(next() * 500_000)
      const paid = next()
      const payments =
        paid < 0.6
          ? []
          : [
              {
                date: dateOfDay(dayNumber(due) + Math.floor(next() * 60)),
                amount: Math.floor(amount * paid),
              },
            ]
      return { id: `${s}-${h}`, feeHeadId, dueDate: due, amount, payments }
    })
  })
}

function measure() {
  const all = periods()
  const lines = all.length * heads.length
  let total = 0
  const times: number[] = []
  for (let run = 0; run <= runs; run++) {
    const started = performance.now()
    total = 0
    for (const period of all)
      for (const fine of finesOfPeriod(period, rules, asOf)) total += fine.amount
    if (run > 0) times.push(performance.now() - started) // the first run warms the JIT up
  }
  const ms = median(times)
  return { lines, ms, linesPerSecond: (lines / ms) * 1000, total }
}

/** Measures and prints against the budget; `verdict` answers "ok" or "OVER BUDGET". */
export function finesBench(verdict: (ok: boolean) => string) {
  const { lines, ms, linesPerSecond, total } = measure()
  console.log(
    `Fines of ${lines.toLocaleString('en')} open lines as of one day (finesOfPeriod per student, median of ${runs}): ` +
      `${ms.toFixed(0)} ms, ${Math.round(linesPerSecond).toLocaleString('en')} lines/s ` +
      `(fines total ${total.toLocaleString('en')} minor units), ` +
      `budget at least ${budgets.fineLinesPerSecondMin.toLocaleString('en')}  ` +
      verdict(linesPerSecond >= budgets.fineLinesPerSecondMin),
  )
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false
  finesBench((ok) => {
    if (!ok) failed = true
    return ok ? 'ok' : 'OVER BUDGET'
  })
  process.exitCode = failed ? 1 : 0
}
