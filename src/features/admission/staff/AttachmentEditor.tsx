import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '../../../components/form/Field.tsx'
import { attachmentTypes } from '../../../shared/schemas/admission.ts'
import { ActionButton } from './controls.tsx'
import { newAttachment, suggestKey, type AttachmentDraft } from './form-draft.ts'
import type { AttachmentErrors } from './form-errors.ts'
import { attachmentTypeNames } from './form-state.ts'
import { ItemFooter } from './ItemFooter.tsx'

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
  /** An error about the attachments as a whole (two with the same key). */
  error: string | undefined
  onUpdate: Update
}) {
  const { t } = useLingui()

  // A key follows its attachment's name until it is edited by hand.
  const change = (uid: string, change: Partial<AttachmentDraft>) =>
    onUpdate((all) =>
      all.map((a) => {
        if (a.uid !== uid) return a
        const next = { ...a, ...change }
        if (change.label !== undefined && !a.keyEdited) {
          const taken = all.filter((o) => o.uid !== uid).map((o) => o.kind)
          next.kind = suggestKey(change.label, taken, 'attachment')
        }
        return next
      }),
    )

  return (
    <section className="staff-form-section" aria-labelledby="admission-attachments">
      <h3 id="admission-attachments">
        <Trans>Attachments</Trans>
      </h3>
      <p className="muted">
        <Trans>
          Files applicants upload after submitting, such as a photo or a birth certificate. The type
          is checked from the file’s content; 10 MB is the most any file may be.
        </Trans>
      </p>
      {attachments.map((a, i) => (
        <AttachmentEditor
          key={a.uid}
          attachment={a}
          n={i + 1}
          errors={errors[i]}
          onChange={(next) => change(a.uid, next)}
          onRemove={() => onUpdate((all) => all.filter((o) => o.uid !== a.uid))}
        />
      ))}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ActionButton
        className="button"
        reason={attachments.length >= 10 ? t`At most 10 attachments.` : undefined}
        onClick={() => onUpdate((all) => [...all, newAttachment()])}
      >
        <Trans>Add attachment</Trans>
      </ActionButton>
    </section>
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
          label={t`Key`}
          value={attachment.kind}
          maxLength={40}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(e) => onChange({ kind: e.target.value, keyEdited: true })}
          error={errors?.kind}
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
