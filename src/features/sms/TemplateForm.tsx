import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState, type FormEvent, type ReactElement } from 'react'
import { CounterSearch } from '../../components/CounterSearch.tsx'
import { Field, SelectField, TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { localeNames } from '../../lib/i18n.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { instituteLocales, type InstituteLocale } from '../../shared/schemas/institutes.ts'
import {
  SmsTemplateInputSchema,
  smsTemplatePurposes,
  type SmsTemplate,
  type SmsTemplateInput,
} from '../../shared/schemas/sms.ts'
import {
  fillTemplate,
  sampleValues,
  templateVariables,
  type TemplateVariable,
} from '../../shared/sms/template.ts'
import type { CounterMatch } from '../../shared/schemas/collection-payments.ts'
import { purposeLabels, variableLabels } from './labels.ts'
import { LengthMeter } from './LengthMeter.tsx'
import { useSaveTemplate } from './mutations.ts'
import './sms.css'
import { studentValuesQuery } from './queries.ts'

/**
 * A template, new or being edited: its text in each language, with the variables to put in,
 * its length as the network counts it, and a preview for a chosen student (the length then
 * counted on what they would get).
 */
export function TemplateForm({
  template,
  language: instituteLanguage,
  onDone,
}: {
  template: SmsTemplate | undefined
  /** The institute's language: the text written first. */
  language: InstituteLocale
  onDone: (saved: boolean) => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const { fieldErrors, issues, toastUnlessFieldError } = useServerErrors()
  const [input, setInput] = useState<SmsTemplateInput>({
    name: template?.name ?? '',
    purpose: template?.purpose ?? 'general',
    texts: { ...template?.texts },
    onePerFamily: template?.onePerFamily ?? true,
  })
  const [language, setLanguage] = useState<InstituteLocale>(instituteLanguage)
  const [student, setStudent] = useState<CounterMatch>()
  const [checked, setChecked] = useState(false)
  const textArea = useRef<HTMLTextAreaElement>(null)
  const values = useQuery({
    ...studentValuesQuery({ studentId: student?.studentId ?? '', locale: language }),
    enabled: Boolean(student),
  })
  const save = useSaveTemplate({
    onSuccess: () => onDone(true),
    onError: (err) => toastUnlessFieldError(err, t`The template was not saved`),
  })
  const set = (next: Partial<SmsTemplateInput>) => setInput((was) => ({ ...was, ...next }))
  const text = input.texts[language] ?? ''
  const languageName = localeNames[language]
  const setText = (next: string) => set({ texts: { ...input.texts, [language]: next } })
  const errors = {
    ...fieldErrors(save.error),
    ...(checked ? issues(SmsTemplateInputSchema, input) : {}),
  }
  const filled = fillTemplate(text, student && values.data ? values.data.values : sampleValues)

  /** Puts a variable where the cursor is (or over what is selected), the cursor after it. */
  function insert(variable: TemplateVariable) {
    const area = textArea.current
    const placeholder = `{{${variable}}}`
    const start = area?.selectionStart ?? text.length
    const end = area?.selectionEnd ?? text.length
    setText(text.slice(0, start) + placeholder + text.slice(end))
    requestAnimationFrame(() => {
      area?.focus()
      area?.setSelectionRange(start + placeholder.length, start + placeholder.length)
    })
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setChecked(true)
    if (Object.keys(issues(SmsTemplateInputSchema, input)).length) return
    save.mutate({ ...input, ...(template && { id: template.id }) })
  }

  const editing = (name: string) => t`Edit ${name}`
  const studentName = student?.fullName
  const studentCode = student?.studentCode
  const recipient = values.data?.recipient ?? t`no number`
  return (
    <form className="card form sms-template-form" noValidate onSubmit={submit}>
      <h2>{template ? editing(template.name) : t`New template`}</h2>
      <div className="form-row">
        <Field
          label={t`Name`}
          value={input.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <SelectField
          label={t`Used for`}
          value={input.purpose}
          error={errors.purpose}
          onChange={(e) => set({ purpose: e.target.value as SmsTemplateInput['purpose'] })}
        >
          {smsTemplatePurposes.map((purpose) => (
            <option key={purpose} value={purpose}>
              {i18n._(purposeLabels[purpose])}
            </option>
          ))}
        </SelectField>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={input.onePerFamily ?? true}
          onChange={(e) => set({ onePerFamily: e.target.checked })}
        />
        <Trans>One message per family (siblings share their guardian’s phone)</Trans>
      </label>

      <div className="sms-languages" role="group" aria-label={t`Language of the text`}>
        {instituteLocales.map((l) => (
          <button
            key={l}
            type="button"
            className={`button${l === language ? ' button-primary' : ''}`}
            aria-pressed={l === language}
            onClick={() => setLanguage(l)}
          >
            {localeNames[l]}
            {input.texts[l] ? ' ✓' : ''}
          </button>
        ))}
      </div>
      <TextAreaField
        ref={textArea}
        label={t`Text in ${languageName}`}
        lang={language}
        rows={5}
        value={text}
        error={errors[`texts.${language}`] ?? errors.texts}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="sms-variables" role="group" aria-label={t`Insert a variable`}>
        {templateVariables.map((variable) => (
          <button key={variable} type="button" className="button" onClick={() => insert(variable)}>
            {i18n._(variableLabels[variable])}
          </button>
        ))}
      </div>

      <section className="sms-preview" aria-label={t`Preview`}>
        <h3>
          <Trans>Preview</Trans>
        </h3>
        <CounterSearch onPick={setStudent} autoFocus={false} />
        <p className="muted">
          {student ? (
            <Trans>
              As {studentName} ({studentCode}) would get it, at {recipient}:
            </Trans>
          ) : (
            <Trans>With typical values: choose a student to see what they would get.</Trans>
          )}
        </p>
        <p className="sms-bubble" lang={language} data-testid="sms-preview">
          {filled}
        </p>
        <LengthMeter text={filled} />
      </section>

      <div className="form-actions">
        <button type="button" className="button" onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
        <SubmitButton busy={save.isPending}>
          <Trans>Save template</Trans>
        </SubmitButton>
      </div>
    </form>
  )
}
