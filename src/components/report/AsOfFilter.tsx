import { Trans } from '@lingui/react/macro'

/** A report's day: the figures as they stood at its end (cleared, the report's default day). */
export function AsOfFilter({
  value,
  onChange,
}: {
  value: string
  onChange: (asOf: string | undefined) => void
}) {
  return (
    <label>
      <Trans>As of</Trans>{' '}
      <input type="date" value={value} onChange={(e) => onChange(e.target.value || undefined)} />
    </label>
  )
}
