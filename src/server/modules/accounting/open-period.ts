import type { ErrorValues } from '../../../shared/schemas/api-error.ts'
import { ApiException } from '../../lib/errors.ts'
import { fiscalYearOf, fiscalYearStart } from '../../../shared/fiscal-year.ts'

/** The days a voucher may be dated on, first and last included. */
interface OpenPeriod {
  from: string
  to: string
  /** The books are closed through this day, when they are. */
  lockDate: string | null
}

/** YYYY-MM-DD `days` after (or before) a YYYY-MM-DD date. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/**
 * Open are the previous, the current and the next fiscal year as seen from today, except the
 * days on or before the lock date.
 */
export function openPeriod(today: string, startMonth: number, lockDate: string | null): OpenPeriod {
  const current = fiscalYearOf(today, startMonth)
  const earliest = fiscalYearStart(current - 1, startMonth)
  const afterLock = lockDate === null ? earliest : addDays(lockDate, 1)
  return {
    from: afterLock > earliest ? afterLock : earliest,
    to: addDays(fiscalYearStart(current + 2, startMonth), -1),
    lockDate,
  }
}

/** Refuses (422, naming `date`) a voucher dated outside the open period. */
export function assertDateOpen(date: string, { from, to, lockDate }: OpenPeriod): void {
  const refuse = (code: 'date_locked' | 'date_not_open', values: ErrorValues) =>
    new ApiException(422, code, values, { fields: { date: [{ code, values }] } })
  if (lockDate !== null && date <= lockDate) throw refuse('date_locked', { lockDate, from, to })
  if (date < from || date > to) throw refuse('date_not_open', { from, to })
}
