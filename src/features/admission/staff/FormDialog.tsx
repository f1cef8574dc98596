import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Dialog } from '../../../components/Dialog.tsx'
import { Field, SelectField, TextAreaField } from '../../../components/form/Field.tsx'
import { api } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toasts.ts'
import {
  AdmissionFormInputSchema,
  AdmissionFormSchema,
  alwaysRequiredFields,
  attachmentTypes,
  questionKinds,
  standardFields,
  type AdmissionForm,
  type QuestionKind,
} from '../../../shared/schemas/admission.ts'
import { todayIso } from '../../../lib/dates.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { fieldLabels, questionKindLabels } from '../labels.ts'
import { ActionButton } from './controls.tsx'
import { useAdmissionErrors } from './errors.ts'
import {
  newAttachment,
  newQuestion,
  suggestKey,
  toDraft,
  toInput,
  type AttachmentDraft,
  type FormDraft,
  type QuestionDraft,
} from './form-draft.ts'
import { attachmentTypeNames, totalApplications } from './form-state.ts'
import { admissionKey } from './queries.ts'

/** The decimal separator people type in a language ("," in de, fr, pt). */
function decimalOf(locale: string): '.' | ',' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')
  return part?.value === ',' ? ',' : '.'
}

/**
 * Of the errors not shown yet, the first whose path is `path` or lies under it: a form's own
 * inputs pick first, then each item and its section take what is left under them.
 */
function picker(errors: Record<string, string>) {
  const used = new Set<string>()
  const pick = (path: string) => {
    for (const [key, message] of Object.entries(errors)) {
      if (used.has(key)) continue
      if (key === path || key.startsWith(`${path}.`)) {
        used.add(key)
        return message
      }
    }
    return undefined
  }
  return { pick, used }
}

/** Creates a form (`form` undefined) or edits one: the whole form is sent either way. */
export function FormDialog({
  form,
  onClose,
}: {
  form?: AdmissionForm | undefined
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const queryClient = useQueryClient()
  const errorsOf = useAdmissionErrors()
  const decimal = decimalOf(i18n.locale)
  const [draft, setDraft] = useState<FormDraft>(() =>
    toDraft(form, money.toInput, decimal, todayIso()),
  )
  const [touched, setTouched] = useState(false)
  const title = form?.title ?? ''
  const currency = money.currency
  const withApplications = form ? totalApplications(form) > 0 : false

  const { input, unparsed } = toInput(draft, money.parse)

  const save = useMutation({
    mutationFn: async () => {
      const body = v.parse(AdmissionFormInputSchema, input)
      const request = form
        ? api.put(`admission/forms/${encodeURIComponent(form.id)}`, { json: body })
        : api.post('admission/forms', { json: body })
      return v.parse(AdmissionFormSchema, await request.json())
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: admissionKey })
      const name = saved.title
      showToast({
        variant: 'success',
        title: form
          ? t`The form ${name} was saved.`
          : t`The form ${name} was created. Publish it when it is ready for applicants.`,
      })
      onClose()
    },
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`The form was not saved`),
  })

  const example = money.toInput(125050)
  const local: Record<string, string> = touched
    ? errorsOf.issues(AdmissionFormInputSchema, input)
    : {}
  if (touched) {
    // Text that is not a number gets a hint saying what to type, not the schema's NaN message.
    for (const path of unparsed) {
      local[path] =
        path === 'fee'
          ? t`Enter an amount such as ${example}, or leave it empty for no fee.`
          : t`Enter a size in MB, such as 2 or 0.5.`
    }
  }
  const server = errorsOf.fieldErrors(save.error)
  const { pick, used } = picker({ ...local, ...server })
  const errors = {
    title: pick('title'),
    academicSession: pick('academicSession'),
    className: pick('className'),
    groupName: pick('groupName'),
    opensOn: pick('opensOn'),
    closesOn: pick('closesOn'),
    fee: pick('fee'),
    requiredFields: pick('requiredFields'),
    instructions: pick('instructions'),
  }
  const questionErrors = draft.questions.map((_, i) => ({
    id: pick(`questions.${i}.id`),
    label: pick(`questions.${i}.label`),
    kind: pick(`questions.${i}.kind`),
    options: pick(`questions.${i}.options`),
    item: pick(`questions.${i}`),
  }))
  const attachmentErrors = draft.attachments.map((_, i) => ({
    kind: pick(`attachments.${i}.kind`),
    label: pick(`attachments.${i}.label`),
    types: pick(`attachments.${i}.types`),
    maxBytes: pick(`attachments.${i}.maxBytes`),
    item: pick(`attachments.${i}`),
  }))
  const questionsError = pick('questions')
  const attachmentsError = pick('attachments')
  const others = Object.entries({ ...local, ...server })
    .filter(([key]) => !used.has(key))
    .map(([, message]) => message)

  const set = <K extends keyof FormDraft>(key: K, value: FormDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))

  const setQuestion = (uid: string, change: Partial<QuestionDraft>) =>
    setDraft((d) => ({
      ...d,
      questions: d.questions.map((q) => {
        if (q.uid !== uid) return q
        const next = { ...q, ...change }
        if (change.label !== undefined && !q.keyEdited) {
          const taken = d.questions.filter((o) => o.uid !== uid).map((o) => o.id)
          next.id = suggestKey(change.label, taken, 'question')
        }
        return next
      }),
    }))

  const setAttachment = (uid: string, change: Partial<AttachmentDraft>) =>
    setDraft((d) => ({
      ...d,
      attachments: d.attachments.map((a) => {
        if (a.uid !== uid) return a
        const next = { ...a, ...change }
        if (change.label !== undefined && !a.keyEdited) {
          const taken = d.attachments.filter((o) => o.uid !== uid).map((o) => o.kind)
          next.kind = suggestKey(change.label, taken, 'attachment')
        }
        return next
      }),
    }))

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (unparsed.length) return
    if (!v.safeParse(AdmissionFormInputSchema, input).success) return
    save.mutate()
  }

  return (
    <Dialog title={form ? t`Edit ${title}` : t`New admission form`} onClose={onClose} wide>
      <form className="form admission-staff" noValidate onSubmit={submit}>
        <Field
          label={t`Title`}
          value={draft.title}
          maxLength={120}
          onChange={(e) => set('title', e.target.value)}
          error={errors.title}
        />
        <div className="form-row">
          <Field
            label={t`Academic session`}
            placeholder={t`e.g. 2026–2027`}
            value={draft.academicSession}
            maxLength={40}
            onChange={(e) => set('academicSession', e.target.value)}
            error={errors.academicSession}
          />
          <Field
            label={t`Class`}
            value={draft.className}
            maxLength={60}
            onChange={(e) => set('className', e.target.value)}
            error={errors.className}
          />
          <Field
            label={t`Group (optional)`}
            value={draft.groupName}
            maxLength={60}
            onChange={(e) => set('groupName', e.target.value)}
            error={errors.groupName}
          />
        </div>
        <div className="form-row">
          <Field
            label={t`Opens on`}
            type="date"
            value={draft.opensOn}
            onChange={(e) => set('opensOn', e.target.value)}
            error={errors.opensOn}
          />
          <Field
            label={t`Closes on`}
            type="date"
            min={draft.opensOn}
            value={draft.closesOn}
            onChange={(e) => set('closesOn', e.target.value)}
            error={errors.closesOn}
          />
          <Field
            label={t`Application fee (${currency})`}
            inputMode="decimal"
            placeholder={money.toInput(0)}
            value={draft.fee}
            onChange={(e) => set('fee', e.target.value)}
            error={errors.fee}
          />
        </div>

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
                    checked={always || draft.requiredFields.includes(field)}
                    onChange={(e) =>
                      set(
                        'requiredFields',
                        e.target.checked
                          ? [...draft.requiredFields, field]
                          : draft.requiredFields.filter((f) => f !== field),
                      )
                    }
                  />
                  {i18n._(fieldLabels[field])}
                </label>
              )
            })}
          </div>
          <small className="muted">
            <Trans>
              Every applicant sees all of these fields; the ticked ones must be filled in.
            </Trans>
          </small>
          {errors.requiredFields && (
            <small className="field-error block">{errors.requiredFields}</small>
          )}
        </fieldset>

        <TextAreaField
          label={t`Instructions for applicants (optional)`}
          value={draft.instructions}
          maxLength={2000}
          rows={3}
          onChange={(e) => set('instructions', e.target.value)}
          error={errors.instructions}
        />

        <section className="staff-form-section" aria-labelledby="admission-questions">
          <h3 id="admission-questions">
            <Trans>Questions</Trans>
          </h3>
          <p className="muted">
            <Trans>
              Questions of this form besides the standard fields. Answers are stored under each
              question’s key: lower-case letters, digits and dashes.
            </Trans>
            {withApplications && (
              <>
                {' '}
                <strong>
                  <Trans>
                    Applications have arrived: changing a key hides the answers given under the old
                    one.
                  </Trans>
                </strong>
              </>
            )}
          </p>
          {draft.questions.map((q, i) => (
            <QuestionEditor
              key={q.uid}
              question={q}
              n={i + 1}
              errors={questionErrors[i]}
              onChange={(change) => setQuestion(q.uid, change)}
              onRemove={() =>
                setDraft((d) => ({ ...d, questions: d.questions.filter((o) => o.uid !== q.uid) }))
              }
            />
          ))}
          {questionsError && (
            <p className="field-error" role="alert">
              {questionsError}
            </p>
          )}
          <ActionButton
            className="button"
            reason={draft.questions.length >= 30 ? t`At most 30 questions.` : undefined}
            onClick={() => setDraft((d) => ({ ...d, questions: [...d.questions, newQuestion()] }))}
          >
            <Trans>Add question</Trans>
          </ActionButton>
        </section>

        <section className="staff-form-section" aria-labelledby="admission-attachments">
          <h3 id="admission-attachments">
            <Trans>Attachments</Trans>
          </h3>
          <p className="muted">
            <Trans>
              Files applicants upload after submitting, such as a photo or a birth certificate. The
              type is checked from the file’s content; 10 MB is the most any file may be.
            </Trans>
          </p>
          {draft.attachments.map((a, i) => (
            <AttachmentEditor
              key={a.uid}
              attachment={a}
              n={i + 1}
              errors={attachmentErrors[i]}
              onChange={(change) => setAttachment(a.uid, change)}
              onRemove={() =>
                setDraft((d) => ({
                  ...d,
                  attachments: d.attachments.filter((o) => o.uid !== a.uid),
                }))
              }
            />
          ))}
          {attachmentsError && (
            <p className="field-error" role="alert">
              {attachmentsError}
            </p>
          )}
          <ActionButton
            className="button"
            reason={draft.attachments.length >= 10 ? t`At most 10 attachments.` : undefined}
            onClick={() =>
              setDraft((d) => ({ ...d, attachments: [...d.attachments, newAttachment()] }))
            }
          >
            <Trans>Add attachment</Trans>
          </ActionButton>
        </section>

        {others.map((message) => (
          <p key={message} className="field-error" role="alert">
            {message}
          </p>
        ))}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {form ? <Trans>Save form</Trans> : <Trans>Create form</Trans>}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

type ItemErrors<K extends string> = Partial<Record<K | 'item', string | undefined>> | undefined

function QuestionEditor({
  question,
  n,
  errors,
  onChange,
  onRemove,
}: {
  question: QuestionDraft
  n: number
  errors: ItemErrors<'id' | 'label' | 'kind' | 'options'>
  onChange: (change: Partial<QuestionDraft>) => void
  onRemove: () => void
}) {
  const { t, i18n } = useLingui()
  return (
    <fieldset className="staff-form-item">
      <legend>
        <Trans>Question {n}</Trans>
      </legend>
      <div className="form-row">
        <Field
          label={t`Question`}
          value={question.label}
          maxLength={200}
          onChange={(e) => onChange({ label: e.target.value })}
          error={errors?.label}
        />
        <Field
          label={t`Key`}
          value={question.id}
          maxLength={40}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(e) => onChange({ id: e.target.value, keyEdited: true })}
          error={errors?.id}
        />
        <SelectField
          label={t`Kind of answer`}
          value={question.kind}
          onChange={(e) => onChange({ kind: e.target.value as QuestionKind })}
          error={errors?.kind}
        >
          {questionKinds.map((kind) => (
            <option key={kind} value={kind}>
              {i18n._(questionKindLabels[kind])}
            </option>
          ))}
        </SelectField>
      </div>
      {question.kind === 'choice' && (
        <TextAreaField
          label={t`Options, one per line`}
          value={question.options}
          rows={4}
          onChange={(e) => onChange({ options: e.target.value })}
          error={errors?.options}
        />
      )}
      <ItemFooter
        error={errors?.item}
        required={question.required}
        onRequiredChange={(required) => onChange({ required })}
        removeLabel={t`Remove question ${n}`}
        onRemove={onRemove}
      />
    </fieldset>
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
  errors: ItemErrors<'kind' | 'label' | 'types' | 'maxBytes'>
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

/** Under each question or attachment: its own error, "Required", and a way to remove it. */
function ItemFooter({
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
