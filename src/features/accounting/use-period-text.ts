import { useLingui } from '@lingui/react/macro'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'

/** A report's period in words, for its printed header: either end may be open. */
export function usePeriodText(from: string | undefined, to: string | undefined): string {
  const { t } = useLingui()
  const { date } = useFormat()
  const start = from && date(dayDate(from), 'medium')
  const end = to && date(dayDate(to), 'medium')
  if (start && end) return t`${start} to ${end}`
  if (start) return t`From ${start}`
  if (end) return t`Up to ${end}`
  return t`All dates`
}
