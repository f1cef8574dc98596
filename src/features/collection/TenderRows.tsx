import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, type ReactElement } from 'react'
import { Field } from '../../components/form/Field.tsx'
import { useMoney } from '../../lib/use-money.ts'
import {
  counterTenderMethods,
  type CounterTenderMethod as TenderMethod,
} from '../../shared/schemas/collection-search.ts'
import { tenderMethodLabels } from '../../shared/messages/tender-methods.ts'
import { newTender, type TenderDraft } from './prepared-payment.ts'

/** The order methods come in at a counter: a split's new row takes the first one not in use. */
const likeliest: TenderMethod[] = ['cash', 'mobile', 'card', 'bank', 'cheque']

/**
 * How the money came, one row per method: cash (with what was handed over, for the change), a
 * bank deposit, a cheque, a card or a mobile service (its provider from the institute's list).
 * The first row takes what the others leave of the amount received; a second method splits it
 * (Alt+M), its amount focused.
 */
export function TenderRows({
  tenders,
  amounts,
  bankAccounts,
  mobileProviders,
  errors,
  disabled,
  onChange,
}: {
  tenders: TenderDraft[]
  amounts: (number | undefined)[]
  bankAccounts: string[]
  /** The institute's providers; none: the provider is typed. */
  mobileProviders: string[]
  errors: Record<string, string>
  disabled: boolean
  onChange: (tenders: TenderDraft[]) => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const set = (i: number, change: Partial<TenderDraft>) =>
    onChange(tenders.map((x, j) => (j === i ? { ...x, ...change } : x)))
  const error = (i: number, field: string) => errors[`tenders.${i}.${field}`]
  const fieldset = useRef<HTMLFieldSetElement>(null)
  // The row just added: its amount takes the focus once it is on screen.
  const focusRow = useRef<number | null>(null)
  useEffect(() => {
    if (focusRow.current === null) return
    fieldset.current
      ?.querySelector<HTMLInputElement>(`[data-tender-amount="${focusRow.current}"]`)
      ?.focus()
    focusRow.current = null
  }, [tenders.length])
  const canAdd = tenders.length < 5 && !disabled
  // A mobile payment starts with the institute's first provider.
  const providerFor = (method: TenderMethod, issuer: string) =>
    method === 'mobile' && mobileProviders.length && !mobileProviders.includes(issuer)
      ? mobileProviders[0]!
      : issuer
  function addMethod() {
    const method = likeliest.find((m) => !tenders.some((x) => x.method === m)) ?? 'cash'
    focusRow.current = tenders.length
    onChange([...tenders, { ...newTender(method), issuer: providerFor(method, '') }])
  }
  // Alt+M adds a method from anywhere on the counter (listened to afresh as the rows change).
  useEffect(() => {
    if (!canAdd) return
    function onKey(e: KeyboardEvent) {
      if (e.altKey && e.code === 'KeyM') {
        e.preventDefault()
        addMethod()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  return (
    <fieldset ref={fieldset} className="counter-tenders" disabled={disabled}>
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
                    issuer: providerFor(
                      e.target.value as TenderMethod,
                      tender.method === 'mobile' ? '' : tender.issuer,
                    ),
                    bankAccount:
                      needsBank || !['bank', 'cheque'].includes(e.target.value)
                        ? tender.bankAccount
                        : (bankAccounts[0] ?? ''),
                  })
                }
              >
                {counterTenderMethods.map((m) => (
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
                data-tender-amount={i}
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
            {tender.method === 'mobile' && mobileProviders.length > 0 && (
              <div className="field">
                <label htmlFor={`tender-${i}-provider`}>
                  <Trans>Provider</Trans>
                </label>
                <select
                  id={`tender-${i}-provider`}
                  value={mobileProviders.includes(tender.issuer) ? tender.issuer : ''}
                  aria-invalid={Boolean(error(i, 'issuer'))}
                  onChange={(e) => set(i, { issuer: e.target.value })}
                >
                  {/* Never shows a provider that is not chosen (one split before the list came). */}
                  {!mobileProviders.includes(tender.issuer) && (
                    <option value="" disabled>
                      {t`Choose the provider`}
                    </option>
                  )}
                  {mobileProviders.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
                {error(i, 'issuer') && <small className="field-error">{error(i, 'issuer')}</small>}
              </div>
            )}
            {(tender.method === 'cheque' ||
              (tender.method === 'mobile' && mobileProviders.length === 0)) && (
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
        <button type="button" className="button" aria-keyshortcuts="Alt+M" onClick={addMethod}>
          <Trans>Split: add a method</Trans>{' '}
          <kbd>
            <Trans>Alt+M</Trans>
          </kbd>
        </button>
      )}
    </fieldset>
  )
}
