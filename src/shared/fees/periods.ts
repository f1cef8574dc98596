import { asciiDigits } from '../digits.ts'
import { dateTimeFormat } from '../intl-formats.ts'
import type { CycleFrequency } from '../schemas/fee-setup.ts'
import { instituteLocales } from '../schemas/institutes.ts'

/** A period as a cycle generates it: its days, and when its invoices are issued and due. */
interface PeriodPlan {
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

/** How period names are written: a month ("July 2026"), a run of months ("Jul – Sep 2026"). */
const periodFormats = (locale: string) => ({
  month: dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  range: dateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
})

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
  const { month, range } = periodFormats(locale)
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

/** What a generated name stands for: its first month and how many months it spans. */
interface NamedMonths {
  year: number
  month: number
  months: number
  monthly: boolean
}

/** The names planPeriods gives periods starting in a year, in every language, cached by year. */
const generatedNames = new Map<number, Map<string, NamedMonths>>()

function namesOfYear(year: number): Map<string, NamedMonths> {
  let names = generatedNames.get(year)
  if (names) return names
  names = new Map()
  for (const locale of instituteLocales) {
    const { month: long, range } = periodFormats(locale)
    for (let month = 0; month < 12; month++) {
      const start = new Date(Date.UTC(year, month, 1))
      names.set(long.format(start), { year, month, months: 1, monthly: true })
      for (let months = 1; months <= 12; months++) {
        const end = new Date(Date.UTC(year, month + months, 0))
        const name = range.formatRange(start, end)
        if (!names.has(name)) names.set(name, { year, month, months, monthly: false })
      }
    }
  }
  generatedNames.set(year, names)
  return names
}

/**
 * A period's name in `locale`: a name planPeriods generated, in whichever language the
 * institute had then ("December 2026"), is written again from its months ("Dezember 2026",
 * "ডিসেম্বর ২০২৬"); a name given by hand is the institute's own and stays as it is.
 */
export function periodLabel(name: string, locale: string): string {
  const year = /\d{4}/.exec(asciiDigits(name))?.[0]
  const named = year ? namesOfYear(Number(year)).get(name) : undefined
  if (!named) return name
  const { month: long, range } = periodFormats(locale)
  const start = new Date(Date.UTC(named.year, named.month, 1))
  if (named.monthly) return long.format(start)
  return range.formatRange(start, new Date(Date.UTC(named.year, named.month + named.months, 0)))
}
