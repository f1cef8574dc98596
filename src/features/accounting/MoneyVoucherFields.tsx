import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { Field, SelectField } from '../../components/form/Field.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useMoney } from '../../lib/use-money.ts'
import type { Account, MoneyAccount } from '../../shared/schemas/accounting.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { mappingPurposeLabels } from './labels.ts'
import { blankItem, type EntryFieldProps, type ItemDraft } from './voucher-draft.ts'

/**
 * A receipt or payment as a cashier thinks of it: where the money went in or out, from or to
 * whom, and what for, with an amount per account. Its debit and credit lines are built from
 * this (voucher-draft.ts).
 */
export function MoneyVoucherFields({
  type,
  accounts,
  moneyAccounts,
  total,
  draft,
  errorOf,
  onChange,
  onVisit,
  focusFirst,
}: EntryFieldProps & {
  type: 'receipt' | 'payment'
  /** The accounts an item may go to: active leaves. */
  accounts: readonly Account[]
  moneyAccounts: readonly MoneyAccount[]
  /** The items' total, in minor units. */
  total: number
}) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const hintId = useId()
  const receipt = type === 'receipt'
  // The money account is on the other side already: an item may not post to it too.
  const counterAccounts = accounts.filter((a) => a.id !== draft.moneyAccountId)
  const setItem = (id: string, patch: Partial<ItemDraft>) =>
    onChange({ items: draft.items.map((item) => (item.id === id ? { ...item, ...patch } : item)) })
  const totalText = money.format(total)

  return (
    <>
      <div className="form-row">
        <SelectField
          label={receipt ? t`Received into` : t`Paid from`}
          value={draft.moneyAccountId}
          onChange={(e) => onChange({ moneyAccountId: e.target.value })}
          onBlur={() => onVisit('moneyAccountId')}
          error={errorOf('moneyAccountId')}
        >
          <option value="">{t`Choose cash or a bank account`}</option>
          {moneyAccounts.map((m) => (
            <option key={`${m.purpose}-${m.key ?? ''}`} value={m.accountId}>
              {m.key ?? i18n._(mappingPurposeLabels[m.purpose])} — {m.glCode} · {m.name}
            </option>
          ))}
        </SelectField>
        <Field
          label={receipt ? t`From whom` : t`To whom`}
          value={draft.party}
          maxLength={120}
          autoComplete="off"
          placeholder={receipt ? t`e.g. the student's or parent's name` : t`e.g. the supplier`}
          onChange={(e) => onChange({ party: e.target.value })}
          onBlur={() => onVisit('party')}
          error={errorOf('party')}
          // Emptied for the next voucher: the cashier types the next name straight away.
          autoFocus={focusFirst}
        />
      </div>
      <p id={hintId} className="voucher-items-hint">
        {receipt ? (
          <Trans>
            <strong>For what:</strong> the account each amount was received for, such as a fee
            income.
          </Trans>
        ) : (
          <Trans>
            <strong>For what:</strong> the account each amount was paid for, such as an expense.
          </Trans>
        )}
      </p>
      {moneyAccounts.length === 0 && (
        <p className="notice">
          <Trans>
            No cash or bank account is mapped yet: an accountant sets them in COA mapping. Until
            then, enter it as a journal voucher.
          </Trans>
        </p>
      )}
      <div className="table-wrap">
        <table className="table voucher-lines-input" aria-describedby={hintId}>
          <caption className="visually-hidden">
            <Trans>For what</Trans>
          </caption>
          <thead>
            <HeaderRow
              columns={[
                { label: <Trans>Account</Trans> },
                { label: <Trans>Amount</Trans>, amount: true },
                { label: <Trans>Note</Trans> },
                { label: <Trans>Remove</Trans>, hidden: true },
              ]}
            />
          </thead>
          <tbody>
            {draft.items.map((item, i) => {
              const n = i + 1
              const accountError = errorOf(`item.${item.id}.accountId`)
              const amountError = errorOf(`item.${item.id}.amount`)
              return (
                <tr key={item.id}>
                  <td>
                    <AccountSelect
                      accounts={counterAccounts}
                      value={item.accountId}
                      onChange={(accountId) => setItem(item.id, { accountId })}
                      onBlur={() => onVisit(`item.${item.id}.accountId`)}
                      placeholder={t`Choose an account`}
                      aria-label={t`For what, line ${n}`}
                      aria-invalid={Boolean(accountError)}
                    />
                    {accountError && <small className="field-error block">{accountError}</small>}
                  </td>
                  <td className="amount">
                    <input
                      inputMode="decimal"
                      aria-label={t`Amount, line ${n}`}
                      value={item.amount}
                      onChange={(e) => setItem(item.id, { amount: e.target.value })}
                      onBlur={() => onVisit(`item.${item.id}.amount`)}
                      aria-invalid={Boolean(amountError)}
                    />
                    {amountError && <small className="field-error block">{amountError}</small>}
                  </td>
                  <td>
                    <input
                      aria-label={t`Note, line ${n}`}
                      value={item.memo}
                      maxLength={200}
                      onChange={(e) => setItem(item.id, { memo: e.target.value })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button-link"
                      disabled={draft.items.length <= 1}
                      aria-label={t`Remove line ${n}`}
                      onClick={() =>
                        onChange({ items: draft.items.filter((other) => other.id !== item.id) })
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
                {receipt ? <Trans>Total received</Trans> : <Trans>Total paid</Trans>}
              </th>
              <td className="amount" data-testid="money-total">
                {totalText}
              </td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="toolbar">
        <button
          type="button"
          className="button"
          onClick={() => onChange({ items: [...draft.items, blankItem()] })}
        >
          <Trans>Add another account</Trans>
        </button>
      </div>
      <Field
        label={t`Details (optional)`}
        value={draft.narration}
        maxLength={360}
        placeholder={receipt ? t`e.g. tuition for March` : t`e.g. invoice 2231, stationery`}
        onChange={(e) => onChange({ narration: e.target.value })}
      />
    </>
  )
}
