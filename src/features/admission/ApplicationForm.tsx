import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react'
import { useSnapshot } from 'valtio'
import { Field, SelectField, TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useClientValue } from '../../lib/client-value.ts'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { dateTimeFormat } from '../../shared/intl-formats.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  isStandardField,
  type PublicAdmissionForm,
  type StandardField,
} from '../../shared/schemas/admission-forms.ts'
import { genders } from '../../shared/schemas/person.ts'
import {
  missingAttachments,
  validateApplication,
  type AttachmentProblem,
  type Submission,
} from './draft-data.ts'
import { DraftAttachmentField } from './DraftAttachmentField.tsx'
import { attachFile, removeAttachment, setAnswer, setField, submitDraft } from './draft-store.ts'
import type { DraftSession } from './draft-state.ts'
import { useFileProblem } from './file-messages.ts'
import { fieldLabels, genderLabels } from './labels.ts'
import { QuestionField } from './QuestionField.tsx'
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts'

/** The standard fields in the order and groups applicants fill them. */
const sections: { title: MessageDescriptor; fields: StandardField[] }[] = [
  {
    title: msg`The applicant`,
    fields: ['applicantName', 'dateOfBirth', 'gender', 'previousSchool'],
  },
  { title: msg`Family`, fields: ['fatherName', 'motherName', 'guardianName'] },
  { title: msg`Contact`, fields: ['phone', 'email', 'address'] },
]

const inputProps: Partial<Record<StandardField, InputHTMLAttributes<HTMLInputElement>>> = {
  applicantName: { autoComplete: 'name' },
  dateOfBirth: { type: 'date' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  fatherName: { autoComplete: 'off' },
  motherName: { autoComplete: 'off' },
  guardianName: { autoComplete: 'off' },
  previousSchool: { autoComplete: 'off' },
}

/** Focus on the first field marked invalid, in the order of the page; else on the message. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const target =
    form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    form?.querySelector<HTMLElement>('[data-form-alert]')
  target?.focus()
}

/** The form itself: every input writes into the draft, which is saved on each change. */
export function ApplicationForm({
  session,
  form,
}: {
  session: DraftSession
  form: PublicAdmissionForm
}) {
  const { t, i18n } = useLingui()
  const { translate } = useServerErrors()
  const { time } = useClock()
  const snap = useSnapshot(session.state, { sync: true })
  // Today in the applicant's time zone: the browser's, so not part of the server's HTML.
  const latestBirthDate = useClientValue(today, undefined)
  const [touched, setTouched] = useState<Record<string, boolean>>({})
  const [submitted, setSubmitted] = useState(false)
  const [sending, setSending] = useState(false)
  const [fileProblems, setFileProblems] = useState<
    Record<string, AttachmentProblem | 'storage' | undefined>
  >({})
  const fileProblem = useFileProblem()
  const formRef = useRef<HTMLFormElement>(null)

  const checked = validateApplication(form, snap)
  const clientErrors = checked.ok ? {} : checked.errors
  const missing = missingAttachments(form.attachments, snap.attachments)
  const errorOf = (path: string): string | undefined => {
    const server = snap.serverErrors[path]
    if (server) return translate(server)
    const client = clientErrors[path]
    return client && (submitted || touched[path]) ? translate(client) : undefined
  }
  const touch = (path: string) => setTouched((now) => (now[path] ? now : { ...now, [path]: true }))
  const required = (field: StandardField) => form.requiredFields.includes(field)
  const label = (text: string, isRequired: boolean) => (
    <>
      {text}
      {!isRequired && (
        <span className="optional">
          {' '}
          <Trans>(optional)</Trans>
        </span>
      )}
    </>
  )

  const focusFirstError = () => requestAnimationFrame(() => focusFirstInvalid(formRef.current))

  useTypedBeforeHydration(formRef, (name, value) => {
    const answer = /^answers\.(.+)$/.exec(name)?.[1]
    if (answer) setAnswer(session, answer, value)
    else if (isStandardField(name)) setField(session, name, value)
  })

  // A queued submission the server sent back with field errors (422): the form opens again on
  // the first field to correct, so a screen reader or a phone lands there. The key changes only
  // with the errors the server returned, not as the applicant mends them.
  const returnedErrors = JSON.stringify(snap.submission.errors ?? {})
  useEffect(() => {
    if (returnedErrors === '{}') return
    const frame = requestAnimationFrame(() => focusFirstInvalid(formRef.current))
    return () => cancelAnimationFrame(frame)
  }, [returnedErrors])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    const problems = { ...fileProblems, ...missing }
    setFileProblems(problems)
    const result = validateApplication(form, snap)
    if (!result.ok || Object.keys(missing).length > 0) {
      focusFirstError()
      return
    }
    setSending(true)
    try {
      await submitDraft(session, result.body)
    } catch (err) {
      console.error(err)
      showToast({
        variant: 'error',
        title: t`Your application could not be queued`,
        text: t`This device could not store it. Free some space and try again.`,
      })
    } finally {
      setSending(false)
    }
  }

  const refusal = snap.submission.refusal
  const refusalText = refusal && refusalMessage(refusal, i18n, translate)
  const hasServerErrors = Object.keys(snap.serverErrors).length > 0
  const savedAt = time(snap.updatedAt)
  const showInvalid =
    submitted && (!checked.ok || Object.values(fileProblems).some((p) => p !== undefined))

  const renderField = (field: StandardField) => {
    const path = `fields.${field}`
    const common = {
      name: field,
      value: snap.fields[field],
      error: errorOf(path),
      required: required(field),
      onBlur: () => touch(path),
    }
    const text = label(t(fieldLabels[field]), required(field))
    if (field === 'gender') {
      return (
        <SelectField
          key={field}
          label={text}
          {...common}
          onChange={(e) => setField(session, field, e.target.value)}
        >
          <option value="">{t`Choose…`}</option>
          {genders.map((g) => (
            <option key={g} value={g}>
              {t(genderLabels[g])}
            </option>
          ))}
        </SelectField>
      )
    }
    if (field === 'address') {
      return (
        <TextAreaField
          key={field}
          label={text}
          rows={3}
          autoComplete="street-address"
          {...common}
          onChange={(e) => setField(session, field, e.target.value)}
        />
      )
    }
    return (
      <Field
        key={field}
        label={text}
        {...inputProps[field]}
        {...(field === 'dateOfBirth' && latestBirthDate ? { max: latestBirthDate } : {})}
        {...common}
        onChange={(e) => setField(session, field, e.target.value)}
      />
    )
  }

  return (
    <form ref={formRef} className="admission-form" method="post" onSubmit={submit} noValidate>
      {sections.map((section) => (
        <fieldset key={section.title.id} className="card admission-section">
          <legend>{t(section.title)}</legend>
          <div className="admission-fields">{section.fields.map(renderField)}</div>
        </fieldset>
      ))}

      {form.questions.length > 0 && (
        <fieldset className="card admission-section">
          <legend>
            <Trans>Questions</Trans>
          </legend>
          {form.questions.map((q) => (
            <QuestionField
              key={q.id}
              question={q}
              value={snap.answers[q.id] ?? ''}
              error={errorOf(`answers.${q.id}`)}
              label={label(q.label, q.required)}
              onBlur={() => touch(`answers.${q.id}`)}
              onChange={(value) => setAnswer(session, q.id, value)}
            />
          ))}
        </fieldset>
      )}

      {form.attachments.length > 0 && (
        <fieldset className="card admission-section">
          <legend>
            <Trans>Attachments</Trans>
          </legend>
          <p className="muted">
            <Trans>
              Files you choose are kept on this device with your draft until you send it.
            </Trans>
          </p>
          {form.attachments.map((req) => {
            const problem = fileProblems[req.kind]
            const meta = snap.attachments[req.kind]
            return (
              <DraftAttachmentField
                key={req.kind}
                requirement={req}
                label={label(req.label, req.required)}
                meta={meta}
                error={
                  problem && !(problem === 'missing' && meta)
                    ? fileProblem(problem, req)
                    : undefined
                }
                onChoose={async (file) => {
                  const result = await attachFile(session, req, file)
                  setFileProblems((now) => ({ ...now, [req.kind]: result }))
                }}
                onRemove={() => {
                  removeAttachment(session, req.kind)
                  setFileProblems((now) => ({
                    ...now,
                    [req.kind]: submitted && req.required ? 'missing' : undefined,
                  }))
                }}
              />
            )
          })}
        </fieldset>
      )}

      <div className="admission-submit">
        {(refusalText || hasServerErrors || showInvalid) && (
          <p className="notice notice-error" role="alert" tabIndex={-1} data-form-alert>
            {refusalText ??
              (hasServerErrors
                ? t`The institute could not accept some answers. Please correct the fields marked above.`
                : t`Please correct the fields marked above.`)}
          </p>
        )}
        <SubmitButton busy={sending} className="button button-primary button-block">
          <Trans>Submit application</Trans>
        </SubmitButton>
        <p className="muted draft-saved">
          {snap.volatile ? (
            <Trans>
              This browser does not let the page keep your answers: they are lost if you close or
              reload it. You can still send them while the page is open.
            </Trans>
          ) : snap.stored ? (
            <Trans>Saved on this device at {savedAt}.</Trans>
          ) : (
            <Trans>Your answers are saved on this device as you type.</Trans>
          )}
        </p>
      </div>
    </form>
  )
}

function refusalMessage(
  refusal: NonNullable<Submission['refusal']>,
  i18n: ReturnType<typeof useLingui>['i18n'],
  translate: ReturnType<typeof useServerErrors>['translate'],
): string {
  if (refusal.status === 404) return i18n._(msg`This admission form is no longer published.`)
  return refusal.code
    ? translate({ code: refusal.code, values: refusal.values }, refusal.message)
    : i18n._(msg`The application could not be sent.`)
}

const today = () => {
  const d = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

function useClock() {
  const { i18n } = useLingui()
  const format = useFormat()
  return {
    ...format,
    time: (at: number) => dateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(new Date(at)),
  }
}
