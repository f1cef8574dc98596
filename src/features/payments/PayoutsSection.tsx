import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Field, SelectField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useMoney } from '../../lib/use-money.ts'
import { SettlementInputSchema } from '../../shared/schemas/payments.ts'
import { useRecordSettlement } from './mutations.ts'
import { settlementsQuery } from './queries.ts'

/**
 * What each merchant took online and what its gateway has paid out of it, and a payout recorded
 * as the bank statement shows it: the net goes to the bank, the gateway's charge to its expense.
 */
export function PayoutsSection(): ReactElement {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(settlementsQuery())
  const money = useMoney()
  const { date } = useFormat()
  const canRecord = useAbility().can('create', 'merchant-settlement-account')
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const [merchantId, setMerchantId] = useState(data.merchants[0]?.merchantId ?? '')
  const [texts, setTexts] = useState({ settledOn: '', gross: '', charge: '', reference: '' })
  const [tried, setTried] = useState(false)
  const record = useRecordSettlement({
    onSuccess: () => {
      setTexts({ settledOn: '', gross: '', charge: '', reference: '' })
      setTried(false)
      showToast({ variant: 'success', title: t`The payout was recorded.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The payout was not recorded`),
  })
  const body = {
    settledOn: texts.settledOn,
    grossMinor: money.parse(texts.gross) ?? Number.NaN,
    chargeMinor: money.parse(texts.charge) ?? Number.NaN,
    reference: texts.reference.trim(),
  }
  const errors = {
    ...fieldErrors(record.error),
    ...(tried ? checkFields(SettlementInputSchema, body) : {}),
  }
  const nameOf = (id: string) => data.merchants.find((m) => m.merchantId === id)?.name ?? ''
  const set = (key: keyof typeof texts) => (e: { target: { value: string } }) =>
    setTexts((was) => ({ ...was, [key]: e.target.value }))

  function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    if (Object.keys(checkFields(SettlementInputSchema, body)).length) return
    record.mutate({ merchantId, ...body })
  }

  return (
    <section className="card">
      <h2>
        <Trans>Payouts to the bank</Trans>
      </h2>
      <div className="table-wrap">
        <table className="table" data-testid="payouts-by-merchant">
          <thead>
            <HeaderRow
              columns={[
                { label: t`Merchant` },
                { label: t`Taken online`, amount: true },
                { label: t`Paid out`, amount: true },
                { label: t`Still with the gateway`, amount: true },
              ]}
            />
          </thead>
          <tbody>
            {data.merchants.map((m) => (
              <tr key={m.merchantId}>
                <th scope="row">{m.name}</th>
                <td className="amount">{money.format(m.collectedMinor)}</td>
                <td className="amount">{money.format(m.settledMinor)}</td>
                <td className="amount">{money.format(m.collectedMinor - m.settledMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canRecord && data.merchants.length > 0 && (
        <form className="form" noValidate onSubmit={submit} aria-label={t`Record a payout`}>
          <h3>
            <Trans>Record a payout</Trans>
          </h3>
          <div className="form-row">
            <SelectField
              label={t`Merchant`}
              value={merchantId}
              onChange={(e) => setMerchantId(e.target.value)}
            >
              {data.merchants.map((m) => (
                <option key={m.merchantId} value={m.merchantId}>
                  {m.name}
                </option>
              ))}
            </SelectField>
            <Field
              label={t`Paid out on`}
              type="date"
              value={texts.settledOn}
              error={errors.settledOn}
              onChange={set('settledOn')}
            />
            <Field
              label={t`Bank statement reference`}
              value={texts.reference}
              error={errors.reference}
              onChange={set('reference')}
            />
          </div>
          <div className="form-row">
            <Field
              label={t`Settled by the gateway`}
              inputMode="decimal"
              value={texts.gross}
              error={errors.grossMinor}
              onChange={set('gross')}
            />
            <Field
              label={t`Kept as its charge`}
              inputMode="decimal"
              value={texts.charge}
              error={errors.chargeMinor}
              onChange={set('charge')}
            />
          </div>
          <SubmitButton busy={record.isPending}>
            <Trans>Record the payout</Trans>
          </SubmitButton>
        </form>
      )}
      {data.settlements.length > 0 && (
        <ul className="plain" data-testid="payouts">
          {data.settlements.map((s) => (
            <li key={s.id}>
              <Payout
                day={date(dayDate(s.settledOn), 'medium')}
                merchant={nameOf(s.merchantId)}
                gross={money.format(s.grossMinor)}
                charge={money.format(s.chargeMinor)}
                reference={s.reference}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Payout(p: {
  day: string
  merchant: string
  gross: string
  charge: string
  reference: string
}) {
  const { day, merchant, gross, charge, reference } = p
  return (
    <Trans>
      {day}: {merchant} paid out {gross}, of which the gateway kept {charge} ({reference})
    </Trans>
  )
}
