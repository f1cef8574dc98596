import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { statusLabels } from '../labels.ts'
import { ApplicantActions, type DialogStep } from './ApplicantActions.tsx'
import { ApplicantAttachments } from './ApplicantAttachments.tsx'
import {
  ApplicantAnswers,
  ApplicantDetails,
  ApplicationFacts,
  DecisionFacts,
} from './ApplicantFacts.tsx'
import { DecisionDialog } from './DecisionDialog.tsx'
import { EnrolDialog } from './EnrolDialog.tsx'
import { FeeDepositDialog } from './FeeDepositDialog.tsx'
import { statusBadges } from './form-state.ts'
import { applicantQuery } from './queries.ts'
import './staff.css'

/** /admission-applicants/$applicantId: one application, its files, and the decisions on it. */
export function ApplicantPage({ applicantId }: { applicantId: string }): ReactElement {
  const { i18n } = useLingui()
  const ability = useAbility()
  const money = useMoney()
  const { data: applicant } = useSuspenseQuery(applicantQuery(applicantId))
  const [step, setStep] = useState<DialogStep>()
  const name = applicant.applicantName
  const canUpdate = ability.can('update', 'admission')
  const missing = applicant.attachmentRequirements.filter(
    (r) => r.required && !applicant.attachments.some((a) => a.kind === r.kind),
  )
  const status = applicant.status
  const fee = money.format(applicant.fee)
  const reference = applicant.shortReference
  const [recording, setRecording] = useState(false)

  return (
    <div className="page admission-staff">
      <PageHeader
        back={
          <Link to="/admission-applicants" search={{ formId: applicant.formId }}>
            <Trans>Applicants of this form</Trans>
          </Link>
        }
        title={name}
        actions={canUpdate && <ApplicantActions applicant={applicant} onStep={setStep} />}
      >
        <span className={`badge ${statusBadges[status]}`} data-testid="applicant-status">
          {i18n._(statusLabels[status])}
        </span>
      </PageHeader>

      {status === 'fee_due' && (
        <p className="notice">
          <Trans>
            The application fee of {fee} has not been paid yet. The applicant pays it at the counter
            giving the reference {reference}.
          </Trans>{' '}
          {ability.can('create', 'admission-fee') && (
            <button type="button" className="button" onClick={() => setRecording(true)}>
              <Trans>Record a bank deposit</Trans>
            </button>
          )}
        </p>
      )}
      {missing.length > 0 && status !== 'rejected' && status !== 'enrolled' && (
        <p className="notice">
          <Trans>Some required attachments have not been uploaded yet.</Trans>
        </p>
      )}

      <div className="applicant-sections">
        <ApplicationFacts applicant={applicant} />
        <DecisionFacts applicant={applicant} />
        <ApplicantDetails applicant={applicant} />
        <ApplicantAnswers applicant={applicant} />
        <ApplicantAttachments applicant={applicant} />
      </div>

      {(step === 'accept' || step === 'reject') && (
        <DecisionDialog applicant={applicant} decision={step} onClose={() => setStep(undefined)} />
      )}
      {step === 'enrol' && <EnrolDialog applicant={applicant} onClose={() => setStep(undefined)} />}
      {recording && <FeeDepositDialog applicant={applicant} onClose={() => setRecording(false)} />}
    </div>
  )
}
