import { Trans, useLingui } from '@lingui/react/macro'
import { showToast } from '../../../lib/toasts.ts'
import { undecidedStatuses, type Applicant } from '../../../shared/schemas/admission-applicants.ts'
import { useAdmissionErrors } from './errors.ts'
import { useAdvanceApplicant } from './mutations.ts'

/** The steps that open a dialog first: a note to accept or reject, a confirmation to enrol. */
export type DialogStep = 'accept' | 'reject' | 'enrol'

/**
 * What can be done with an application next, as its status allows: mark it under review,
 * accept or reject it, enrol an accepted applicant (the last three through `onStep`).
 */
export function ApplicantActions({
  applicant,
  onStep,
}: {
  applicant: Applicant
  onStep: (step: DialogStep) => void
}) {
  const { t } = useLingui()
  const errorsOf = useAdmissionErrors()
  const name = applicant.applicantName
  const status = applicant.status
  const undecided = undecidedStatuses.includes(status)

  const act = useAdvanceApplicant(applicant.id, {
    onSuccess: () =>
      showToast({ variant: 'success', title: t`The application of ${name} is under review.` }),
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`The application could not be changed`),
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
          onClick={() => onStep('accept')}
        >
          <Trans>Accept</Trans>
        </button>
      )}
      {(undecided || status === 'accepted') && (
        <button
          type="button"
          className="button button-danger"
          disabled={act.isPending}
          onClick={() => onStep('reject')}
        >
          <Trans>Reject</Trans>
        </button>
      )}
      {status === 'accepted' && (
        <button
          type="button"
          className="button button-primary"
          disabled={act.isPending}
          onClick={() => onStep('enrol')}
        >
          <Trans>Enrol</Trans>
        </button>
      )}
    </div>
  )
}
