import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactElement, type ReactNode } from 'react'
import { useAbility } from '../../../lib/ability.ts'
import { httpStatus, postJson } from '../../../lib/api.ts'
import { useFormat } from '../../../lib/format.ts'
import { showToast } from '../../../lib/toasts.ts'
import {
  ApplicantSchema,
  standardFields,
  undecidedStatuses,
  type Applicant,
  type AttachmentType,
  type StandardField,
} from '../../../shared/schemas/admission.ts'
import { dayDate } from '../../../lib/dates.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { fieldLabels, genderLabels, statusLabels } from '../labels.ts'
import { DecisionDialog } from './DecisionDialog.tsx'
import { downloadFile } from './download.ts'
import { useAdmissionErrors } from './errors.ts'
import { attachmentTypeNames, statusBadges } from './form-state.ts'
import { admissionKey, applicantQuery } from './queries.ts'
import './staff.css'

const isoDay = /^\d{4}-\d{2}-\d{2}$/

/** A file size as people read it, in the user's language: "820 kB", "2.4 MB". */
function useFileSize() {
  const { i18n } = useLingui()
  return (bytes: number) => {
    const [value, unit] =
      bytes >= 1024 * 1024
        ? [bytes / (1024 * 1024), 'megabyte']
        : bytes >= 1024
          ? [bytes / 1024, 'kilobyte']
          : [bytes, 'byte']
    return new Intl.NumberFormat(i18n.locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(value)
  }
}

/** /admission-applicants/$applicantId: one application, its files, and the decisions on it. */
export function ApplicantPage({ applicantId }: { applicantId: string }): ReactElement {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const { date, dateTime } = useFormat()
  const money = useMoney()
  const fileSize = useFileSize()
  const errorsOf = useAdmissionErrors()
  const { data: applicant } = useSuspenseQuery(applicantQuery(applicantId))
  const [deciding, setDeciding] = useState<'accept' | 'reject'>()
  const name = applicant.applicantName
  const canUpdate = ability.can('update', 'admission')
  const undecided = undecidedStatuses.includes(applicant.status)

  const act = useMutation({
    mutationFn: (action: 'review' | 'enrol') =>
      postJson(
        `admission/applicants/${encodeURIComponent(applicant.id)}/${action}`,
        {},
        ApplicantSchema,
      ),
    onSuccess: async (saved, action) => {
      queryClient.setQueryData(applicantQuery(saved.id).queryKey, saved)
      await queryClient.invalidateQueries({ queryKey: admissionKey })
      const code = saved.studentCode ?? ''
      showToast({
        variant: 'success',
        title:
          action === 'enrol'
            ? t`${name} is enrolled with student ID ${code}.`
            : t`The application of ${name} is under review.`,
      })
    },
    onError: async (err, action) => {
      errorsOf.toastUnlessFieldError(
        err,
        action === 'enrol'
          ? t`${name} could not be enrolled`
          : t`The application could not be changed`,
      )
      if (httpStatus(err) === 409) await queryClient.invalidateQueries({ queryKey: admissionKey })
    },
  })

  const download = useMutation({
    mutationFn: (attachment: Applicant['attachments'][number]) =>
      downloadFile(
        `admission/applicants/${encodeURIComponent(applicant.id)}/attachments/${encodeURIComponent(attachment.id)}`,
        attachment.fileName,
      ),
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`The file was not downloaded`),
  })

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

  const answerValue = (kind: string, value: string | undefined): ReactNode => {
    if (!value) return <span className="muted">—</span>
    if (kind === 'date' && isoDay.test(value)) return date(dayDate(value), 'long')
    return value
  }

  const questionIds = new Set(applicant.questions.map((q) => q.id))
  const strayAnswers = Object.entries(applicant.answers).filter(
    ([key, value]) => value && !questionIds.has(key),
  )
  const requiredKinds = new Set(applicant.attachmentRequirements.map((r) => r.kind))
  const strayFiles = applicant.attachments.filter((a) => !requiredKinds.has(a.kind))
  const missing = applicant.attachmentRequirements.filter(
    (r) => r.required && !applicant.attachments.some((a) => a.kind === r.kind),
  )

  const fileRow = (file: Applicant['attachments'][number], label: string) => {
    const fileName = file.fileName
    return (
      <tr key={file.id}>
        <td>{label}</td>
        <td className="ellipsis" title={fileName}>
          {fileName}
        </td>
        <td className="amount">{fileSize(file.size)}</td>
        <td>{attachmentTypeNames[file.contentType as AttachmentType] ?? file.contentType}</td>
        <td>{dateTime(new Date(file.uploadedAt))}</td>
        <td className="row-actions">
          <button
            type="button"
            className="button-link"
            aria-label={t`Download ${fileName}`}
            disabled={download.isPending && download.variables?.id === file.id}
            onClick={() => download.mutate(file)}
          >
            <Trans>Download</Trans>
          </button>
        </td>
      </tr>
    )
  }

  const status = applicant.status
  const fee = money.format(applicant.fee)

  return (
    <div className="page admission-staff">
      <header className="page-header page-header-actions">
        <div>
          <Link to="/admission-applicants" search={{ formId: applicant.formId }}>
            <Trans>Applicants of this form</Trans>
          </Link>
          <h1>{name}</h1>
          <span className={`badge ${statusBadges[status]}`} data-testid="applicant-status">
            {i18n._(statusLabels[status])}
          </span>
        </div>
        {canUpdate && (
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
                onClick={() => setDeciding('accept')}
              >
                <Trans>Accept</Trans>
              </button>
            )}
            {(undecided || status === 'accepted') && (
              <button
                type="button"
                className="button button-danger"
                disabled={act.isPending}
                onClick={() => setDeciding('reject')}
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
        )}
      </header>

      {status === 'fee_due' && (
        <p className="notice">
          <Trans>The application fee of {fee} has not been paid yet.</Trans>
        </p>
      )}
      {missing.length > 0 && status !== 'rejected' && status !== 'enrolled' && (
        <p className="notice">
          <Trans>Some required attachments have not been uploaded yet.</Trans>
        </p>
      )}

      <div className="applicant-sections">
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
              <Trans>Submitted</Trans>
            </dt>
            <dd>{dateTime(new Date(applicant.submittedAt))}</dd>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>{i18n._(statusLabels[status])}</dd>
            <dt>
              <Trans>Application fee</Trans>
            </dt>
            <dd>{fee}</dd>
            <dt>
              <Trans>Reference</Trans>
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

        {(applicant.decidedAt || applicant.decisionNote) && (
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
        )}

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

        {(applicant.questions.length > 0 || strayAnswers.length > 0) && (
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
        )}

        <section className="card" aria-labelledby="applicant-attachments">
          <h2 id="applicant-attachments">
            <Trans>Attachments</Trans>
          </h2>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th>
                    <Trans>Attachment</Trans>
                  </th>
                  <th>
                    <Trans>File</Trans>
                  </th>
                  <th className="amount">
                    <Trans>Size</Trans>
                  </th>
                  <th>
                    <Trans>Type</Trans>
                  </th>
                  <th>
                    <Trans>Uploaded</Trans>
                  </th>
                  <th>
                    <span className="visually-hidden">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {applicant.attachmentRequirements.map((requirement) => {
                  const files = applicant.attachments.filter((a) => a.kind === requirement.kind)
                  if (files.length) return files.map((file) => fileRow(file, requirement.label))
                  return (
                    <tr key={`missing-${requirement.kind}`}>
                      <td>{requirement.label}</td>
                      <td colSpan={5}>
                        {requirement.required ? (
                          <span className="attachment-missing">
                            <Trans>Missing (required)</Trans>
                          </span>
                        ) : (
                          <span className="muted">
                            <Trans>Not uploaded (optional)</Trans>
                          </span>
                        )}
                      </td>
                    </tr>
                  )
                })}
                {strayFiles.map((file) => fileRow(file, file.label || file.kind))}
                {applicant.attachmentRequirements.length === 0 && strayFiles.length === 0 && (
                  <tr>
                    <td colSpan={6} className="muted">
                      <Trans>This form asks for no attachments.</Trans>
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </section>
      </div>

      {deciding && (
        <DecisionDialog
          applicant={applicant}
          decision={deciding}
          onClose={() => setDeciding(undefined)}
        />
      )}
    </div>
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
