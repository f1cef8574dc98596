import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { InstituteLogo } from '../../components/InstituteLogo.tsx'
import { PageLink } from '../../components/PageLink.tsx'
import { useClientValue } from '../../lib/client-value.ts'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import type { PublicApplication } from '../../shared/schemas/admission-applications.ts'
import { standardFields } from '../../shared/schemas/admission-forms.ts'
import { genders } from '../../shared/schemas/person.ts'
import {
  attachmentPagePath,
  institutePagePath,
  onlinePaymentPagePath,
} from '../../shared/public-pages.ts'
import { formatBytes, refusedForItself } from './draft-data.ts'
import { useUploadRefusal } from './file-messages.ts'
import { ApplicationLink } from './ApplicationLink.tsx'
import { useKeptRefusals } from './kept-on-device.ts'
import { fieldLabels, genderLabels, statusLabels } from './labels.ts'
import { applicationQuery } from './queries.ts'
import { onlineQuoteQuery } from './online-payment.ts'
import './admission.css'

/** Statuses after which nothing of an application can change. */
const final = ['rejected', 'enrolled']

const isGender = (value: string): value is (typeof genders)[number] =>
  (genders as readonly string[]).includes(value)

/** `/…/temporaryId/$temporaryId`: what was submitted, where it stands, what is missing. */
export function ApplicationPage({
  institute,
  formId,
  temporaryId,
}: {
  institute: string
  formId: string
  temporaryId: string
}) {
  const { t, i18n } = useLingui()
  const uploadRefusal = useUploadRefusal()
  const { dateTime, zonedDateTime } = useFormat()
  const { data: app } = useSuspenseQuery(applicationQuery(institute, temporaryId))
  // Files of this device's submission that the server refused, read once the page is up.
  const refused = useKeptRefusals(temporaryId)
  const uploaded = new Map(app.attachments.map((a) => [a.kind, a]))
  // A refusal that a later upload (from the attachment page) has since made good is over.
  const refusedBy = new Map(refused.filter((r) => !uploaded.has(r.kind)).map((r) => [r.kind, r]))
  const missing = app.attachmentRequirements.filter((r) => r.required && !uploaded.has(r.kind))
  const canChange = !final.includes(app.status)
  // On the institute's clock, as its staff see it, naming it (a phone elsewhere would differ),
  // so the server can write it too. A copy from before the server sent the zone: on the
  // phone's clock, which only the browser knows.
  const zone = app.institute.timezone
  const onPhone = useClientValue(() => dateTime(new Date(app.submittedAt)), '')
  const submitted = zone ? zonedDateTime(new Date(app.submittedAt), zone) : onPhone

  return (
    <section className="admission-page">
      <header className="admission-header">
        <PageLink href={institutePagePath(institute)} className="admission-institute">
          {app.institute.logo && <InstituteLogo logo={app.institute.logo} height={48} />}
          {app.institute.name}
        </PageLink>
        <h1>{app.formTitle}</h1>
        <p className="application-status">
          <Trans>Status:</Trans>{' '}
          <span
            className={`badge status-badge status-${app.status}`}
            data-testid="application-status"
          >
            {t(statusLabels[app.status])}
          </span>
        </p>
      </header>

      {app.status === 'fee_due' && <FeeDue application={app} />}
      {app.feePayment && <FeePaid application={app} payment={app.feePayment} />}

      <ApplicationLink application={app} formId={formId} />

      <div className="card admission-section">
        <h2>
          <Trans>Your application</Trans>
        </h2>
        <dl className="facts application-facts">
          <dt>
            <Trans>Submitted</Trans>
          </dt>
          <dd>
            <time dateTime={app.submittedAt}>{submitted}</time>
          </dd>
          {standardFields
            .filter((field) => app.fields[field])
            .map((field) => {
              const value = app.fields[field]
              return [
                <dt key={`${field}-label`}>{t(fieldLabels[field])}</dt>,
                <dd key={field}>
                  {field === 'gender' && isGender(value) ? t(genderLabels[value]) : value}
                </dd>,
              ]
            })}
          {app.questions
            .filter((q) => app.answers[q.id])
            .map((q) => [
              <dt key={`${q.id}-label`}>{q.label}</dt>,
              <dd key={q.id}>{app.answers[q.id]}</dd>,
            ])}
        </dl>
      </div>

      {app.attachmentRequirements.length > 0 && (
        <div className="card admission-section">
          <h2>
            <Trans>Attachments</Trans>
          </h2>
          <ul className="attachment-status-list">
            {app.attachmentRequirements.map((req) => {
              const file = uploaded.get(req.kind)
              const size = file ? formatBytes(file.size, i18n.locale) : ''
              const refusal = refusedBy.get(req.kind)
              const keptName = refusal?.file?.name ?? ''
              return (
                <li key={req.kind} data-testid={`attachment-${req.kind}`}>
                  <span className="attachment-status-label">
                    {req.label}
                    {file && (
                      <small className="muted ellipsis block">
                        {file.fileName} · {size}
                      </small>
                    )}
                    {refusal && (
                      <small className="field-error block" data-testid={`refusal-${req.kind}`}>
                        {uploadRefusal(refusal.result, req)}
                      </small>
                    )}
                    {refusal?.file && canChange && !refusedForItself(refusal.result) && (
                      <small className="muted block">
                        <Trans>
                          {keptName} is still on this device: send it again from the attachment
                          page, or choose another file.
                        </Trans>
                      </small>
                    )}
                  </span>
                  {file ? (
                    <span className="badge">
                      <Trans>Done</Trans>
                    </span>
                  ) : refusal ? (
                    <span className="badge badge-danger">
                      <Trans>Not accepted</Trans>
                    </span>
                  ) : req.required ? (
                    <span className="badge badge-danger">
                      <Trans>Missing</Trans>
                    </span>
                  ) : (
                    <span className="badge badge-muted">
                      <Trans>Not added</Trans>
                    </span>
                  )}
                </li>
              )
            })}
          </ul>
          {canChange && (
            <PageLink
              href={attachmentPagePath(institute, formId, temporaryId)}
              className="button button-primary button-block"
            >
              {missing.length > 0 || refusedBy.size > 0 ? (
                <Trans>Upload the missing attachments</Trans>
              ) : (
                <Trans>Upload or replace attachments</Trans>
              )}
            </PageLink>
          )}
        </div>
      )}
    </section>
  )
}

/**
 * The application fee, while it is due: "Pay online" where the institute takes it online (its
 * quote answers), and always the office counter with the applicant's reference.
 */
function FeeDue({ application }: { application: PublicApplication }) {
  const { t } = useLingui()
  const { money } = useFormat()
  const { currency, currencyDigits, slug } = application.institute
  const online = useQuery(onlineQuoteQuery(slug, application.temporaryId)).data
  const fee = money(application.fee, currency, currencyDigits)
  const institute = application.institute.name
  const reference = application.shortReference
  const paid = t(statusLabels.fee_paid)
  return (
    <div className="card admission-payment" data-testid="application-fee">
      <p>
        <Trans>
          Application fee to pay: <strong>{fee}</strong>
        </Trans>
      </p>
      {online ? (
        <>
          <PageLink
            href={onlinePaymentPagePath(slug, application.formId, application.temporaryId)}
            className="button button-primary button-block"
          >
            <Trans>Pay online</Trans>
          </PageLink>
          <p>
            <Trans>
              Or pay it at the office counter of {institute} and give your reference{' '}
              <strong>{reference}</strong>. Once it is paid, the status here changes to “{paid}”.
            </Trans>
          </p>
        </>
      ) : (
        <p>
          <Trans>
            Pay it at the office counter of {institute} and give your reference{' '}
            <strong>{reference}</strong>. Once it is paid, the status here changes to “{paid}”.
          </Trans>
        </p>
      )}
    </div>
  )
}

/** The application fee, once paid: the receipt the counter gave, or the bank slip recorded. */
function FeePaid({
  application,
  payment,
}: {
  application: PublicApplication
  payment: NonNullable<PublicApplication['feePayment']>
}) {
  const { money, date } = useFormat()
  const { currency, currencyDigits } = application.institute
  const fee = money(application.fee, currency, currencyDigits)
  const on = date(dayDate(payment.paidOn))
  const reference = payment.reference
  return (
    <div className="card admission-payment" data-testid="application-fee-paid">
      <p>
        {payment.how === 'counter' ? (
          <Trans>
            Your application fee of <strong>{fee}</strong> is paid: receipt{' '}
            <strong>{reference}</strong> of {on}.
          </Trans>
        ) : payment.how === 'online' ? (
          <Trans>
            Your application fee of <strong>{fee}</strong> is paid online: receipt{' '}
            <strong>{reference}</strong> of {on}.
          </Trans>
        ) : (
          <Trans>
            Your application fee of <strong>{fee}</strong> is paid by bank deposit (slip{' '}
            <strong>{reference}</strong>) of {on}.
          </Trans>
        )}
      </p>
    </div>
  )
}
