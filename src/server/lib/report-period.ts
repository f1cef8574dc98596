import { validationFailed } from './errors.ts'

/**
 * A report's period as asked for: `from`–`to`, this month to `today` (the institute's) unless
 * given, or from `defaultFrom(today)`; a period ending before it starts is a 422 on `to`.
 */
export function reportPeriod(
  query: { from?: string; to?: string },
  today: string,
  defaultFrom: (today: string) => string = (day) => `${day.slice(0, 8)}01`,
) {
  const from = query.from ?? defaultFrom(today)
  const to = query.to ?? today
  if (to < from) throw validationFailed({ to: 'end_before_start' })
  return { from, to }
}
