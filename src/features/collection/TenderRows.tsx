import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { Field } from '../../components/form/Field.tsx'
import { useMoney } from '../../lib/use-money.ts'
import { tenderMethods, type TenderMethod } from '../../shared/schemas/collection.ts'
import { tenderMethodLabels } from './labels.ts'
import { newTender, type TenderDraft } from './prepared-payment.ts'

/**
 * How the money came, one row per method: cash (with what was handed over, for the change), a
 * bank deposit, a cheque, a card or a mobile service. The first row takes what the others
 * leave of the amount received; a second method splits it.
 */
export function TenderRows({
  tenders,
  amounts,
  bankAccounts,
  errors,
  disabled,
  onChange,
}: {
  tenders: TenderDraft[]
  amounts: (number | undefined)[]
  bankAccounts: string[]
  errors: Record<string, string>
  disabled: boolean
  onChange: (tenders: TenderDraft[]) => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const set = (i: number, change: Partial<TenderDraft>) =>
    onChange(tenders.map((x, j) => (j === i ? { ...x, ...change } : x)))
  const error = (i: number, field: string) => errors[`tenders.${i}.${field}`]

  return (
    <fieldset className="counter-tenders" disabled={disabled}>
      <legend>
        <Trans>How it was paid</Trans>
      </legend>
      {tenders.map((tender, i) => {
        const amount = amounts[i]
        const needsBank = tender.method === 'bank' || tender.method === 'cheque'
        return (
          <div key={i} className="counter-tender" data-testid="tender">
            <div className="field">
              <label htmlFor={`tender-${i}-method`}>
                <Trans>Method</Trans>
              </label>
              <select
                id={`tender-${i}-method`}
                value={tender.method}
                onChange={(e) =>
                  set(i, {
                    method: e.target.value as TenderMethod,
                    bankAccount:
                      needsBank || !['bank', 'cheque'].includes(e.target.value)
                        ? tender.bankAccount
                        : (bankAccounts[0] ?? ''),
                  })
                }
              >
                {tenderMethods.map((m) => (
                  <option key={m} value={m}>
                    {i18n._(tenderMethodLabels[m])}
                  </option>
                ))}
              </select>
            </div>
            {i === 0 ? (
              <p className="counter-tender-amount">
                <span className="muted">
                  <Trans>Amount</Trans>
                </span>{' '}
                <strong>{amount === undefined ? '—' : money.format(amount)}</strong>
                {amount === undefined && (
                  <small className="field-error">
                    {' '}
                    <Trans>The other methods come to more than the amount received.</Trans>
                  </small>
                )}
              </p>
            ) : (
              <Field
                label={t`Amount`}
                inputMode="decimal"
                value={tender.amount}
                error={
                  error(i, 'amountMinor') ??
                  (amount === undefined ? t`Type an amount, like 1250.50.` : undefined)
                }
                onChange={(e) => set(i, { amount: e.target.value })}
              />
            )}
            {tender.method === 'cash' && (
              <Field
                label={t`Cash handed over`}
                inputMode="decimal"
                value={tender.tendered}
                error={error(i, 'tenderedMinor')}
                onChange={(e) => set(i, { tendered: e.target.value })}
              />
            )}
            {needsBank && (
              <div className="field">
                <label htmlFor={`tender-${i}-bank`}>
                  <Trans>Into bank account</Trans>
                </label>
                <select
                  id={`tender-${i}-bank`}
                  value={tender.bankAccount}
                  aria-invalid={Boolean(error(i, 'bankAccount'))}
                  onChange={(e) => set(i, { bankAccount: e.target.value })}
                >
                  <option value="">{t`Choose…`}</option>
                  {bankAccounts.map((b) => (
                    <option key={b} value={b}>
                      {b}
                    </option>
                  ))}
                </select>
                {error(i, 'bankAccount') && (
                  <small className="field-error">{error(i, 'bankAccount')}</small>
                )}
              </div>
            )}
            {tender.method !== 'cash' && (
              <Field
                label={
                  tender.method === 'bank'
                    ? t`Slip number`
                    : tender.method === 'cheque'
                      ? t`Cheque number`
                      : tender.method === 'card'
                        ? t`Approval code`
                        : t`Transaction ID`
                }
                value={tender.reference}
                maxLength={60}
                error={error(i, 'reference')}
                onChange={(e) => set(i, { reference: e.target.value })}
              />
            )}
            {(tender.method === 'cheque' || tender.method === 'mobile') && (
              <Field
                label={tender.method === 'cheque' ? t`Cheque’s bank` : t`Provider`}
                value={tender.issuer}
                maxLength={60}
                error={error(i, 'issuer')}
                onChange={(e) => set(i, { issuer: e.target.value })}
              />
            )}
            {tender.method === 'cheque' && (
              <Field
                label={t`Cheque date`}
                type="date"
                value={tender.chequeDate}
                error={error(i, 'chequeDate')}
                onChange={(e) => set(i, { chequeDate: e.target.value })}
              />
            )}
            {i > 0 && (
              <button
                type="button"
                className="button button-link"
                onClick={() => onChange(tenders.filter((_, j) => j !== i))}
              >
                <Trans>Remove</Trans>
              </button>
            )}
          </div>
        )
      })}
      {tenders.length < 5 && (
        <button
          type="button"
          className="button"
          onClick={() => onChange([...tenders, newTender('card')])}
        >
          <Trans>Split: add a method</Trans>
        </button>
      )}
    </fieldset>
  )
}
