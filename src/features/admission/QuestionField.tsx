import { useLingui } from '@lingui/react/macro'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { Field, SelectField } from '../../components/form/Field.tsx'
import type { Question } from '../../shared/schemas/admission-forms.ts'

/** One of the form's own questions: a choice, a number, a date or a line of text. */
export function QuestionField({
  question: q,
  value,
  error,
  label,
  onBlur,
  onChange,
}: {
  question: Question
  value: string
  error: string | undefined
  label: ReactNode
  onBlur: () => void
  onChange: (value: string) => void
}) {
  const { t } = useLingui()
  const common = { name: `answers.${q.id}`, value, error, required: q.required, onBlur }
  if (q.kind === 'choice') {
    return (
      <SelectField label={label} {...common} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t`Choose…`}</option>
        {q.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
    )
  }
  const kind: InputHTMLAttributes<HTMLInputElement> =
    q.kind === 'number'
      ? { inputMode: 'decimal' }
      : q.kind === 'date'
        ? { type: 'date' }
        : { autoComplete: 'off' }
  return <Field label={label} {...kind} {...common} onChange={(e) => onChange(e.target.value)} />
}
