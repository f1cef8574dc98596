import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField, TextAreaField } from '../../../components/form/Field.tsx'
import { questionKinds, type QuestionKind } from '../../../shared/schemas/admission.ts'
import { questionKindLabels } from '../labels.ts'
import { ActionButton } from './controls.tsx'
import { newQuestion, suggestKey, type QuestionDraft } from './form-draft.ts'
import type { QuestionErrors } from './form-errors.ts'
import { ItemFooter } from './ItemFooter.tsx'

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

  // A key follows its question's label until it is edited by hand.
  const change = (uid: string, change: Partial<QuestionDraft>) =>
    onUpdate((all) =>
      all.map((q) => {
        if (q.uid !== uid) return q
        const next = { ...q, ...change }
        if (change.label !== undefined && !q.keyEdited) {
          const taken = all.filter((o) => o.uid !== uid).map((o) => o.id)
          next.id = suggestKey(change.label, taken, 'question')
        }
        return next
      }),
    )

  return (
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
                Applications have arrived: changing a key hides the answers given under the old one.
              </Trans>
            </strong>
          </>
        )}
      </p>
      {questions.map((q, i) => (
        <QuestionEditor
          key={q.uid}
          question={q}
          n={i + 1}
          errors={errors[i]}
          onChange={(next) => change(q.uid, next)}
          onRemove={() => onUpdate((all) => all.filter((o) => o.uid !== q.uid))}
        />
      ))}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ActionButton
        className="button"
        reason={questions.length >= 30 ? t`At most 30 questions.` : undefined}
        onClick={() => onUpdate((all) => [...all, newQuestion()])}
      >
        <Trans>Add question</Trans>
      </ActionButton>
    </section>
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
