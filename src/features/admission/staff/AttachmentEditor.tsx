import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '../../../components/form/Field.tsx'
import { attachmentTypes } from '../../../shared/schemas/admission-forms.ts'
import { newAttachment, type AttachmentDraft } from './form-draft.ts'
import type { AttachmentErrors } from './form-errors.ts'
import { attachmentTypeNames } from './form-state.ts'
import { ItemFooter } from './ItemFooter.tsx'
import { ItemsSection } from './ItemsSection.tsx'

type Update = (change: (attachments: AttachmentDraft[]) => AttachmentDraft[]) => void

/** The files the form asks for: one editor each, and a way to add one (at most 10). */
export function AttachmentsSection({
  attachments,
  errors,
  error,
  onUpdate,
}: {
  attachments: AttachmentDraft[]
  errors: AttachmentErrors[]
  /** An error about the attachments as a whole (too many). */
  error: string | undefined
  onUpdate: Update
}) {
  const { t } = useLingui()
  return (
    <ItemsSection
      id="admission-attachments"
      heading={<Trans>Attachments</Trans>}
      intro={
        <Trans>
          Files applicants upload after submitting, such as a photo or a birth certificate. The type
          is checked from the file’s content; 10 MB is the most any file may be.
        </Trans>
      }
      items={attachments}
      error={error}
      keyField="kind"
      keyFallback="attachment"
      max={10}
      full={t`At most 10 attachments.`}
      addLabel={<Trans>Add attachment</Trans>}
      newItem={newAttachment}
      onUpdate={onUpdate}
      renderItem={(a, n, onChange, onRemove) => (
        <AttachmentEditor
          attachment={a}
          n={n}
          errors={errors[n - 1]}
          onChange={onChange}
          onRemove={onRemove}
        />
      )}
    />
  )
}

function AttachmentEditor({
  attachment,
  n,
  errors,
  onChange,
  onRemove,
}: {
  attachment: AttachmentDraft
  n: number
  errors: AttachmentErrors
  onChange: (change: Partial<AttachmentDraft>) => void
  onRemove: () => void
}) {
  const { t } = useLingui()
  return (
    <fieldset className="staff-form-item">
      <legend>
        <Trans>Attachment {n}</Trans>
      </legend>
      <div className="form-row">
        <Field
          label={t`Name`}
          placeholder={t`e.g. Birth certificate`}
          value={attachment.label}
          maxLength={120}
          onChange={(e) => onChange({ label: e.target.value })}
          error={errors?.label}
        />
        <Field
          label={t`Size limit (MB)`}
          inputMode="decimal"
          value={attachment.maxMb}
          onChange={(e) => onChange({ maxMb: e.target.value, keptBytes: undefined })}
          error={errors?.maxBytes}
        />
      </div>
      <fieldset className="field">
        <legend>
          <Trans>Allowed types</Trans>
        </legend>
        <div className="check-grid">
          {attachmentTypes.map((type) => (
            <label key={type} className="checkbox">
              <input
                type="checkbox"
                checked={attachment.types.includes(type)}
                onChange={(e) =>
                  onChange({
                    types: e.target.checked
                      ? attachmentTypes.filter((x) => x === type || attachment.types.includes(x))
                      : attachment.types.filter((x) => x !== type),
                  })
                }
              />
              {attachmentTypeNames[type]}
            </label>
          ))}
        </div>
        {errors?.types && <small className="field-error block">{errors.types}</small>}
      </fieldset>
      <ItemFooter
        error={errors?.item}
        required={attachment.required}
        onRequiredChange={(required) => onChange({ required })}
        removeLabel={t`Remove attachment ${n}`}
        onRemove={onRemove}
      />
    </fieldset>
  )
}
