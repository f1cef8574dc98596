import { Trans } from '@lingui/react/macro'
import { Fragment, useEffect, useState, type ReactNode } from 'react'
import { useFormat } from '../lib/format.ts'
import { currentInstitute } from '../lib/working-institute.ts'

/** One of a printed report's filters: what it is and what was chosen ("Account", "1010 Cash"). */
interface PrintFilter {
  label: ReactNode
  value: ReactNode
}

/**
 * When the page is printed, as date and time in the user's language: the time it was shown,
 * brought up to date when printing starts.
 */
export function usePrintedAt(): string {
  const { dateTime } = useFormat()
  const [at, setAt] = useState(() => new Date())
  useEffect(() => {
    const now = () => setAt(new Date())
    window.addEventListener('beforeprint', now)
    return () => window.removeEventListener('beforeprint', now)
  }, [])
  return dateTime(at)
}

/**
 * The top of a printed report, on paper only (print.css): the institute's name, the filters the
 * report was shown with and when it was printed. The page's own title follows it.
 */
export function PrintHeader({ filters }: { filters: readonly PrintFilter[] }) {
  const institute = currentInstitute()?.name
  const printedAt = usePrintedAt()
  return (
    <header className="print-header print-only" data-testid="print-header">
      {institute && <p className="print-institute">{institute}</p>}
      <dl className="print-facts">
        {filters.map((filter, i) => (
          <Fragment key={i}>
            <dt>{filter.label}</dt>
            <dd>{filter.value}</dd>
          </Fragment>
        ))}
        <dt>
          <Trans>Printed</Trans>
        </dt>
        <dd>{printedAt}</dd>
      </dl>
    </header>
  )
}
