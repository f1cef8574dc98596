import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useListSearch } from '../../lib/list-search.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import type { StudentListQuery } from '../../shared/schemas/student-search.ts'
import { statusBadges, statusLabels } from './labels.ts'
import { useExportStudents } from './mutations.ts'
import { studentsQuery } from './queries.ts'
import { StudentFilters } from './StudentFilters.tsx'
import { placeText } from './structure.ts'
import './students.css'

// The new-student dialog (its fields, placement and their checks) loads when it is opened.
const StudentFormDialog = lazy(() =>
  import('./StudentFormDialog.tsx').then((m) => ({ default: m.StudentFormDialog })),
)

type SearchChange = (next: Partial<StudentListQuery>) => void

/**
 * /students: the institute's students in a session, found by name, student ID, guardian's phone
 * or roll, narrowed by the filters; a new student is added here, and the promotion is a link away.
 */
export function StudentsPage({
  search,
  onSearchChange,
}: {
  search: StudentListQuery
  onSearchChange: SearchChange
}): ReactElement {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const { data } = useSuspenseQuery(studentsQuery(search))
  const [creating, setCreating] = useState(false)
  const canCreate = ability.can('create', 'students')
  const canPromote = ability.can('update', 'students')
  const errorsOf = useServerErrors()
  const exporting = useExportStudents({
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`The list was not exported`),
  })
  const exportAs = (format: 'csv' | 'xlsx') => (
    <button
      type="button"
      className="button"
      disabled={exporting.isPending || data.total === 0}
      title={data.total === 0 ? t`No students match: there is nothing to export.` : undefined}
      onClick={() => exporting.mutate({ format, search })}
    >
      {format === 'csv' ? <Trans>Export CSV</Trans> : <Trans>Export Excel</Trans>}
    </button>
  )

  // Unsorted, the server lists students by class, section and roll.
  const { setSearch, onSearch, sorting, paging } = useListSearch(search, onSearchChange, {
    sortBy: 'className',
  })

  return (
    <div className="page students">
      <PageHeader
        title={<Trans>Students</Trans>}
        subtitle={
          <Trans>
            Search by name, student ID, guardian’s phone or roll (class-section-roll, such as
            Six-A-12).
          </Trans>
        }
        actions={
          <div className="header-buttons">
            {exportAs('csv')}
            {exportAs('xlsx')}
            {canCreate && (
              <Link className="button" to="/students/import">
                <Trans>Import students</Trans>
              </Link>
            )}
            {canPromote && (
              <Link className="button" to="/students/promote">
                <Trans>Promote students</Trans>
              </Link>
            )}
            {canCreate && (
              <button
                type="button"
                className="button button-primary"
                onClick={() => setCreating(true)}
              >
                <Trans>New student</Trans>
              </button>
            )}
          </div>
        }
      />

      <section className="card">
        <div className="toolbar">
          <SearchBox value={search.q} onSearch={onSearch} label={t`Search students`} />
          <StudentFilters search={search} onChange={setSearch} />
        </div>

        <PagedTable
          empty={<Trans>No students match.</Trans>}
          {...paging}
          total={data.total}
          sorting={sorting}
          columns={[
            { label: t`Student ID`, sort: 'studentCode' },
            { label: t`Name`, sort: 'fullName' },
            { label: t`Class · section · roll`, sort: 'className' },
            { label: <Trans>Guardian</Trans> },
            { label: <Trans>Status</Trans> },
          ]}
          rows={data.data.map((student) => (
            <tr key={student.id}>
              <td className="student-code">{student.studentCode}</td>
              <td>
                <Link to="/students/$studentId" params={{ studentId: student.id }}>
                  {student.fullName}
                </Link>
                <small className="muted block">{student.campusName}</small>
              </td>
              <td>
                {student.enrolment ? (
                  <>
                    {placeText(student.enrolment)}
                    {student.enrolment.groupName && (
                      <small className="muted block">{student.enrolment.groupName}</small>
                    )}
                  </>
                ) : (
                  <span className="muted">
                    <Trans>Not enrolled in this session</Trans>
                  </span>
                )}
              </td>
              <td>
                {student.guardianName || <span className="muted">—</span>}
                <small className="block">
                  <a href={`tel:${student.guardianPhone.replace(/[^\d+]/g, '')}`}>
                    {student.guardianPhone}
                  </a>
                </small>
              </td>
              <td>
                <span className={`badge ${statusBadges[student.status]}`}>
                  {i18n._(statusLabels[student.status])}
                </span>
              </td>
            </tr>
          ))}
        />
      </section>

      {creating && (
        <Suspense fallback={null}>
          <StudentFormDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </div>
  )
}
