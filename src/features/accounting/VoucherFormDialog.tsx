import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field } from '../../components/form/Field.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  CreateVoucherSchema,
  VoucherLineInputSchema,
  voucherTypes,
  type Account,
  type CreateVoucher,
  type Voucher,
  type VoucherType,
} from '../../shared/schemas/accounting.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { todayIso } from '../../lib/dates.ts'
import { voucherTypeLabels } from './labels.ts'
import { useCreateVoucher } from './mutations.ts'
import { useMoney } from '../../lib/use-money.ts'

interface LineDraft {
  id: string
  accountId: string
  debit: string
  credit: string
  memo: string
}

const blankLine = (): LineDraft => ({
  id: crypto.randomUUID(),
  accountId: '',
  debit: '',
  credit: '',
  memo: '',
})

type LineField = 'accountId' | 'debit' | 'credit' | 'memo'

/** A new voucher: its lines must balance before it can be saved. */
export function VoucherFormDialog({
  accounts,
  onClose,
  onSaved,
}: {
  /** The accounts a line may post to: active leaves. */
  accounts: readonly Account[]
  onClose: () => void
  onSaved?: (voucher: Voucher) => void
}) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const typeId = useId()
  const reasonId = useId()
  const [type, setType] = useState<VoucherType>('journal')
  const [openedOn] = useState(todayIso)
  const [date, setDate] = useState(openedOn)
  const [narration, setNarration] = useState('')
  const [lines, setLines] = useState<LineDraft[]>(() => [blankLine(), blankLine()])
  const [touched, setTouched] = useState(false)
  // One key per voucher being entered: a save retried after a lost answer is not posted twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID())

  const amounts = lines.map((line) => ({
    debit: money.parse(line.debit),
    credit: money.parse(line.credit),
  }))
  const totalDebit = amounts.reduce((sum, a) => sum + (a.debit ?? 0), 0)
  const totalCredit = amounts.reduce((sum, a) => sum + (a.credit ?? 0), 0)
  const difference = Math.abs(totalDebit - totalCredit)
  const body: CreateVoucher = {
    type,
    date,
    narration,
    lines: lines.map((line, i) => ({
      accountId: line.accountId,
      debit: amounts[i]?.debit ?? 0,
      credit: amounts[i]?.credit ?? 0,
      memo: line.memo,
    })),
  }

  const save = useCreateVoucher(idempotencyKey, {
    onSuccess: (saved) => {
      const reference = saved.reference
      showToast({ variant: 'success', title: t`Voucher ${reference} was saved.` })
      onSaved?.(saved)
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The voucher was not saved`),
  })

  const server = fieldErrors(save.error)
  const local = touched ? checkFields(CreateVoucherSchema, body) : {}
  const example = money.toInput(125050)
  const amountHint = t`Enter an amount such as ${example}.`
  const lineErrors = lines.map((line, i) => {
    const own = touched ? checkFields(VoucherLineInputSchema, body.lines[i]) : {}
    const amount = amounts[i]
    const at = (field: string) => server[`lines.${i}.${field}`]
    return {
      accountId:
        at('accountId') ??
        (own.accountId && !line.accountId ? t`Choose an account.` : own.accountId),
      debit: amount?.debit === undefined ? amountHint : (at('debit') ?? own.debit),
      credit: amount?.credit === undefined ? amountHint : (at('credit') ?? own.credit),
      memo: at('memo') ?? own.memo,
      line: server[`lines.${i}`] ?? own._,
    }
  })
  const anyLineError = lineErrors.some((e) => Object.values(e).some(Boolean))
  const placed = (key: string) =>
    ['type', 'date', 'narration'].includes(key) ||
    /^lines\.\d+(\.(accountId|debit|credit|memo))?$/.test(key)
  const voucherErrors = [
    ...Object.entries(server)
      .filter(([key, message]) => message && !placed(key))
      .map(([, message]) => message),
    ...(local.lines && !anyLineError ? [local.lines] : []),
  ]
  const errors = {
    type: server.type ?? local.type,
    date: server.date ?? local.date,
    narration: server.narration ?? local.narration,
  }

  const differenceText = money.format(difference)
  const blocked =
    totalDebit === 0 && totalCredit === 0
      ? t`Enter the amounts: the voucher has none yet.`
      : totalDebit !== totalCredit
        ? t`Debits and credits differ by ${differenceText}: the voucher must balance before it can be saved.`
        : undefined

  // Anything typed or chosen: closing asks before it is thrown away.
  const unsaved =
    type !== 'journal' ||
    date !== openedOn ||
    narration !== '' ||
    lines.length !== 2 ||
    lines.some((l) => l.accountId || l.debit || l.credit || l.memo)

  const setLine = (id: string, field: LineField, value: string) =>
    setLines((current) => current.map((l) => (l.id === id ? { ...l, [field]: value } : l)))

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (blocked) return
    if (amounts.some((a) => a.debit === undefined || a.credit === undefined)) return
    if (Object.keys(checkFields(CreateVoucherSchema, body)).length) return
    save.mutate(body)
  }

  return (
    <Dialog title={t`New voucher`} onClose={onClose} wide unsaved={unsaved}>
      <form className="form" noValidate onSubmit={submit}>
        <div className="form-row">
          <div className="field">
            <label htmlFor={typeId}>
              <Trans>Voucher type</Trans>
            </label>
            <select
              id={typeId}
              value={type}
              onChange={(e) => setType(e.target.value as VoucherType)}
              aria-invalid={Boolean(errors.type)}
            >
              {voucherTypes.map((vt) => (
                <option key={vt} value={vt}>
                  {i18n._(voucherTypeLabels[vt])}
                </option>
              ))}
            </select>
            {errors.type && <small className="field-error">{errors.type}</small>}
          </div>
          <Field
            label={t`Date`}
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            error={errors.date}
          />
        </div>
        <Field
          label={t`Narration`}
          value={narration}
          onChange={(e) => setNarration(e.target.value)}
          error={errors.narration}
          maxLength={500}
        />
        <div className="table-wrap">
          <table className="table voucher-lines-input">
            <caption className="visually-hidden">
              <Trans>Voucher lines</Trans>
            </caption>
            <thead>
              <HeaderRow
                columns={[
                  { label: <Trans>Account</Trans> },
                  'debit',
                  'credit',
                  { label: <Trans>Memo</Trans> },
                  { label: <Trans>Remove</Trans>, hidden: true },
                ]}
              />
            </thead>
            <tbody>
              {lines.map((line, i) => {
                const n = i + 1
                const err = lineErrors[i]
                return (
                  <tr key={line.id}>
                    <td>
                      <AccountSelect
                        accounts={accounts}
                        value={line.accountId}
                        onChange={(accountId) => setLine(line.id, 'accountId', accountId)}
                        placeholder={t`Choose an account`}
                        aria-label={t`Account, line ${n}`}
                        aria-invalid={Boolean(err?.accountId)}
                      />
                      {err?.accountId && (
                        <small className="field-error block">{err.accountId}</small>
                      )}
                      {err?.line && <small className="field-error block">{err.line}</small>}
                    </td>
                    <td className="amount">
                      <input
                        inputMode="decimal"
                        aria-label={t`Debit, line ${n}`}
                        value={line.debit}
                        onChange={(e) => setLine(line.id, 'debit', e.target.value)}
                        aria-invalid={Boolean(err?.debit)}
                      />
                      {err?.debit && <small className="field-error block">{err.debit}</small>}
                    </td>
                    <td className="amount">
                      <input
                        inputMode="decimal"
                        aria-label={t`Credit, line ${n}`}
                        value={line.credit}
                        onChange={(e) => setLine(line.id, 'credit', e.target.value)}
                        aria-invalid={Boolean(err?.credit)}
                      />
                      {err?.credit && <small className="field-error block">{err.credit}</small>}
                    </td>
                    <td>
                      <input
                        aria-label={t`Memo, line ${n}`}
                        value={line.memo}
                        maxLength={200}
                        onChange={(e) => setLine(line.id, 'memo', e.target.value)}
                      />
                      {err?.memo && <small className="field-error block">{err.memo}</small>}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button-link"
                        disabled={lines.length <= 2}
                        title={lines.length <= 2 ? t`A voucher has at least two lines.` : undefined}
                        aria-label={t`Remove line ${n}`}
                        onClick={() =>
                          setLines((current) => current.filter((l) => l.id !== line.id))
                        }
                      >
                        <Trans>Remove</Trans>
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">
                  <Trans>Totals</Trans>
                </th>
                <td className="amount" data-testid="total-debit">
                  {money.format(totalDebit)}
                </td>
                <td className="amount" data-testid="total-credit">
                  {money.format(totalCredit)}
                </td>
                <td colSpan={2} className={difference ? 'unbalanced' : 'balanced'}>
                  <Trans>Difference: {differenceText}</Trans>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
        <div className="toolbar">
          <button
            type="button"
            className="button"
            onClick={() => setLines((current) => [...current, blankLine()])}
          >
            <Trans>Add line</Trans>
          </button>
        </div>
        {voucherErrors.map((message) => (
          <p key={message} className="field-error" role="alert">
            {message}
          </p>
        ))}
        <div className="form-actions">
          {blocked && (
            <p id={reasonId} className="form-reason">
              {blocked}
            </p>
          )}
          <DialogCancel />
          <button
            type="submit"
            className="button button-primary"
            disabled={Boolean(blocked) || save.isPending}
            aria-describedby={blocked ? reasonId : undefined}
          >
            <Trans>Save voucher</Trans>
          </button>
        </div>
      </form>
    </Dialog>
  )
}
