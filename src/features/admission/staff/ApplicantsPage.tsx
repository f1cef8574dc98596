import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { PagedTable } from '../../../components/table/PagedTable.tsx'
import { SearchBox } from '../../../components/table/SearchBox.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useListSearch } from '../../../lib/list-search.ts'
import {
  applicantStatuses,
  type ApplicantListSearch,
  type ApplicantStatus,
} from '../../../shared/schemas/admission-lists.ts'
import { statusLabels } from '../labels.ts'
import { useAdmissionErrors } from './errors.ts'
import { statusBadges } from './form-state.ts'
import { useExportApplicants } from './mutations.ts'
import { applicantsQuery, formOptionsQuery } from './queries.ts'
import './staff.css'

type SearchChange = (next: Partial<ApplicantListSearch>) => void

/** /admission-applicants: applications received, by form and status, and their export. */
export function ApplicantsPage({
  search,
  onSearchChange,
}: {
  search: ApplicantListSearch
  onSearchChange: SearchChange
}): ReactElement {
  const { t, i18n } = useLingui()
  const { dateTime, number } = useFormat()
  const errorsOf = useAdmissionErrors()
  const { data } = useSuspenseQuery(applicantsQuery(search))
  const { data: forms } = useSuspenseQuery(formOptionsQuery())

  // Unsorted, the server lists the latest applications first.
  const { setSearch, onSearch, sorting, paging } = useListSearch(search, onSearchChange, {
    sortBy: 'submittedAt',
    sortDesc: true,
  })
  const formKnown = !search.formId || forms.data.some((f) => f.id === search.formId)

  const exportCsv = useExportApplicants({
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`The list was not exported`),
  })

  return (
    <div className="page admission-staff">
      <PageHeader
        title={<Trans>Applicants</Trans>}
        subtitle={
          <Trans>
            Applications submitted on the admission forms. Drafts stay on the applicant’s device and
            are not listed.
          </Trans>
        }
        actions={
          <button
            type="button"
            className="button"
            disabled={exportCsv.isPending || data.total === 0}
            title={
              data.total === 0 ? t`No applications match: there is nothing to export.` : undefined
            }
            onClick={() => exportCsv.mutate(search)}
          >
            {exportCsv.isPending ? <Trans>Exporting…</Trans> : <Trans>Export CSV</Trans>}
          </button>
        }
      />

      <section className="card">
        <div className="toolbar">
          <SearchBox
            value={search.q}
            onSearch={onSearch}
            label={t`Search by name, phone, email or reference`}
          />
          <label>
            <Trans>Form</Trans>{' '}
            <select
              value={search.formId ?? ''}
              onChange={(e) => setSearch({ formId: e.target.value || undefined })}
            >
              <option value="">{t`All forms`}</option>
              {!formKnown && <option value={search.formId}>{t`The chosen form`}</option>}
              {forms.data.map((form) => (
                <option key={form.id} value={form.id}>
                  {form.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            <Trans>Status</Trans>{' '}
            <select
              value={search.status ?? ''}
              onChange={(e) =>
                setSearch({ status: (e.target.value || undefined) as ApplicantStatus | undefined })
              }
            >
              <option value="">{t`All`}</option>
              {applicantStatuses.map((status) => (
                <option key={status} value={status}>
                  {i18n._(statusLabels[status])}
                </option>
              ))}
            </select>
          </label>
        </div>

        <PagedTable
          empty={<Trans>No applications match.</Trans>}
          {...paging}
          total={data.total}
          sorting={sorting}
          columns={[
            { label: t`Submitted`, sort: 'submittedAt' },
            { label: t`Applicant`, sort: 'applicantName' },
            { label: <Trans>Phone</Trans> },
            { label: <Trans>Form</Trans> },
            { label: t`Status`, sort: 'status' },
            { label: <Trans>Attachments</Trans>, amount: true },
            { label: <Trans>Student ID</Trans> },
          ]}
          rows={data.data.map((applicant) => (
            <tr key={applicant.id}>
              <td>{dateTime(new Date(applicant.submittedAt))}</td>
              <td>
                <Link
                  to="/admission-applicants/$applicantId"
                  params={{ applicantId: applicant.id }}
                >
                  {applicant.applicantName}
                </Link>
                {applicant.email && <small className="muted block">{applicant.email}</small>}
              </td>
              <td>{applicant.phone}</td>
              <td className="ellipsis" title={applicant.formTitle}>
                {applicant.formTitle}
              </td>
              <td>
                <span className={`badge ${statusBadges[applicant.status]}`}>
                  {i18n._(statusLabels[applicant.status])}
                </span>
              </td>
              <td className="amount">{number(applicant.attachmentCount)}</td>
              <td>{applicant.studentCode ?? '—'}</td>
            </tr>
          ))}
        />
      </section>
    </div>
  )
}
