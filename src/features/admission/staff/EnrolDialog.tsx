import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { httpStatus } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toasts.ts'
import type { Applicant } from '../../../shared/schemas/admission.ts'
import { useAdmissionErrors } from './errors.ts'
import { useAdvanceApplicant } from './queries.ts'

/**
 * Enrols an accepted applicant as a student, after saying what that does. (Once the institute
 * has classes, the section and roll number are chosen here too.)
 */
export function EnrolDialog({ applicant, onClose }: { applicant: Applicant; onClose: () => void }) {
  const { t } = useLingui()
  const errorsOf = useAdmissionErrors()
  const name = applicant.applicantName
  const form = applicant.formTitle

  const enrol = useAdvanceApplicant(applicant.id, {
    onSuccess: (saved) => {
      const code = saved.studentCode ?? ''
      showToast({ variant: 'success', title: t`${name} is enrolled with student ID ${code}.` })
      onClose()
    },
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`${name} could not be enrolled`),
    // A 409: the application changed meanwhile; it has been read again, and the dialog closes.
    onSettled: (_, err) => {
      if (httpStatus(err) === 409) onClose()
    },
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    enrol.mutate('enrol')
  }

  return (
    <Dialog title={t`Enrol ${name}`} onClose={onClose}>
      <form className="form admission-staff" noValidate onSubmit={submit}>
        <p>
          <Trans>
            {name} becomes a student of the institute, in the class and session of the form “{form}
            ”, and gets a student ID at once.
          </Trans>
        </p>
        <p className="muted">
          <Trans>The application is then closed: it can no longer be rejected.</Trans>
        </p>
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={enrol.isPending}>
            <Trans>Enrol</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
