import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field, SelectField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { todayIso } from '../../lib/dates.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import type { Account, Voucher } from '../../shared/schemas/accounting.ts'
import { voucherTypes, type VoucherType } from '../../shared/schemas/accounting-queries.ts'
import { voucherTypeLabels } from './labels.ts'
import { MoneyVoucherFields } from './MoneyVoucherFields.tsx'
import { useCreateVoucher } from './mutations.ts'
import { calendarQuery, moneyAccountsQuery } from './queries.ts'
import { freshDraft, isChanged, isMoneyVoucher, type DraftCarry } from './voucher-draft.ts'
import { useVoucherEntry } from './use-voucher-entry.ts'
import { VoucherLinesGrid } from './VoucherLinesGrid.tsx'

/**
 * New vouchers, one after another. Receipts and payments are asked for as money received into
 * or paid from cash or a bank, from or to whom, and what for; journals and contras as lines.
 * Errors show once a field was left or the voucher saved. A saved voucher empties the form for
 * the next one, keeping its type, day and cash or bank account, with the focus on the first
 * field to type: a cashier entering a pile of receipts goes on without reaching for the mouse,
 * and the saved one stays a link away for printing.
 */
export function VoucherFormDialog({
  accounts,
  onClose,
}: {
  /** The accounts a line may post to: active leaves. */
  accounts: readonly Account[]
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const { toastUnlessFieldError } = useServerErrors()
  const formRef = useRef<HTMLFormElement>(null)
  const { data: calendar } = useQuery(calendarQuery())
  const { data: moneyList } = useQuery(moneyAccountsQuery())
  const moneyAccounts = moneyList?.data ?? []
  const [carry, setCarry] = useState<DraftCarry>(() => ({
    type: 'receipt',
    date: calendar?.today ?? todayIso(),
    moneyAccountId: moneyAccounts[0]?.accountId ?? '',
  }))
  const [draft, setDraft] = useState(() => freshDraft(carry))
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set())
  const [submitted, setSubmitted] = useState(false)
  const [saved, setSaved] = useState<Voucher>()
  // Set by a save, cleared by the next change: only the emptied form takes the focus.
  const [focusFirst, setFocusFirst] = useState(false)
  // Counted up by a refused save: the first field in error then takes the focus.
  const [refusals, setRefusals] = useState(0)

  const save = useCreateVoucher(draft.key, {
    onSuccess: (voucher, sent) => {
      const reference = voucher.reference
      showToast({ variant: 'success', title: t`Voucher ${reference} was saved.` })
      const next = { type: sent.type, date: sent.date, moneyAccountId: draft.moneyAccountId }
      setCarry(next)
      setDraft(freshDraft(next))
      setVisited(new Set())
      setSubmitted(false)
      setSaved(voucher)
      setFocusFirst(true)
    },
    onError: (err) => toastUnlessFieldError(err, t`The voucher was not saved`),
  })
  const entry = useVoucherEntry(draft, save.error)
  const errorOf = (field: string) =>
    entry.server[field] ?? (submitted || visited.has(field) ? entry.local[field] : undefined)
  const voucherErrors = [
    ...entry.unplaced,
    ...(submitted && entry.local.voucher ? [entry.local.voucher] : []),
  ]

  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusals])

  const update = (patch: Partial<typeof draft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setFocusFirst(false)
  }
  const visit = (field: string) => setVisited((current) => new Set(current).add(field))

  function submit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    if (Object.keys(entry.local).length) {
      setRefusals((n) => n + 1)
      return
    }
    save.mutate(entry.body)
  }

  const savedReference = saved?.reference
  const fields = { draft, errorOf, onChange: update, onVisit: visit, focusFirst }

  return (
    <Dialog
      title={t`New voucher`}
      onClose={onClose}
      wide
      unsaved={isChanged(draft, carry) && !save.isPending}
    >
      <form ref={formRef} className="form" noValidate onSubmit={submit}>
        {saved && (
          <p className="notice voucher-saved">
            <Trans>{savedReference} was saved; the form is ready for the next voucher.</Trans>{' '}
            <Link to="/vouchers/$voucherId" params={{ voucherId: saved.id }}>
              <Trans>Open {savedReference} to print it</Trans>
            </Link>
          </p>
        )}
        <div className="form-row">
          <SelectField
            label={t`Voucher type`}
            value={draft.type}
            onChange={(e) => update({ type: e.target.value as VoucherType })}
            error={errorOf('type')}
          >
            {voucherTypes.map((vt) => (
              <option key={vt} value={vt}>
                {i18n._(voucherTypeLabels[vt])}
              </option>
            ))}
          </SelectField>
          <Field
            label={t`Date`}
            type="date"
            value={draft.date}
            onChange={(e) => update({ date: e.target.value })}
            onBlur={() => visit('date')}
            error={errorOf('date')}
          />
        </div>
        {isMoneyVoucher(draft.type) ? (
          <MoneyVoucherFields
            key={draft.key}
            {...fields}
            type={draft.type}
            accounts={accounts}
            moneyAccounts={moneyAccounts}
            total={entry.totalDebit}
          />
        ) : (
          <VoucherLinesGrid
            key={draft.key}
            {...fields}
            accounts={accounts}
            totalDebit={entry.totalDebit}
            totalCredit={entry.totalCredit}
          />
        )}
        {voucherErrors.map((message) => (
          <p key={message} className="field-error" role="alert">
            {message}
          </p>
        ))}
        <div className="form-actions">
          <DialogCancel>{saved ? <Trans>Done</Trans> : undefined}</DialogCancel>
          <SubmitButton busy={save.isPending}>
            <Trans>Save voucher</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
