import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactElement } from 'react'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { dayDate } from '../../../lib/dates.ts'
import { useFormat } from '../../../lib/format.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { VatRateInputSchema } from '../../../shared/schemas/fee-rules.ts'
import { parsePercent } from '../../../lib/rate-text.ts'
import { useVatRateLabel, VatToday } from '../VatToday.tsx'
import { useAddVatRate, useRemoveVatRate } from './mutations.ts'
import { vatRatesQuery } from './queries.ts'

/** /vat-config: each fee head's VAT rate, with its history; a new rate applies from its day. */
export function VatPage(): ReactElement {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(vatRatesQuery())
  const { date } = useFormat()
  const money = useMoney()
  const ability = useAbility()
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const ids = { head: useId(), rate: useId(), from: useId() }
  const [headId, setHeadId] = useState(data.data[0]?.id ?? '')
  const [rateText, setRateText] = useState('')
  const [inclusive, setInclusive] = useState(false)
  const [effectiveFrom, setEffectiveFrom] = useState(data.defaultFrom)
  const add = useAddVatRate({
    onSuccess: () => {
      setRateText('')
      showToast({ variant: 'success', title: t`The VAT rate was saved.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The VAT rate was not saved`),
  })
  const remove = useRemoveVatRate({
    onSuccess: () => showToast({ variant: 'success', title: t`The VAT rate was removed.` }),
    onError: (err) => toastUnlessFieldError(err, t`The VAT rate was not removed`),
  })
  const rateBp = parsePercent(rateText, money.decimal)
  const body = { rateBp, inclusive, effectiveFrom }
  const errors = {
    ...fieldErrors(add.error),
    ...(rateText.trim() !== '' && rateBp === undefined
      ? { rateBp: t`Type a percentage with at most two decimals, such as 7.5.` }
      : rateText.trim() !== ''
        ? checkFields(VatRateInputSchema, body)
        : {}),
  }
  const rateLabel = useVatRateLabel()

  const removeLabel = (day: string, name: string) => t`Remove the rate from ${day} of ${name}`

  function submit(e: FormEvent) {
    e.preventDefault()
    if (rateBp === undefined || !headId) return
    if (Object.keys(checkFields(VatRateInputSchema, body)).length) return
    add.mutate({ feeHeadId: headId, rateBp, inclusive, effectiveFrom })
  }

  return (
    <div className="page">
      <PageHeader
        title={<Trans>VAT</Trans>}
        subtitle={
          <Trans>
            Each fee head’s VAT rate from a day on. An invoice uses the rate in force on its issue
            date. VAT is rounded per invoice line, half up to the currency’s smallest unit.
          </Trans>
        }
      />
      {ability.can('create', 'vat-config') && data.data.length > 0 && (
        <form
          className="card form"
          noValidate
          onSubmit={submit}
          aria-labelledby={`${ids.head}-title`}
        >
          <h2 id={`${ids.head}-title`}>
            <Trans>New rate</Trans>
          </h2>
          <div className="field">
            <label htmlFor={ids.head}>
              <Trans>Fee head</Trans>
            </label>
            <select id={ids.head} value={headId} onChange={(e) => setHeadId(e.target.value)}>
              {data.data.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.name} ({h.code})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.rate}>
              <Trans>Rate (%)</Trans>
            </label>
            <input
              id={ids.rate}
              inputMode="decimal"
              value={rateText}
              aria-invalid={errors.rateBp ? true : undefined}
              onChange={(e) => setRateText(e.target.value)}
            />
            {errors.rateBp && <p className="field-error">{errors.rateBp}</p>}
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={inclusive}
              onChange={(e) => setInclusive(e.target.checked)}
            />
            <Trans>The head’s amounts already include VAT</Trans>
          </label>
          <div className="field">
            <label htmlFor={ids.from}>
              <Trans>In force from</Trans>
            </label>
            <input
              id={ids.from}
              type="date"
              value={effectiveFrom}
              aria-invalid={errors.effectiveFrom ? true : undefined}
              onChange={(e) => setEffectiveFrom(e.target.value)}
            />
            {errors.effectiveFrom && <p className="field-error">{errors.effectiveFrom}</p>}
          </div>
          <SubmitButton busy={add.isPending}>
            <Trans>Save rate</Trans>
          </SubmitButton>
        </form>
      )}
      <section className="card">
        <h2>
          <Trans>Fee heads</Trans>
        </h2>
        {data.data.length === 0 ? (
          <p className="muted">
            <Trans>No fee heads yet: add them in the fee set-up first.</Trans>
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <HeaderRow
                  columns={[
                    { label: t`Fee head` },
                    { label: t`Rate today` },
                    { label: t`History` },
                  ]}
                />
              </thead>
              <tbody>
                {data.data.map((head) => {
                  return (
                    <tr key={head.id}>
                      <th scope="row">
                        {head.name} <small className="muted">{head.code}</small>
                      </th>
                      <td>
                        <VatToday rates={head.rates} />
                      </td>
                      <td>
                        <ul className="plain">
                          {head.rates.map((r) => (
                            <li key={r.id}>
                              <RateSince
                                day={date(dayDate(r.effectiveFrom), 'medium')}
                                rate={rateLabel(r)}
                              />{' '}
                              {ability.can('delete', 'vat-config') && (
                                <button
                                  type="button"
                                  className="button-link"
                                  onClick={() => remove.mutate(r)}
                                  aria-label={removeLabel(r.effectiveFrom, head.name)}
                                >
                                  <Trans>Remove</Trans>
                                </button>
                              )}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  )
}

function RateSince({ day, rate }: { day: string; rate: string }) {
  return (
    <Trans>
      From {day}: {rate}
    </Trans>
  )
}
