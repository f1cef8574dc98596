import { Trans } from '@lingui/react/macro'

/** Under each question or attachment: its own error, "Required", and a way to remove it. */
export function ItemFooter({
  error,
  required,
  onRequiredChange,
  removeLabel,
  onRemove,
}: {
  error: string | undefined
  required: boolean
  onRequiredChange: (required: boolean) => void
  removeLabel: string
  onRemove: () => void
}) {
  return (
    <>
      {error && <p className="field-error">{error}</p>}
      <div className="staff-form-item-actions">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={required}
            onChange={(e) => onRequiredChange(e.target.checked)}
          />
          <Trans>Required</Trans>
        </label>
        <button type="button" className="button-link" aria-label={removeLabel} onClick={onRemove}>
          <Trans>Remove</Trans>
        </button>
      </div>
    </>
  )
}
