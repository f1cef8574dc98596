import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import type { Student } from '../../shared/schemas/students.ts'
import { outcomeLabels, statusBadges, statusLabels } from './labels.ts'

const dash = <span className="muted">—</span>

/** Where the student studied, session by session, the latest first, and how each one ended. */
export function EnrolmentHistory({ student }: { student: Student }) {
  const { t, i18n } = useLingui()
  const { wrap, table } = useStackedTable()
  return (
    <section className="card student-wide" aria-labelledby="student-enrolments">
      <h2 id="student-enrolments">
        <Trans>Enrolments</Trans>
      </h2>
      {student.enrolments.length === 0 ? (
        <p className="muted">
          <Trans>Not enrolled in any session.</Trans>
        </p>
      ) : (
        <div ref={wrap} className="table-wrap">
          <table ref={table} className="table">
            <thead>
              <HeaderRow
                columns={[
                  { label: t`Session` },
                  { label: t`Class` },
                  { label: t`Group` },
                  { label: t`Section` },
                  { label: t`Shift` },
                  { label: t`Roll`, amount: true },
                  { label: t`Outcome` },
                ]}
              />
            </thead>
            <tbody>
              {student.enrolments.map((enrolment) => (
                <tr key={enrolment.id}>
                  <td>{enrolment.sessionName}</td>
                  <td>{enrolment.className}</td>
                  <td>{enrolment.groupName ?? dash}</td>
                  <td>{enrolment.sectionName ?? dash}</td>
                  <td>{enrolment.shiftName ?? dash}</td>
                  <td className="amount" data-testid="enrolment-roll">
                    {enrolment.roll}
                  </td>
                  <td>
                    {enrolment.outcome ? (
                      i18n._(outcomeLabels[enrolment.outcome])
                    ) : (
                      <span className="muted">
                        <Trans>Under way</Trans>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** The student's brothers and sisters: the students with the same guardian's phone. */
export function FamilySection({ student }: { student: Student }) {
  const { i18n } = useLingui()
  const phone = student.guardianPhone
  return (
    <section className="card" aria-labelledby="student-family">
      <h2 id="student-family">
        <Trans>Siblings</Trans>
      </h2>
      {student.family.length === 0 ? (
        <p className="muted">
          <Trans>No other student has the guardian’s phone {phone}.</Trans>
        </p>
      ) : (
        <ul className="sibling-list">
          {student.family.map((sibling) => (
            <li key={sibling.id}>
              <Link to="/students/$studentId" params={{ studentId: sibling.id }}>
                {sibling.fullName}
              </Link>{' '}
              <span className="muted student-code">{sibling.studentCode}</span>
              {sibling.className && (
                <span className="muted">
                  {' · '}
                  {[sibling.className, sibling.sectionName].filter(Boolean).join(' · ')}
                </span>
              )}{' '}
              {sibling.status !== 'active' && (
                <span className={`badge ${statusBadges[sibling.status]}`}>
                  {i18n._(statusLabels[sibling.status])}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
