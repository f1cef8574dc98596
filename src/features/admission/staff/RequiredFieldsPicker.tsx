import { Trans, useLingui } from '@lingui/react/macro'
import {
  alwaysRequiredFields,
  standardFields,
  type StandardField,
} from '../../../shared/schemas/admission-forms.ts'
import { fieldLabels } from '../labels.ts'

/** Which standard fields an applicant must fill in; the name and phone always are. */
export function RequiredFieldsPicker({
  value,
  error,
  onChange,
}: {
  value: StandardField[]
  error: string | undefined
  onChange: (requiredFields: StandardField[]) => void
}) {
  const { t, i18n } = useLingui()
  return (
    <fieldset className="field">
      <legend>
        <Trans>Standard fields the applicant must fill in</Trans>
      </legend>
      <div className="check-grid">
        {standardFields.map((field) => {
          const always = alwaysRequiredFields.includes(field)
          return (
            <label
              key={field}
              className="checkbox"
              title={
                always
                  ? t`Always required: every application needs a name, and applicants confirm changes with their phone number or date of birth.`
                  : undefined
              }
            >
              <input
                type="checkbox"
                disabled={always}
                checked={always || value.includes(field)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...value, field] : value.filter((f) => f !== field))
                }
              />
              {i18n._(fieldLabels[field])}
            </label>
          )
        })}
      </div>
      <small className="muted">
        <Trans>Every applicant sees all of these fields; the ticked ones must be filled in.</Trans>
      </small>
      {error && <small className="field-error block">{error}</small>}
    </fieldset>
  )
}
