import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, type ReactElement } from 'react'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import { periodLabel } from '../../shared/fees/periods.ts'
import type { Family, OpenLine } from '../../shared/schemas/collection-payments.ts'
import type { PaymentDraft, PreparedPayment } from './prepared-payment.ts'

/**
 * The family's open lines, member by member, oldest due first: each ticked line shows where the
 * money goes (its fine, its fee) and what is left of it, before anything is saved. One key pays
 * all or none of a member's lines (their toggle); each line's checkbox names its student.
 */
export function FamilyLines({
  family,
  prepared,
  draft,
  onDraft,
  onWaive,
  disabled,
}: {
  family: Family
  prepared: PreparedPayment
  draft: PaymentDraft
  onDraft: (draft: PaymentDraft) => void
  /** Offered where the user may waive fines. */
  onWaive: ((line: OpenLine) => void) | undefined
  disabled: boolean
}): ReactElement {
  const money = useMoney()
  const toggle = (lineId: string) =>
    onDraft({
      ...draft,
      unticked: draft.unticked.includes(lineId)
        ? draft.unticked.filter((id) => id !== lineId)
        : [...draft.unticked, lineId],
    })
  // All of a member's lines, or none of them (when all were ticked).
  const toggleMember = (lineIds: string[]) => {
    const allTicked = lineIds.every((id) => !draft.unticked.includes(id))
    const others = draft.unticked.filter((id) => !lineIds.includes(id))
    onDraft({ ...draft, unticked: allTicked ? [...others, ...lineIds] : others })
  }
  const toggleAdvance = (studentId: string) =>
    onDraft({
      ...draft,
      useAdvance: draft.useAdvance.includes(studentId)
        ? draft.useAdvance.filter((id) => id !== studentId)
        : [...draft.useAdvance, studentId],
    })

  return (
    <div className="counter-family">
      {family.members.map((member) => {
        const lines = prepared.lines.filter((l) => l.studentId === member.studentId)
        const name = member.fullName
        const advance = money.format(member.advanceMinor)
        return (
          <section key={member.studentId} className="card" aria-label={name}>
            <h2>
              {name} <span className="muted">{member.studentCode}</span>{' '}
              <span className="muted">
                {[member.className, member.sectionName].filter(Boolean).join(' · ')}
              </span>
            </h2>
            {lines.length > 0 && (
              <MemberToggle
                name={name}
                ticked={lines.filter((l) => !draft.unticked.includes(l.lineId)).length}
                of={lines.length}
                disabled={disabled}
                onToggle={() => toggleMember(lines.map((l) => l.lineId))}
              />
            )}
            {member.advanceMinor > 0 && (
              <label className="checkbox">
                <input
                  type="checkbox"
                  disabled={disabled}
                  checked={draft.useAdvance.includes(member.studentId)}
                  onChange={() => toggleAdvance(member.studentId)}
                />{' '}
                <Trans>Pay with the advance ({advance} available)</Trans>
              </label>
            )}
            {lines.length === 0 ? (
              <p className="muted">
                <Trans>Nothing due.</Trans>
              </p>
            ) : (
              <MemberLines
                name={name}
                lines={lines}
                prepared={prepared}
                draft={draft}
                onToggle={toggle}
                onWaive={onWaive}
                disabled={disabled}
              />
            )}
          </section>
        )
      })}
    </div>
  )
}

/** Pay all of a member's lines or none: ticked when all are, mixed when some are. */
function MemberToggle({
  name,
  ticked,
  of,
  disabled,
  onToggle,
}: {
  name: string
  ticked: number
  of: number
  disabled: boolean
  onToggle: () => void
}): ReactElement {
  const box = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (box.current) box.current.indeterminate = ticked > 0 && ticked < of
  }, [ticked, of])
  return (
    <label className="checkbox counter-member-toggle">
      <input
        ref={box}
        type="checkbox"
        disabled={disabled}
        checked={ticked === of}
        onChange={onToggle}
      />{' '}
      <Trans>Pay all lines of {name}</Trans>
    </label>
  )
}

/** One member's open lines; the columns stack on a narrow screen, none cut off. */
function MemberLines({
  name,
  lines,
  prepared,
  draft,
  onToggle,
  onWaive,
  disabled,
}: {
  name: string
  lines: OpenLine[]
  prepared: PreparedPayment
  draft: PaymentDraft
  onToggle: (lineId: string) => void
  onWaive: ((line: OpenLine) => void) | undefined
  disabled: boolean
}): ReactElement {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const { date } = useFormat()
  const { wrap, table } = useStackedTable()
  return (
    <div ref={wrap} className="table-wrap">
      <table ref={table} className="table counter-lines">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Pay</Trans>
              </span>
            </th>
            <th scope="col">
              <Trans>Fee head</Trans>
            </th>
            <th scope="col">
              <Trans>Period</Trans>
            </th>
            <th scope="col">
              <Trans>Due date</Trans>
            </th>
            <th scope="col" className="amount">
              <Trans>Due</Trans>
            </th>
            <th scope="col" className="amount">
              <Trans>Fine today</Trans>
            </th>
            <th scope="col" className="amount">
              <Trans>Paying</Trans>
            </th>
            <th scope="col" className="amount">
              <Trans>Left</Trans>
            </th>
            {onWaive && (
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Actions</Trans>
                </span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const a = prepared.allocations.get(line.lineId)
            const paying = (a?.principalMinor ?? 0) + (a?.fineMinor ?? 0)
            const left = line.dueMinor + line.fineMinor - paying
            const head = line.feeHeadName
            // A generated name ("December 2026") in the cashier's language.
            const period = line.periodName ? periodLabel(line.periodName, i18n.locale) : ''
            const finePaid = money.format(a?.fineMinor ?? 0)
            return (
              <tr key={line.lineId} data-testid="counter-line">
                <td>
                  <input
                    type="checkbox"
                    disabled={disabled}
                    aria-label={t`Pay ${head} ${period} for ${name}`}
                    checked={!draft.unticked.includes(line.lineId)}
                    onChange={() => onToggle(line.lineId)}
                  />
                </td>
                <th scope="row">
                  {head} <span className="muted">{line.invoiceNumber}</span>
                </th>
                <td>{period || '—'}</td>
                <td>{date(dayDate(line.dueDate), 'medium')}</td>
                <td className="amount">{money.format(line.dueMinor)}</td>
                <td className="amount">{money.format(line.fineMinor)}</td>
                <td className="amount" data-testid="paying">
                  {money.format(paying)}
                  {a && a.fineMinor > 0 && (
                    <small className="muted">
                      {' '}
                      <Trans>incl. fine {finePaid}</Trans>
                    </small>
                  )}
                </td>
                <td className="amount">{money.format(left)}</td>
                {onWaive && (
                  <td>
                    {line.fineMinor > 0 && (
                      <button
                        type="button"
                        className="button button-link"
                        disabled={disabled}
                        onClick={() => onWaive(line)}
                      >
                        <Trans>Waive fine</Trans>
                      </button>
                    )}
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
