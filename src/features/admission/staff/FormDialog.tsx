import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { Field, TextAreaField } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { todayIso } from '../../../lib/dates.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import {
  AdmissionFormInputSchema,
  type AdmissionForm,
} from '../../../shared/schemas/admission-forms.ts'
import { AttachmentsSection } from './AttachmentEditor.tsx'
import { useAdmissionErrors } from './errors.ts'
import { toDraft, toInput, type FormDraft } from './form-draft.ts'
import { placeErrors } from './form-errors.ts'
import { useSaveForm } from './mutations.ts'
import { PlacementFields } from './PlacementFields.tsx'
import { QuestionsSection } from './QuestionEditor.tsx'
import { RequiredFieldsPicker } from './RequiredFieldsPicker.tsx'

/** The decimal separator people type in a language ("," in de, fr, pt). */
function decimalOf(locale: string): '.' | ',' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')
  return part?.value === ',' ? ',' : '.'
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
  const errorsOf = useAdmissionErrors()
  const decimal = decimalOf(i18n.locale)
  const [initial] = useState<FormDraft>(() => toDraft(form, money.toInput, decimal, todayIso()))
  const [draft, setDraft] = useState<FormDraft>(initial)
  const unsaved = JSON.stringify(draft) !== JSON.stringify(initial)
  const [touched, setTouched] = useState(false)
  const title = form?.title ?? ''
  const currency = money.currency

  const { input, unparsed } = toInput(draft, money.parse)

  const save = useSaveForm(form, {
    onSuccess: (saved) => {
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
  const placed = placeErrors(draft, { ...local, ...server })
  const errors = placed.fields

  const set = <K extends keyof FormDraft>(key: K, value: FormDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (unparsed.length) return
    if (!v.safeParse(AdmissionFormInputSchema, input).success) return
    save.mutate(input)
  }

  return (
    <Dialog
      title={form ? t`Edit ${title}` : t`New admission form`}
      onClose={onClose}
      wide
      unsaved={unsaved}
    >
      <form className="form admission-staff" noValidate onSubmit={submit}>
        <Field
          label={t`Title`}
          value={draft.title}
          maxLength={120}
          onChange={(e) => set('title', e.target.value)}
          error={errors.title}
        />
        <PlacementFields
          value={draft}
          errors={errors}
          onChange={({ academicSessionId, classId, groupId }) =>
            setDraft((d) => ({ ...d, academicSessionId, classId, groupId }))
          }
        />
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

        <RequiredFieldsPicker
          value={draft.requiredFields}
          error={errors.requiredFields}
          onChange={(requiredFields) => set('requiredFields', requiredFields)}
        />

        <TextAreaField
          label={t`Instructions for applicants (optional)`}
          value={draft.instructions}
          maxLength={2000}
          rows={3}
          onChange={(e) => set('instructions', e.target.value)}
          error={errors.instructions}
        />

        <QuestionsSection
          questions={draft.questions}
          errors={placed.questions}
          error={placed.questionsError}
          onUpdate={(change) => setDraft((d) => ({ ...d, questions: change(d.questions) }))}
        />

        <AttachmentsSection
          attachments={draft.attachments}
          errors={placed.attachments}
          error={placed.attachmentsError}
          onUpdate={(change) => setDraft((d) => ({ ...d, attachments: change(d.attachments) }))}
        />

        {placed.others.map((message) => (
          <p key={message} className="field-error" role="alert">
            {message}
          </p>
        ))}
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={save.isPending}>
            {form ? <Trans>Save form</Trans> : <Trans>Create form</Trans>}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
