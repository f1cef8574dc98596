import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState, type ReactElement, type ReactNode } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useAbility } from '../../lib/ability.ts'
import type { StudentStatus } from '../../shared/schemas/student-search.ts'
import { statusBadges, statusLabels } from './labels.ts'
import { studentQuery } from './queries.ts'
import { StudentContacts, StudentProfile } from './StudentFacts.tsx'
import { EnrolmentHistory, FamilySection } from './StudentHistory.tsx'
import { placeText } from './structure.ts'
import './students.css'

// The dialogs load when one is opened: most visits only read the student.
const StudentFormDialog = lazy(() =>
  import('./StudentFormDialog.tsx').then((m) => ({ default: m.StudentFormDialog })),
)
const EnrolmentDialog = lazy(() =>
  import('./EnrolmentDialog.tsx').then((m) => ({ default: m.EnrolmentDialog })),
)
const StatusDialog = lazy(() =>
  import('./StatusDialog.tsx').then((m) => ({ default: m.StatusDialog })),
)

type Editing = { kind: 'fields' } | { kind: 'placement' } | { kind: 'status'; to: StudentStatus }

/**
 * /students/$studentId: who the student is, where they studied, their siblings, and (with the
 * fee set-up) their invoices and ledger; edit, move to another section or roll, and mark as
 * left, graduated or active again. `fees` is the fee area's part of the page (the student's
 * invoices) and `ledger` the student's ledger, composed by the route: features do not import
 * each other.
 */
export function StudentPage({
  studentId,
  fees,
  ledger,
}: {
  studentId: string
  fees?: ReactNode
  ledger?: ReactNode
}): ReactElement {
  const { i18n } = useLingui()
  const ability = useAbility()
  const { data: student } = useSuspenseQuery(studentQuery(studentId))
  const [editing, setEditing] = useState<Editing>()
  const canUpdate = ability.can('update', 'students')
  // The latest enrolment while it has not ended (promoted, held back …) is the one to change.
  const latest = student.enrolments[0]
  const current = latest && latest.outcome === null ? latest : undefined
  const close = () => setEditing(undefined)

  return (
    <div className="page students">
      <PageHeader
        back={
          <Link to="/students">
            <Trans>Students</Trans>
          </Link>
        }
        title={student.fullName}
        actions={
          canUpdate && (
            <div className="header-buttons">
              <button
                type="button"
                className="button"
                onClick={() => setEditing({ kind: 'fields' })}
              >
                <Trans>Edit</Trans>
              </button>
              {current && student.status === 'active' && (
                <button
                  type="button"
                  className="button"
                  onClick={() => setEditing({ kind: 'placement' })}
                >
                  <Trans>Change section or roll</Trans>
                </button>
              )}
              {student.status === 'active' ? (
                <>
                  <button
                    type="button"
                    className="button"
                    onClick={() => setEditing({ kind: 'status', to: 'graduated' })}
                  >
                    <Trans>Mark as graduated</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button-danger"
                    onClick={() => setEditing({ kind: 'status', to: 'left' })}
                  >
                    <Trans>Mark as left</Trans>
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => setEditing({ kind: 'status', to: 'active' })}
                >
                  <Trans>Make active again</Trans>
                </button>
              )}
            </div>
          )
        }
      >
        <p className="student-summary">
          <span className="student-code">{student.studentCode}</span>
          {current && <span>{placeText(current)}</span>}
          <span className={`badge ${statusBadges[student.status]}`}>
            {i18n._(statusLabels[student.status])}
          </span>
        </p>
      </PageHeader>

      <div className="student-sections">
        <StudentProfile student={student} />
        <StudentContacts student={student} />
        <EnrolmentHistory student={student} />
        <FamilySection student={student} />
        {fees}
        {ledger}
      </div>

      <Suspense fallback={null}>
        {editing?.kind === 'fields' && <StudentFormDialog student={student} onClose={close} />}
        {editing?.kind === 'placement' && current && (
          <EnrolmentDialog student={student} enrolment={current} onClose={close} />
        )}
        {editing?.kind === 'status' && (
          <StatusDialog student={student} status={editing.to} onClose={close} />
        )}
      </Suspense>
    </div>
  )
}
