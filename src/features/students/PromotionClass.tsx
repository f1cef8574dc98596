import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import type { ErrorDetail } from '../../shared/schemas/api-error.ts'
import type {
  PromotionCounts,
  PromotionExceptionAction,
  PromotionPreview,
  PromotionStudent,
} from '../../shared/schemas/student-promotion.ts'
import type { ClassTarget } from './promotion-defaults.ts'

/** The students the office moves otherwise than their class, with why. */
export type Exceptions = Record<string, { action: PromotionExceptionAction; reason: string }>

/** A class's counts in a line. */
function ClassCounts({ counts }: { counts: PromotionCounts }) {
  const { number } = useFormat()
  const promoted = number(counts.promote)
  const held = number(counts.hold_back)
  const leaving = number(counts.leave)
  const graduating = number(counts.graduate)
  const unchanged = number(counts.already_enrolled + counts.not_active)
  return (
    <span className="promotion-class-counts muted">
      <Trans>
        {promoted} promoted · {held} held back · {leaving} leaving · {graduating} graduating
      </Trans>
      {counts.already_enrolled + counts.not_active > 0 && (
        <>
          {' · '}
          <Trans>{unchanged} left as they are</Trans>
        </>
      )}
    </span>
  )
}

/** One class: where it goes, its counts, and (opened) its students. */
export function ClassBlock({
  name,
  target,
  classes,
  onTarget,
  preview,
  toSessionName,
  exceptions,
  onException,
}: {
  name: string
  target: ClassTarget
  classes: { id: string; name: string }[]
  onTarget: (target: ClassTarget) => void
  preview: PromotionPreview['classes'][number] | undefined
  toSessionName: string
  exceptions: Exceptions
  onException: (student: PromotionStudent, action: string, reason: string) => void
}) {
  const { t } = useLingui()
  const { translate } = useServerErrors()
  const { number } = useFormat()
  const targetId = useId()
  const listId = useId()
  const [open, setOpen] = useState(false)
  const students = preview?.students ?? []
  const studentCount = number(students.length)
  const counts = preview?.counts
  return (
    <div className="promotion-class">
      <div className="promotion-class-head">
        <label htmlFor={targetId} className="promotion-class-name">
          <Trans>
            {name} <span className="muted">goes to</span>
          </Trans>
        </label>
        <select id={targetId} value={target} onChange={(e) => onTarget(e.target.value)}>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          <option value="graduate">{t`Graduates (leaves the school)`}</option>
          <option value="skip">{t`Not promoted now`}</option>
        </select>
        {counts && <ClassCounts counts={counts} />}
        {students.length > 0 && (
          <button
            type="button"
            className="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? (
              <Trans>Hide the students of {name}</Trans>
            ) : (
              <Trans>
                Show the students of {name} ({studentCount})
              </Trans>
            )}
          </button>
        )}
      </div>
      {preview?.errors.map((error: ErrorDetail, i) => (
        <p key={i} className="field-error" role="alert">
          {translate(error)} <Trans>This class is left as it is until that is fixed.</Trans>
        </p>
      ))}
      {open && students.length > 0 && (
        <div id={listId}>
          <StudentTable
            className={name}
            students={students}
            graduating={target === 'graduate'}
            toSessionName={toSessionName}
            exceptions={exceptions}
            onException={onException}
          />
        </div>
      )}
    </div>
  )
}

const placeText = (place: { className: string; sectionName: string | null; roll: number }) =>
  [place.className, place.sectionName, place.roll].filter((p) => p !== null).join(' · ')

function StudentTable({
  className,
  students,
  graduating,
  toSessionName,
  exceptions,
  onException,
}: {
  className: string
  students: PromotionStudent[]
  graduating: boolean
  toSessionName: string
  exceptions: Exceptions
  onException: (student: PromotionStudent, action: string, reason: string) => void
}) {
  const { t } = useLingui()
  const { wrap, table } = useStackedTable()
  return (
    <div ref={wrap} className="table-wrap">
      <table ref={table} className="table">
        <caption className="visually-hidden">{t`Students of ${className}`}</caption>
        <thead>
          <HeaderRow
            columns={[
              { label: <Trans>Student</Trans> },
              { label: <Trans>Now</Trans> },
              { label: <Trans>What happens</Trans> },
              { label: <Trans>Reason</Trans> },
              { label: <Trans>Next session</Trans> },
            ]}
          />
        </thead>
        <tbody>
          {students.map((s) => {
            const studentName = s.fullName
            const chosen = exceptions[s.studentId]
            const fixed = s.action === 'already_enrolled' || s.action === 'not_active'
            const action = chosen?.action ?? (graduating ? 'graduate' : 'promote')
            return (
              <tr key={s.studentId}>
                <td>
                  {s.fullName} <small className="muted block">{s.studentCode}</small>
                </td>
                <td>{placeText(s.from)}</td>
                <td>
                  {fixed ? (
                    s.action === 'already_enrolled' ? (
                      <Trans>Already enrolled in {toSessionName}</Trans>
                    ) : (
                      <Trans>No longer active</Trans>
                    )
                  ) : (
                    <select
                      aria-label={t`What happens to ${studentName}`}
                      value={action}
                      onChange={(e) => onException(s, e.target.value, chosen?.reason ?? '')}
                    >
                      {!graduating && <option value="promote">{t`Promoted`}</option>}
                      <option value="hold_back">{t`Held back`}</option>
                      <option value="leave">{t`Leaves`}</option>
                      <option value="graduate">{t`Graduates`}</option>
                    </select>
                  )}
                </td>
                <td>
                  {!fixed && action === 'leave' && chosen && (
                    <input
                      type="text"
                      maxLength={300}
                      aria-label={t`Why ${studentName} leaves`}
                      value={chosen.reason}
                      onChange={(e) => onException(s, action, e.target.value)}
                    />
                  )}
                </td>
                <td>{s.to ? placeText(s.to) : <span className="muted">—</span>}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
