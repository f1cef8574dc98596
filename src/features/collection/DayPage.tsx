import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Field } from '../../components/form/Field.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useAbility } from '../../lib/ability.ts'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useMoney } from '../../lib/use-money.ts'
import { CloseDaySchema, type CashierDay } from '../../shared/schemas/collection.ts'
import type { DayPageSearch } from '../../shared/schemas/collection-search.ts'
import { tenderMethodLabels } from './labels.ts'
import { useApproveDifference, useCloseDay } from './mutations.ts'
import { cashierDayQuery } from './queries.ts'
import './collection.css'

/**
 * /payment-collection/day: what a cashier took in a day, by method, every receipt (cancelled
 * ones marked), the cash the drawer should hold; closing today records the counted cash (the
 * difference kept) and takes cash to the bank; a difference over the institute's amount needs a
 * reason and waits for a second user's approval. Supervisors look at any cashier's day, and
 * those who may approve see the differences waiting.
 */
export function DayPage({
  search,
  onSearch,
}: {
  search: DayPageSearch
  onSearch: (search: DayPageSearch) => void
}): ReactElement {
  const { i18n } = useLingui()
  const money = useMoney()
  const { date, dateTime } = useFormat()
  const ability = useAbility()
  const { data: day } = useSuspenseQuery(cashierDayQuery(search))
  const supervisor = ability.can('read', 'receipt-cancel')
  const own = day.own
  const name = day.cashierName
  const when = date(dayDate(day.day), 'long')
  const expected = money.format(day.expectedCashMinor)
  return (
    <div className="page counter-page">
      <PageHeader
        back={
          <Link to="/payment-collection">
            <Trans>Counter collection</Trans>
          </Link>
        }
        title={<Trans>Day of {name}</Trans>}
        subtitle={when}
      />
      {day.pendingDifferences.length > 0 && <PendingDifferences day={day} onSearch={onSearch} />}
      {supervisor && day.cashiers.length > 0 && (
        <div className="field counter-day-cashier">
          <label htmlFor="day-cashier">
            <Trans>Cashier</Trans>
          </label>
          <select
            id="day-cashier"
            value={day.cashierId}
            onChange={(e) => onSearch({ ...search, cashierId: e.target.value })}
          >
            {[{ id: day.cashierId, name: day.cashierName }, ...day.cashiers]
              .filter((c, i, all) => all.findIndex((x) => x.id === c.id) === i)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </select>
        </div>
      )}
      <section className="card" aria-labelledby="day-methods">
        <h2 id="day-methods">
          <Trans>Taken by method</Trans>
        </h2>
        {day.byMethod.length === 0 ? (
          <p className="muted">
            <Trans>Nothing taken.</Trans>
          </p>
        ) : (
          <dl className="facts" data-testid="day-methods">
            {day.byMethod.map((m) => {
              const count = m.receipts
              return (
                <div key={m.method} className="facts-row">
                  <dt>{i18n._(tenderMethodLabels[m.method])}</dt>
                  <dd>
                    {money.format(m.amountMinor)}{' '}
                    <span className="muted">
                      <Plural value={count} one="(# receipt)" other="(# receipts)" />
                    </span>
                  </dd>
                </div>
              )
            })}
          </dl>
        )}
        <p data-testid="expected-cash">
          <Trans>Cash the drawer should hold: {expected}</Trans>
        </p>
      </section>
      <section className="card" aria-labelledby="day-receipts">
        <h2 id="day-receipts">
          <Trans>Receipts</Trans>
        </h2>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Receipt</Trans>
                </th>
                <th scope="col">
                  <Trans>Time</Trans>
                </th>
                <th scope="col">
                  <Trans>Students</Trans>
                </th>
                <th scope="col" className="amount">
                  <Trans>Received</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {day.receipts.map((r) => (
                <tr key={r.id} className={r.status === 'cancelled' ? 'muted' : undefined}>
                  <th scope="row">
                    <Link to="/payment-collection" search={{ receiptId: r.id }}>
                      {r.number}
                    </Link>
                    {r.status === 'cancelled' && (
                      <span className="badge badge-danger">
                        {' '}
                        <Trans>Cancelled</Trans>
                      </span>
                    )}
                    {r.cancelledOn && <CancelledWhen receipt={r} day={day.day} />}
                  </th>
                  <td>{dateTime(new Date(r.receivedAt))}</td>
                  <td>{r.students}</td>
                  <td className="amount">{money.format(r.amountMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {day.cancelledHere.length > 0 && <CancelledHere day={day} />}
      {day.closing ? (
        <ClosingFacts
          closing={day.closing}
          mayApprove={!own && ability.can('update', 'receipt-cancel')}
        />
      ) : (
        own && (
          <CloseDayForm
            bankAccounts={day.bankAccounts}
            expectedMinor={day.expectedCashMinor}
            approvalAboveMinor={day.differenceApprovalAboveMinor}
          />
        )
      )}
      {!day.closing && !own && (
        <p className="muted">
          <Trans>Not closed yet.</Trans>
        </p>
      )}
    </div>
  )
}

/** When a receipt of the day was cancelled, if not that day or after the day was closed. */
function CancelledWhen({
  receipt,
  day,
}: {
  receipt: CashierDay['receipts'][number]
  day: string
}): ReactElement | null {
  const { date } = useFormat()
  const on = receipt.cancelledOn ? date(dayDate(receipt.cancelledOn), 'long') : ''
  if (receipt.cancelledOn !== day) {
    return (
      <small className="muted counter-day-cancelled">
        {receipt.cancelledAfterClosing ? (
          <Trans>cancelled on {on}, after the day was closed</Trans>
        ) : (
          <Trans>cancelled on {on}</Trans>
        )}
      </small>
    )
  }
  return receipt.cancelledAfterClosing ? (
    <small className="muted counter-day-cancelled">
      <Trans>cancelled after the day was closed</Trans>
    </small>
  ) : null
}

/** Receipts the user cancelled that day, taken on another day or by another cashier. */
function CancelledHere({ day }: { day: CashierDay }): ReactElement {
  const money = useMoney()
  const { date } = useFormat()
  const name = day.cashierName
  return (
    <section className="card" aria-labelledby="day-cancelled-here">
      <h2 id="day-cancelled-here">
        <Trans>Other receipts {name} cancelled</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Taken on another day or by another cashier: each counts against the day it was taken.
        </Trans>
      </p>
      <div className="table-wrap">
        <table className="table" data-testid="day-cancelled-here">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Receipt</Trans>
              </th>
              <th scope="col">
                <Trans>Taken on</Trans>
              </th>
              <th scope="col">
                <Trans>Cashier</Trans>
              </th>
              <th scope="col">
                <Trans>Reason</Trans>
              </th>
              <th scope="col" className="amount">
                <Trans>Received</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {day.cancelledHere.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <Link to="/payment-collection" search={{ receiptId: r.id }}>
                    {r.number}
                  </Link>
                </th>
                <td>{date(dayDate(r.receivedOn), 'long')}</td>
                <td>{r.cashierName ?? '—'}</td>
                <td>{r.reason}</td>
                <td className="amount">{money.format(r.amountMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

/** For who may approve them: the closings whose difference waits, each a link to its day. */
function PendingDifferences({
  day,
  onSearch,
}: {
  day: CashierDay
  onSearch: (search: DayPageSearch) => void
}): ReactElement {
  const money = useMoney()
  const { date } = useFormat()
  return (
    <section className="card" aria-labelledby="day-pending">
      <h2 id="day-pending">
        <Trans>Differences awaiting approval</Trans>
      </h2>
      <ul data-testid="day-pending">
        {day.pendingDifferences.map((p) => {
          const name = p.cashierName
          const when = date(dayDate(p.day), 'long')
          const difference = money.format(p.differenceMinor)
          return (
            <li key={p.closingId}>
              <button
                type="button"
                className="button-link"
                onClick={() => onSearch({ day: p.day, cashierId: p.cashierId })}
              >
                <Trans>
                  {name}, {when}: {difference}
                </Trans>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function ClosingFacts({
  closing,
  mayApprove,
}: {
  closing: NonNullable<CashierDay['closing']>
  mayApprove: boolean
}): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const { dateTime } = useFormat()
  const { toastUnlessFieldError } = useServerErrors()
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
  const bank = closing.bankAccount
  const voucher = closing.voucherReference
  const posting = closing.differenceVoucherReference
  return (
    <section className="card" aria-labelledby="day-closing" data-testid="day-closing">
      <h2 id="day-closing">
        <Trans>Closed {at}</Trans>
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
    </section>
  )
}

function CloseDayForm({
  bankAccounts,
  expectedMinor,
  approvalAboveMinor,
}: {
  bankAccounts: string[]
  expectedMinor: number
  approvalAboveMinor: number
}): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const [counted, setCounted] = useState('')
  const [deposited, setDeposited] = useState('')
  const [bankAccount, setBankAccount] = useState(bankAccounts[0] ?? '')
  const [note, setNote] = useState('')
  const [differenceReason, setDifferenceReason] = useState('')
  const [tried, setTried] = useState(false)
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const close = useCloseDay({
    onSuccess: () => showToast({ variant: 'success', title: t`The day is closed.` }),
    onError: (err) => toastUnlessFieldError(err, t`The day was not closed`),
  })
  const body = {
    countedCashMinor: money.parse(counted) ?? -1,
    depositedMinor: money.parse(deposited) ?? -1,
    bankAccount,
    note,
    differenceReason,
  }
  const errors = {
    ...fieldErrors(close.error),
    ...(tried ? checkFields(CloseDaySchema, body) : {}),
  }
  const countedMinor = money.parse(counted)
  const differenceMinor =
    counted.trim() && countedMinor !== undefined ? countedMinor - expectedMinor : null
  const difference = differenceMinor === null ? '' : money.format(differenceMinor)
  const needsApproval = differenceMinor !== null && Math.abs(differenceMinor) > approvalAboveMinor

  function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    if (Object.keys(checkFields(CloseDaySchema, body)).length) return
    close.mutate(body)
  }

  return (
    <section className="card" aria-labelledby="day-close">
      <h2 id="day-close">
        <Trans>Close the day</Trans>
      </h2>
      <form className="form counter-close" noValidate onSubmit={submit}>
        <Field
          label={t`Cash counted in the drawer`}
          inputMode="decimal"
          value={counted}
          error={errors.countedCashMinor}
          hint={
            differenceMinor === null
              ? undefined
              : differenceMinor === 0
                ? t`Difference: ${difference}`
                : needsApproval
                  ? t`Difference: ${difference}, posted to cash over and short once a second user approves it`
                  : t`Difference: ${difference}, posted to cash over and short at closing`
          }
          onChange={(e) => setCounted(e.target.value)}
        />
        {needsApproval && (
          <Field
            label={t`Reason for the difference`}
            value={differenceReason}
            maxLength={500}
            error={errors.differenceReason}
            onChange={(e) => setDifferenceReason(e.target.value)}
          />
        )}
        <Field
          label={t`Taken to the bank`}
          inputMode="decimal"
          value={deposited}
          error={errors.depositedMinor}
          onChange={(e) => setDeposited(e.target.value)}
        />
        <div className="field">
          <label htmlFor="day-bank">
            <Trans>Bank account</Trans>
          </label>
          <select
            id="day-bank"
            value={bankAccount}
            onChange={(e) => setBankAccount(e.target.value)}
          >
            {bankAccounts.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
          {errors.bankAccount && <small className="field-error">{errors.bankAccount}</small>}
        </div>
        <Field
          label={t`Note`}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="form-actions">
          <SubmitButton busy={close.isPending}>
            <Trans>Close the day</Trans>
          </SubmitButton>
        </div>
      </form>
    </section>
  )
}
