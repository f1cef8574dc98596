import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useAbility } from '../../lib/ability.ts'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import type { Student } from '../../shared/schemas/students.ts'
import { fieldLabels, genderLabels, statusLabels } from './labels.ts'

const empty = <span className="muted">—</span>

function FactRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children || empty}</dd>
    </>
  )
}

/** Who the student is: ID, name, birth, campus, status (with its day and reason), origin. */
export function StudentProfile({ student }: { student: Student }) {
  const { i18n } = useLingui()
  const { date, dateTime } = useFormat()
  const ability = useAbility()
  const label = (field: keyof typeof fieldLabels) => i18n._(fieldLabels[field])
  const statusOn = student.statusOn ? date(dayDate(student.statusOn)) : ''
  const gender = student.gender as keyof typeof genderLabels | ''
  return (
    <section className="card" aria-labelledby="student-profile">
      <h2 id="student-profile">
        <Trans>Profile</Trans>
      </h2>
      <dl className="facts">
        <FactRow label={label('studentCode')}>
          <strong data-testid="student-code">{student.studentCode}</strong>
        </FactRow>
        <FactRow label={label('fullName')}>{student.fullName}</FactRow>
        <FactRow label={label('dateOfBirth')}>
          {student.dateOfBirth && date(dayDate(student.dateOfBirth))}
        </FactRow>
        <FactRow label={label('gender')}>{gender && i18n._(genderLabels[gender])}</FactRow>
        <FactRow label={label('religion')}>{student.religion}</FactRow>
        <FactRow label={label('bloodGroup')}>{student.bloodGroup}</FactRow>
        <FactRow label={label('campusId')}>{student.campusName}</FactRow>
        <FactRow label={<Trans>Status</Trans>}>
          <span data-testid="student-status">
            {student.status === 'active' ? (
              i18n._(statusLabels.active)
            ) : student.status === 'left' ? (
              <Trans>Left on {statusOn}</Trans>
            ) : (
              <Trans>Graduated on {statusOn}</Trans>
            )}
          </span>
          {student.status === 'left' && student.statusReason && (
            <small className="muted block">{student.statusReason}</small>
          )}
        </FactRow>
        <FactRow label={<Trans>Came from</Trans>}>
          {student.applicantId ? (
            ability.can('read', 'admission') ? (
              <Link
                to="/admission-applicants/$applicantId"
                params={{ applicantId: student.applicantId }}
              >
                <Trans>Their admission application</Trans>
              </Link>
            ) : (
              <Trans>An admission application</Trans>
            )
          ) : (
            <Trans>Added by the office</Trans>
          )}
        </FactRow>
        <FactRow label={<Trans>Added</Trans>}>{dateTime(new Date(student.createdAt))}</FactRow>
      </dl>
    </section>
  )
}

/** Who to call: parents and guardian, their phone, email and address. */
export function StudentContacts({ student }: { student: Student }) {
  const { i18n } = useLingui()
  const label = (field: keyof typeof fieldLabels) => i18n._(fieldLabels[field])
  const phone = student.guardianPhone
  return (
    <section className="card" aria-labelledby="student-contacts">
      <h2 id="student-contacts">
        <Trans>Family and contact</Trans>
      </h2>
      <dl className="facts">
        <FactRow label={label('fatherName')}>{student.fatherName}</FactRow>
        <FactRow label={label('motherName')}>{student.motherName}</FactRow>
        <FactRow label={label('guardianName')}>{student.guardianName}</FactRow>
        <FactRow label={label('guardianRelation')}>{student.guardianRelation}</FactRow>
        <FactRow label={label('guardianPhone')}>
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
        </FactRow>
        <FactRow label={label('guardianEmail')}>
          {student.guardianEmail && (
            <a href={`mailto:${student.guardianEmail}`}>{student.guardianEmail}</a>
          )}
        </FactRow>
        <FactRow label={label('address')}>{student.address}</FactRow>
      </dl>
    </section>
  )
}
