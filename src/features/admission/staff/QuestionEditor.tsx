import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField, TextAreaField } from '../../../components/form/Field.tsx'
import { questionKinds, type QuestionKind } from '../../../shared/schemas/admission.ts'
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
  withApplications,
  onUpdate,
}: {
  questions: QuestionDraft[]
  errors: QuestionErrors[]
  /** An error about the questions as a whole (two with the same key). */
  error: string | undefined
  /** Applications have arrived: changing a key hides the answers given under the old one. */
  withApplications: boolean
  onUpdate: Update
}) {
  const { t } = useLingui()
  return (
    <ItemsSection
      id="admission-questions"
      heading={<Trans>Questions</Trans>}
      intro={
        <>
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
        </>
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
