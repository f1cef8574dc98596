import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState, type ReactElement } from 'react'
import { UnsavedChangesPrompt } from '../../components/Dialog.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useAbility } from '../../lib/ability.ts'
import { httpStatus, isOfflineWrite } from '../../lib/http-error.ts'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts'
import { useMoney } from '../../lib/use-money.ts'
import {
  CreatePaymentSchema,
  type Family,
  type OpenLine,
} from '../../shared/schemas/collection-payments.ts'
import { ApplicantFeePanel } from './ApplicantFeePanel.tsx'
import { CounterSearch } from '../../components/CounterSearch.tsx'
import { FamilyLines } from './FamilyLines.tsx'
import { FamilyRead } from './FamilyRead.tsx'
import { useTakePayment } from './mutations.ts'
import { emptyDraft, preparePayment, type PaymentDraft } from './prepared-payment.ts'
import { counterSettingsQuery, familyQuery } from './queries.ts'
import { TenderRows } from './TenderRows.tsx'
import { keepUnconfirmed, unconfirmedOf, type Unconfirmed } from './unconfirmed-payments.ts'
import { DayClosedGate } from './DayClosedGate.tsx'
import './collection.css'

// The receipt comes after a save: fetched while the cashier fills the payment in, not before.
const loadReceiptPanel = () => import('./ReceiptPanel.tsx')
const ReceiptPanel = lazy(() => loadReceiptPanel().then((m) => ({ default: m.ReceiptPanel })))
const WaiveFineDialog = lazy(() =>
  import('./WaiveFineDialog.tsx').then((m) => ({ default: m.WaiveFineDialog })),
)

/**
 * /payment-collection: the cashier's counter. One search finds a student; their family comes
 * with every member's open lines, all ticked; the amount received follows (or is typed) and the
 * preview shows where each minor unit goes; Enter saves one payment, one receipt. Keyboard only.
 */
export function CounterPage({
  studentId,
  applicantId,
  receiptId,
  onShow,
}: {
  studentId: string | undefined
  /** An applicant whose application fee is taken, instead of a family. */
  applicantId?: string
  receiptId: string | undefined
  onShow: (search: { studentId?: string; applicantId?: string; receiptId?: string }) => void
}): ReactElement {
  const newPayment = () => onShow({})
  useEffect(() => {
    if (receiptId) return
    function onKey(e: KeyboardEvent) {
      if (e.altKey && e.code === 'KeyN') {
        e.preventDefault()
        onShow({})
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [receiptId, onShow])

  return (
    <div className="page counter-page">
      <PageHeader
        className="no-print"
        title={<Trans>Counter collection</Trans>}
        actions={
          <Link className="button" to="/payment-collection/day">
            <Trans>My day</Trans>
          </Link>
        }
        subtitle={
          <span className="counter-keys">
            <Trans>
              Type to find · <kbd>↓</kbd> <kbd>↑</kbd> choose · <kbd>Enter</kbd> pick, then save ·{' '}
              <kbd>Alt+P</kbd> print · <kbd>Alt+N</kbd> next payment
            </Trans>
          </span>
        }
      />
      {receiptId ? (
        <Suspense fallback={null}>
          <ReceiptPanel paymentId={receiptId} onNew={newPayment} />
        </Suspense>
      ) : (
        <DayClosedGate>
          <div className="no-print">
            <CounterSearch
              autoFocus
              key={studentId ?? applicantId ?? ''}
              onPick={(match) => onShow({ studentId: match.studentId })}
              onPickApplicant={(a) => onShow({ applicantId: a.applicantId })}
            />
          </div>
          {applicantId && !studentId && (
            <ApplicantFeePanel
              key={applicantId}
              applicantId={applicantId}
              onReceipt={(id) => onShow({ receiptId: id })}
            />
          )}
          {studentId && (
            <FamilyCounter
              key={studentId}
              studentId={studentId}
              onSaved={(id) => onShow({ receiptId: id })}
            />
          )}
        </DayClosedGate>
      )}
    </div>
  )
}

function FamilyCounter({
  studentId,
  onSaved,
}: {
  studentId: string
  onSaved: (receiptId: string) => void
}): ReactElement | null {
  const family = useQuery(familyQuery(studentId))
  return (
    <FamilyRead read={family}>
      {(data) => <PaymentForm family={data} onSaved={onSaved} />}
    </FamilyRead>
  )
}

function PaymentForm({
  family,
  onSaved,
}: {
  family: Family
  onSaved: (receiptId: string) => void
}): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const ability = useAbility()
  const online = useOnlineStatus()
  const memberIds = family.members.map((m) => m.studentId)
  // A payment sent earlier without an answer (before a reload, say) comes back as it was.
  const [unconfirmed, setUnconfirmedState] = useState(() => unconfirmedOf(memberIds))
  const [draft, setDraft] = useState<PaymentDraft>(() => unconfirmed?.draft ?? emptyDraft())
  const setUnconfirmed = (payment: Unconfirmed | null) => {
    const studentId = payment?.body.studentId ?? unconfirmed?.body.studentId
    if (studentId) keepUnconfirmed(studentId, payment)
    setUnconfirmedState(payment)
  }
  // Changes not saved, or a payment not confirmed: leaving the counter asks first.
  const guard = useUnsavedChanges(
    unconfirmed !== null || JSON.stringify(draft) !== JSON.stringify(emptyDraft()),
  )
  const [waiving, setWaiving] = useState<OpenLine | null>(null)
  const [tried, setTried] = useState(false)
  const amountInput = useRef<HTMLInputElement>(null)
  const { fieldErrors, refusalText, issues } = useServerErrors()
  const prepared = preparePayment(family, draft, money.parse)
  const mobileProviders = useQuery(counterSettingsQuery()).data?.mobileProviders ?? []
  const take = useTakePayment({
    onSuccess: (receipt) => {
      setUnconfirmed(null)
      guard.release()
      onSaved(receipt.id)
    },
    onError: (err) => {
      // Refused (a 4xx but a timeout or too many requests) or never sent: nothing was saved and
      // the cashier may change the payment. Otherwise (no answer, a 5xx from a proxy) it may
      // have been taken: only the same payment under the same key is sent again.
      const status = httpStatus(err)
      const refused = status !== undefined && status < 500 && status !== 408 && status !== 429
      if (refused || isOfflineWrite(err)) setUnconfirmed(null)
    },
  })
  useEffect(() => {
    amountInput.current?.focus()
    void loadReceiptPanel()
  }, [])
  const locked = take.isPending || unconfirmed !== null
  const members = family.members
  const lookedUp = members[0]!
  const schemaErrors = tried ? issues(CreatePaymentSchema, prepared.body) : {}
  const errors = { ...schemaErrors, ...fieldErrors(take.error) }
  // A refusal no field on screen shows (another counter was faster, a line closed meanwhile,
  // an advance spent elsewhere): said above the lines, in words.
  const shownFields = (field: string) =>
    field === 'tenders' || field === 'allocations' || field.startsWith('tenders.')
  const unshown = Object.entries(fieldErrors(take.error)).find(([field]) => !shownFields(field))
  const refusal =
    take.error && httpStatus(take.error) !== 422 ? refusalText(take.error) : (unshown?.[1] ?? null)
  const nothing = !unconfirmed && prepared.body.allocations.length === 0 && !prepared.body.toAdvance

  function save() {
    setTried(true)
    if (!online) return
    // Sent before without an answer: the same payment under the same key, whatever shows now.
    if (unconfirmed) return take.mutate({ key: unconfirmed.key, body: unconfirmed.body })
    const typedWrong = prepared.tenderAmounts.some((amount) => amount === undefined)
    if (nothing || prepared.receivedMinor === undefined || typedWrong) return
    const attempt = { key: crypto.randomUUID(), body: prepared.body, draft }
    setUnconfirmed(attempt)
    take.mutate({ key: attempt.key, body: attempt.body })
  }

  const guardian = family.guardianName || family.guardianPhone
  const rest = money.format(prepared.restMinor)
  const change = money.format(prepared.changeMinor)
  // What the family still owes once this payment is taken (lines left unticked included).
  const openMinor = prepared.lines.reduce((sum, l) => sum + l.dueMinor + l.fineMinor, 0)
  const payingMinor = [...prepared.allocations.values()].reduce(
    (sum, a) => sum + a.principalMinor + a.fineMinor,
    0,
  )
  const staysDue = money.format(openMinor - payingMinor)
  return (
    <>
      <form
        className="counter-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        {/* The lines scroll; the payment beside them stays in view (collection.css). */}
        <div className="counter-main">
          {!online && (
            <p className="alert alert-warning" role="alert">
              <Trans>
                You are offline. The family stays on screen, but no money is taken without a receipt
                the server knows: Save works again as soon as the network is back.
              </Trans>
            </p>
          )}
          {unconfirmed && !take.isPending && (
            <p className="alert alert-warning" role="alert">
              <Trans>
                The payment was sent but no answer came. Press Save again once the network is back:
                it is taken once, however often it is sent.
              </Trans>
            </p>
          )}
          {refusal && (
            <p className="alert alert-danger" role="alert">
              {refusal}
            </p>
          )}
          {guardian && (
            <p className="muted">
              <Trans>Family of {guardian}</Trans>
            </p>
          )}
          <FamilyLines
            family={family}
            prepared={prepared}
            draft={draft}
            onDraft={setDraft}
            onWaive={ability.can('create', 'fine-waiver') ? setWaiving : undefined}
            disabled={locked}
          />
        </div>
        <section className="card counter-summary" aria-label={t`Payment`}>
          <dl className="facts">
            <dt>
              <Trans>Selected</Trans>
            </dt>
            <dd data-testid="selected-total">{money.format(prepared.dueMinor)}</dd>
            {prepared.advanceUsedMinor > 0 && (
              <>
                <dt>
                  <Trans>From advances</Trans>
                </dt>
                <dd>{money.format(prepared.advanceUsedMinor)}</dd>
              </>
            )}
          </dl>
          <div className="field">
            <label htmlFor="counter-amount">
              <Trans>Amount received</Trans>
            </label>
            <input
              ref={amountInput}
              id="counter-amount"
              inputMode="decimal"
              disabled={locked}
              value={draft.amount ?? money.toInput(prepared.receivedMinor ?? 0)}
              aria-invalid={prepared.receivedMinor === undefined}
              onChange={(e) => setDraft({ ...draft, amount: e.target.value })}
              onFocus={(e) => e.target.select()}
            />
            {prepared.receivedMinor === undefined && (
              <small className="field-error">
                <Trans>Type an amount, like 1250.50.</Trans>
              </small>
            )}
          </div>
          {prepared.restMinor > 0 && (
            <div className="field">
              <label htmlFor="counter-advance-to">
                <Trans>{rest} more than the lines: keep as advance of</Trans>
              </label>
              <select
                id="counter-advance-to"
                disabled={locked}
                value={draft.advanceTo ?? lookedUp.studentId}
                onChange={(e) => setDraft({ ...draft, advanceTo: e.target.value })}
              >
                {members.map((m) => (
                  <option key={m.studentId} value={m.studentId}>
                    {m.fullName}
                  </option>
                ))}
              </select>
            </div>
          )}
          <TenderRows
            tenders={draft.tenders}
            amounts={prepared.tenderAmounts}
            bankAccounts={family.bankAccounts}
            mobileProviders={mobileProviders}
            errors={errors}
            disabled={locked}
            onChange={(tenders) => setDraft({ ...draft, tenders })}
          />
          {prepared.changeMinor > 0 && (
            <p className="counter-change" data-testid="change">
              <Trans>Change to give back: {change}</Trans>
            </p>
          )}
          {openMinor > payingMinor && (
            <p className="counter-stays-due" data-testid="stays-due">
              <Trans>{staysDue} stays due</Trans>
            </p>
          )}
          {(errors.tenders || errors.allocations) && (
            <p className="field-error">{errors.tenders ?? errors.allocations}</p>
          )}
          <div className="form-actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={!online || nothing || take.isPending}
              aria-busy={take.isPending}
            >
              <Trans>Save and show the receipt</Trans>{' '}
              <kbd>
                <Trans>Enter</Trans>
              </kbd>
            </button>
          </div>
        </section>
      </form>
      {guard.asking && <UnsavedChangesPrompt guard={guard} />}
      {/* Outside the payment's form: the dialog's own form must not submit it. */}
      {waiving && (
        <Suspense fallback={null}>
          <WaiveFineDialog line={waiving} onClose={() => setWaiving(null)} />
        </Suspense>
      )}
    </>
  )
}
