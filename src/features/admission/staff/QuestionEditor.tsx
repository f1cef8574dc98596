import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField, TextAreaField } from '../../../components/form/Field.tsx'
import { questionKinds, type QuestionKind } from '../../../shared/schemas/admission-forms.ts'
import { questionKindLabels } from '../labels.ts'
import { newQuestion, type QuestionDraft } from './form-draft.ts'
import type { QuestionErrors } from './form-errors.ts'
import { ItemFooter } from './ItemFooter.tsx'
import { ItemsSection } from './ItemsSection.tsx'

type Update = (change: (questions: QuestionDraft[]) => QuestionDraft[]) => void

/** The form's own questions: one editor each, and a way to add one (at most 30). */
export function QuestionsSection({
  questions,
  errors,
  error,
  onUpdate,
}: {
  questions: QuestionDraft[]
  errors: QuestionErrors[]
  /** An error about the questions as a whole (too many). */
  error: string | undefined
  onUpdate: Update
}) {
  const { t } = useLingui()
  return (
    <ItemsSection
      id="admission-questions"
      heading={<Trans>Questions</Trans>}
      intro={
        <Trans>
          Questions this form asks besides the standard fields, such as the blood group or the
          preferred shift. Rewording a question keeps the answers already given to it.
        </Trans>
      }
      items={questions}
      error={error}
      keyField="id"
      keyFallback="question"
      max={30}
      full={t`At most 30 questions.`}
      addLabel={<Trans>Add question</Trans>}
      newItem={newQuestion}
      onUpdate={onUpdate}
      renderItem={(q, n, onChange, onRemove) => (
        <QuestionEditor
          question={q}
          n={n}
          errors={errors[n - 1]}
          onChange={onChange}
          onRemove={onRemove}
        />
      )}
    />
  )
}

function QuestionEditor({
  question,
  n,
  errors,
  onChange,
  onRemove,
}: {
  question: QuestionDraft
  n: number
  errors: QuestionErrors
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
