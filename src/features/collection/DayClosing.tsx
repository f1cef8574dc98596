import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactElement } from 'react'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { CashierDay } from '../../shared/schemas/collection-days.ts'
import { useApproveDifference } from './mutations.ts'
import { ReopenDayDialog } from './ReopenDayDialog.tsx'

/**
 * A closed day: who closed it and when, expected, counted and the difference (and its approval
 * or posting), the deposit; reopening it for who may (today's only).
 */
export function ClosingFacts({
  day,
  mayApprove,
  mayReopen,
}: {
  day: CashierDay
  mayApprove: boolean
  mayReopen: boolean
}): ReactElement {
  const closing = day.closing!
  const { t } = useLingui()
  const money = useMoney()
  const { dateTime } = useFormat()
  const { toastUnlessFieldError } = useServerErrors()
  const [reopening, setReopening] = useState(false)
  const approve = useApproveDifference({
    onSuccess: () => showToast({ variant: 'success', title: t`The difference is posted.` }),
    onError: (err) => toastUnlessFieldError(err, t`The difference was not approved`),
  })
  const reason = closing.differenceReason
  const approver = closing.differenceApprovedBy ?? ''
  const approvedAt = closing.differenceApprovedAt
    ? dateTime(new Date(closing.differenceApprovedAt))
    : ''
  const expected = money.format(closing.expectedCashMinor)
  const counted = money.format(closing.countedCashMinor)
  const difference = money.format(closing.differenceMinor)
  const deposited = money.format(closing.depositedMinor)
  const at = dateTime(new Date(closing.closedAt))
  const by = closing.closedBy ?? ''
  const bank = closing.bankAccount
  const voucher = closing.voucherReference
  const posting = closing.differenceVoucherReference
  return (
    <section className="card" aria-labelledby="day-closing" data-testid="day-closing">
      <h2 id="day-closing">
        {by ? (
          <Trans>
            Closed by {by}, {at}
          </Trans>
        ) : (
          <Trans>Closed {at}</Trans>
        )}
      </h2>
      <p>
        <Trans>Expected when closed: {expected}.</Trans>{' '}
        <Trans>
          Counted {counted}, difference {difference}.
        </Trans>
      </p>
      {reason && (
        <p>
          <Trans>Reason for the difference: {reason}</Trans>
        </p>
      )}
      {closing.differenceStatus === 'pending' && (
        <div className="form-actions">
          <p data-testid="difference-pending">
            <Trans>The difference waits for a second user’s approval: nothing is posted yet.</Trans>
          </p>
          {mayApprove && (
            <button
              type="button"
              className="button button-primary"
              disabled={approve.isPending}
              onClick={() => approve.mutate(closing.id)}
            >
              <Trans>Approve the difference</Trans>
            </button>
          )}
        </div>
      )}
      {posting && (
        <p>
          <Trans>The difference was posted to cash over and short ({posting}).</Trans>
        </p>
      )}
      {approver && (
        <p>
          <Trans>
            Approved by {approver}, {approvedAt}.
          </Trans>
        </p>
      )}
      {closing.depositedMinor > 0 && (
        <p>
          <Trans>
            {deposited} taken to {bank} ({voucher}).
          </Trans>
        </p>
      )}
      {closing.note && <p>{closing.note}</p>}
      <div className="form-actions no-print">
        {mayReopen && day.day === day.today && (
          <button type="button" className="button" onClick={() => setReopening(true)}>
            <Trans>Reopen the day</Trans>
          </button>
        )}
      </div>
      {reopening && <ReopenDayDialog day={day} onClose={() => setReopening(false)} />}
    </section>
  )
}
