import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { TextAreaField } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { httpStatus } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toasts.ts'
import {
  AcceptApplicantSchema,
  RejectApplicantSchema,
  type Applicant,
} from '../../../shared/schemas/admission-applicants.ts'
import { useAdmissionErrors } from './errors.ts'
import { useDecideApplicant } from './mutations.ts'

/** Accepts (note optional) or rejects (note required) an application. */
export function DecisionDialog({
  applicant,
  decision,
  onClose,
}: {
  applicant: Applicant
  decision: 'accept' | 'reject'
  onClose: () => void
}) {
  const { t } = useLingui()
  const errorsOf = useAdmissionErrors()
  const [note, setNote] = useState('')
  const [touched, setTouched] = useState(false)
  const name = applicant.applicantName
  const schema = decision === 'accept' ? AcceptApplicantSchema : RejectApplicantSchema
  const body = { note }

  const decide = useDecideApplicant(applicant.id, {
    onSuccess: () => {
      showToast({
        variant: 'success',
        title:
          decision === 'accept'
            ? t`The application of ${name} was accepted.`
            : t`The application of ${name} was rejected.`,
      })
      onClose()
    },
    onError: (err) => {
      errorsOf.toastUnlessFieldError(
        err,
        decision === 'accept'
          ? t`The application could not be accepted`
          : t`The application could not be rejected`,
      )
    },
    // A 409: the application changed meanwhile; it has been read again, and the dialog closes.
    onSettled: (_, err) => {
      if (httpStatus(err) === 409) onClose()
    },
  })

  const local = touched ? errorsOf.issues(schema, body) : {}
  const server = errorsOf.fieldErrors(decide.error)
  const error = server.note ?? local.note
  const other = server._ ?? local._

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(errorsOf.issues(schema, body)).length) return
    decide.mutate({ decision, note })
  }

  return (
    <Dialog
      title={decision === 'accept' ? t`Accept ${name}` : t`Reject ${name}`}
      onClose={onClose}
      unsaved={note.trim() !== ''}
    >
      <form className="form admission-staff" noValidate onSubmit={submit}>
        <p className="muted">
          {decision === 'accept' ? (
            <Trans>An accepted applicant can then be enrolled as a student of the institute.</Trans>
          ) : (
            <Trans>The applicant can no longer change the application once it is rejected.</Trans>
          )}
        </p>
        <TextAreaField
          label={decision === 'accept' ? t`Note (optional)` : t`Reason for the rejection`}
          value={note}
          rows={4}
          maxLength={1000}
          required={decision === 'reject'}
          onChange={(e) => setNote(e.target.value)}
          error={error}
        />
        {other && <p className="field-error">{other}</p>}
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton
            className={decision === 'accept' ? 'button button-primary' : 'button button-danger'}
            busy={decide.isPending}
          >
            {decision === 'accept' ? <Trans>Accept</Trans> : <Trans>Reject</Trans>}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
