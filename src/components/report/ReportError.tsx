import { Trans } from '@lingui/react/macro'
import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { apiError, httpStatus } from '../../lib/http-error.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { RouteError } from '../offline/RouteError.tsx'

/**
 * A report route's error: a report the server refuses for its filters (a campus outside the
 * reader's, README "Campus scope") says why in the reader's language, with the report
 * unfiltered a click away; anything else as every page shows it.
 */
export function ReportError(props: ErrorComponentProps) {
  const { refusalText } = useServerErrors()
  if (httpStatus(props.error) !== 403 || !apiError(props.error)?.code) {
    return <RouteError {...props} />
  }
  return (
    <section className="card" role="alert" data-testid="report-refused">
      <p>{refusalText(props.error)}</p>
      <Link to="." search={{}} className="button">
        <Trans>Show the report without filters</Trans>
      </Link>
    </section>
  )
}
