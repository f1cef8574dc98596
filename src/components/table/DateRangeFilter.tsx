import { Trans } from '@lingui/react/macro'

/** "From … To …" day inputs of a list's filters; an emptied input removes that bound. */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string | undefined
  to: string | undefined
  onChange: (next: { from?: string | undefined; to?: string | undefined }) => void
}) {
  return (
    <>
      <label>
        <Trans>From</Trans>{' '}
        <input
          type="date"
          value={from ?? ''}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />
      </label>
      <label>
        <Trans>To</Trans>{' '}
        <input
          type="date"
          value={to ?? ''}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </label>
    </>
  )
}
