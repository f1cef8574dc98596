import { Trans, useLingui } from '@lingui/react/macro'
import { showToast } from '../../../lib/toasts.ts'
import { undecidedStatuses, type Applicant } from '../../../shared/schemas/admission.ts'
import { useAdmissionErrors } from './errors.ts'
import { useAdvanceApplicant } from './queries.ts'

/**
 * What can be done with an application next, as its status allows: mark it under review,
 * accept or reject it (through `onDecide`, which asks for a note), enrol an accepted applicant.
 */
export function ApplicantActions({
  applicant,
  onDecide,
}: {
  applicant: Applicant
  onDecide: (decision: 'accept' | 'reject') => void
}) {
  const { t } = useLingui()
  const errorsOf = useAdmissionErrors()
  const name = applicant.applicantName
  const status = applicant.status
  const undecided = undecidedStatuses.includes(status)

  const act = useAdvanceApplicant(applicant.id, {
    onSuccess: (saved, step) => {
      const code = saved.studentCode ?? ''
      showToast({
        variant: 'success',
        title:
          step === 'enrol'
            ? t`${name} is enrolled with student ID ${code}.`
            : t`The application of ${name} is under review.`,
      })
    },
    onError: (err, step) =>
      errorsOf.toastUnlessFieldError(
        err,
        step === 'enrol'
          ? t`${name} could not be enrolled`
          : t`The application could not be changed`,
      ),
  })

  return (
    <div className="header-buttons">
      {undecided && status !== 'under_review' && (
        <button
          type="button"
          className="button"
          disabled={act.isPending}
          onClick={() => act.mutate('review')}
        >
          <Trans>Mark under review</Trans>
        </button>
      )}
      {undecided && (
        <button
          type="button"
          className="button button-primary"
          disabled={act.isPending}
          onClick={() => onDecide('accept')}
        >
          <Trans>Accept</Trans>
        </button>
      )}
      {(undecided || status === 'accepted') && (
        <button
          type="button"
          className="button button-danger"
          disabled={act.isPending}
          onClick={() => onDecide('reject')}
        >
          <Trans>Reject</Trans>
        </button>
      )}
      {status === 'accepted' && (
        <button
          type="button"
          className="button button-primary"
          disabled={act.isPending}
          onClick={() => {
            const question = t`Enrol ${name} as a student of the institute? A student ID is given at once.`
            if (window.confirm(question)) act.mutate('enrol')
          }}
        >
          <Trans>Enrol</Trans>
        </button>
      )}
    </div>
  )
}
