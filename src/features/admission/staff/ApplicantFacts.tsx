import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { dayDate } from '../../../lib/dates.ts'
import { useFormat } from '../../../lib/format.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { Applicant } from '../../../shared/schemas/admission-applicants.ts'
import type { FeePayment } from '../../../shared/schemas/admission-applications.ts'
import { standardFields, type StandardField } from '../../../shared/schemas/admission-forms.ts'
import { fieldLabels, genderLabels, statusLabels } from '../labels.ts'

const isoDay = /^\d{4}-\d{2}-\d{2}$/

/** The application itself: its form, when it came, where it stands, and its references. */
export function ApplicationFacts({ applicant }: { applicant: Applicant }) {
  const { i18n } = useLingui()
  const { dateTime } = useFormat()
  const money = useMoney()
  return (
    <section className="card" aria-labelledby="applicant-application">
      <h2 id="applicant-application">
        <Trans>Application</Trans>
      </h2>
      <dl className="facts">
        <dt>
          <Trans>Form</Trans>
        </dt>
        <dd>{applicant.formTitle}</dd>
        <dt>
          <Trans>Class and session</Trans>
        </dt>
        <dd>
          {[applicant.className, applicant.groupName].filter(Boolean).join(' · ')},{' '}
          {applicant.academicSession}
        </dd>
        <dt>
          <Trans>Submitted</Trans>
        </dt>
        <dd>{dateTime(new Date(applicant.submittedAt))}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>{i18n._(statusLabels[applicant.status])}</dd>
        <dt>
          <Trans>Application fee</Trans>
        </dt>
        <dd>{money.format(applicant.fee)}</dd>
        {applicant.feePayment && <FeePaid payment={applicant.feePayment} />}
        <dt>
          <Trans>Reference</Trans>
        </dt>
        <dd>
          <strong data-testid="short-reference">{applicant.shortReference}</strong>
        </dd>
        <dt>
          <Trans>Tracking id</Trans>
        </dt>
        <dd>
          <code>{applicant.temporaryId}</code>
        </dd>
        {applicant.studentCode && (
          <>
            <dt>
              <Trans>Student ID</Trans>
            </dt>
            <dd>
              <strong data-testid="student-code">{applicant.studentCode}</strong>
            </dd>
          </>
        )}
      </dl>
    </section>
  )
}

/** How the application fee was paid: the counter's receipt, or the bank slip recorded. */
function FeePaid({ payment }: { payment: FeePayment }) {
  const { date } = useFormat()
  const on = date(dayDate(payment.paidOn))
  const reference = payment.reference
  return (
    <>
      <dt>
        <Trans>Fee paid</Trans>
      </dt>
      <dd data-testid="fee-payment">
        {payment.how === 'counter' ? (
          <Trans>
            At the counter on {on}, receipt {reference}
          </Trans>
        ) : payment.how === 'online' ? (
          <Trans>
            Online on {on}, receipt {reference}
          </Trans>
        ) : (
          <Trans>
            By bank deposit on {on}, slip {reference}
          </Trans>
        )}
      </dd>
    </>
  )
}

/** Who decided on the application, when, and the note they left (shown once there is one). */
export function DecisionFacts({ applicant }: { applicant: Applicant }) {
  const { dateTime } = useFormat()
  if (!applicant.decidedAt && !applicant.decisionNote) return null
  return (
    <section className="card" aria-labelledby="applicant-decision">
      <h2 id="applicant-decision">
        <Trans>Decision</Trans>
      </h2>
      <dl className="facts">
        {applicant.decidedBy && (
          <>
            <dt>
              <Trans>Decided by</Trans>
            </dt>
            <dd>{applicant.decidedBy}</dd>
          </>
        )}
        {applicant.decidedAt && (
          <>
            <dt>
              <Trans>Decided on</Trans>
            </dt>
            <dd>{dateTime(new Date(applicant.decidedAt))}</dd>
          </>
        )}
        <dt>
          <Trans>Note</Trans>
        </dt>
        <dd>{applicant.decisionNote || <span className="muted">—</span>}</dd>
      </dl>
    </section>
  )
}

/** The standard fields as the applicant filled them in. */
export function ApplicantDetails({ applicant }: { applicant: Applicant }) {
  const { i18n } = useLingui()
  const { date } = useFormat()

  const fieldValue = (field: StandardField): ReactNode => {
    const value = applicant.fields[field]
    if (!value) return <span className="muted">—</span>
    if (field === 'gender' && value in genderLabels) {
      return i18n._(genderLabels[value as keyof typeof genderLabels])
    }
    if (field === 'dateOfBirth' && isoDay.test(value)) return date(dayDate(value), 'long')
    if (field === 'email') return <a href={`mailto:${value}`}>{value}</a>
    if (field === 'phone') return <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a>
    return value
  }

  return (
    <section className="card" aria-labelledby="applicant-details">
      <h2 id="applicant-details">
        <Trans>Applicant</Trans>
      </h2>
      <dl className="facts">
        {standardFields.map((field) => (
          <FactRow key={field} label={i18n._(fieldLabels[field])}>
            {fieldValue(field)}
          </FactRow>
        ))}
      </dl>
    </section>
  )
}

/**
 * The answers to the form's questions, then any answer stored under a key the form no longer
 * asks (a question renamed after the application came); nothing when there are neither.
 */
export function ApplicantAnswers({ applicant }: { applicant: Applicant }) {
  const { date } = useFormat()
  const questionIds = new Set(applicant.questions.map((q) => q.id))
  const strayAnswers = Object.entries(applicant.answers).filter(
    ([key, value]) => value && !questionIds.has(key),
  )
  if (applicant.questions.length === 0 && strayAnswers.length === 0) return null

  const answerValue = (kind: string, value: string | undefined): ReactNode => {
    if (!value) return <span className="muted">—</span>
    if (kind === 'date' && isoDay.test(value)) return date(dayDate(value), 'long')
    return value
  }

  return (
    <section className="card" aria-labelledby="applicant-answers">
      <h2 id="applicant-answers">
        <Trans>Answers</Trans>
      </h2>
      <dl className="facts">
        {applicant.questions.map((q) => (
          <FactRow key={q.id} label={q.label}>
            {answerValue(q.kind, applicant.answers[q.id])}
          </FactRow>
        ))}
        {strayAnswers.map(([key, value]) => (
          <FactRow key={key} label={key}>
            {value}
          </FactRow>
        ))}
      </dl>
    </section>
  )
}

function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  )
}
