import type { CycleFrequency } from '../schemas/fee-setup.ts'

/** A period as a cycle generates it: its days, and when its invoices are issued and due. */
export interface PeriodPlan {
  name: string
  sequence: number
  startsOn: string
  endsOn: string
  issueDate: string
  dueDate: string
}

const monthsPer: Record<Exclude<CycleFrequency, 'custom'>, number> = {
  monthly: 1,
  quarterly: 3,
  half_yearly: 6,
  yearly: 12,
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`)
const iso = (date: Date) => date.toISOString().slice(0, 10)

/** The day `days` after `day` (YYYY-MM-DD), counted in calendar days. */
export function addDays(day: string, days: number): string {
  const date = utc(day)
  date.setUTCDate(date.getUTCDate() + days)
  return iso(date)
}

/** The same day of the month `months` later, or the month's last day when it has no such day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(y, m - 1 + months, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(d, last))
  return iso(first)
}

/**
 * The periods of a cycle over a session's days: consecutive runs of 1, 3, 6 or 12 months from
 * the session's first day, the last one ending with the session; a custom cycle starts as one
 * period spanning the session, to be split by hand. Each is issued on its first day and due
 * `dueAfterDays` later (never after its last day). Names are in `locale`: "July 2026",
 * "Jul – Sep 2026"; a one-period cycle takes the session's name.
 */
export function planPeriods(
  session: { name: string; startsOn: string; endsOn: string },
  frequency: CycleFrequency,
  locale: string,
  dueAfterDays = 9,
): PeriodPlan[] {
  const step = frequency === 'custom' ? undefined : monthsPer[frequency]
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const range = new Intl.DateTimeFormat(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const plans: PeriodPlan[] = []
  let start = session.startsOn
  while (start <= session.endsOn) {
    const next = step ? addMonths(session.startsOn, step * (plans.length + 1)) : undefined
    const end = next && next <= session.endsOn ? addDays(next, -1) : session.endsOn
    const due = addDays(start, dueAfterDays)
    plans.push({
      name: '',
      sequence: plans.length + 1,
      startsOn: start,
      endsOn: end,
      issueDate: start,
      dueDate: due < end ? due : end,
    })
    start = addDays(end, 1)
  }
  for (const plan of plans) {
    plan.name =
      plans.length === 1
        ? session.name
        : step === 1
          ? month.format(utc(plan.startsOn))
          : range.formatRange(utc(plan.startsOn), utc(plan.endsOn))
  }
  return plans
}
