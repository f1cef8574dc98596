import { Trans } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { useServerErrors } from '../../lib/server-errors.ts'

/** A family's read as the counter and the advances page show it: the family, why not, or wait. */
export function FamilyRead<T>({
  read,
  children,
}: {
  read: UseQueryResult<T>
  children: (data: T) => ReactElement
}): ReactElement {
  const { refusalText } = useServerErrors()
  if (read.data) return children(read.data)
  if (read.isError) {
    return (
      <p className="alert alert-danger" role="alert">
        {refusalText(read.error)}
      </p>
    )
  }
  return (
    <p className="muted" role="status">
      <Trans>Loading the family…</Trans>
    </p>
  )
}
