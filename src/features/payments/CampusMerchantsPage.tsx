import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  paymentServices,
  type CampusMerchant,
  type PaymentService,
} from '../../shared/schemas/payments.ts'
import { serviceLabels } from './labels.ts'
import { useSaveCampusMerchants } from './mutations.ts'
import { campusMerchantsQuery } from './queries.ts'

const cell = (campusId: string, service: PaymentService) => `${campusId}/${service}`
const sameChoice = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k])

/**
 * /institute-campus-merchant-service: which merchant collects which service for which campus
 * (a school group's campuses may settle to different banks). No merchant: not paid online there.
 */
export function CampusMerchantsPage(): ReactElement {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(campusMerchantsQuery())
  const ability = useAbility()
  const { toastUnlessFieldError } = useServerErrors()
  const saved = Object.fromEntries(
    data.data.map((row) => [cell(row.campusId, row.service), row.merchantId]),
  )
  const [chosen, setChosen] = useState<Record<string, string>>(saved)
  const save = useSaveCampusMerchants({
    onSuccess: () => showToast({ variant: 'success', title: t`The campus merchants were saved.` }),
    onError: (err) => toastUnlessFieldError(err, t`The campus merchants were not saved`),
  })
  const canChange = ability.can('update', 'ins-fintech')
  const inactive = (name: string) => t`${name} (inactive)`
  const unchanged = sameChoice(chosen, saved)

  function submit(e: FormEvent) {
    e.preventDefault()
    const rows: CampusMerchant[] = data.campuses.flatMap((campus) =>
      paymentServices.flatMap((service) => {
        const merchantId = chosen[cell(campus.id, service)]
        return merchantId ? [{ campusId: campus.id, service, merchantId }] : []
      }),
    )
    save.mutate(rows)
  }

  return (
    <div className="page">
      <PageHeader
        title={<Trans>Campus merchants</Trans>}
        subtitle={
          <Trans>
            Which merchant account collects each service for each campus. A campus without one does
            not take that service online.
          </Trans>
        }
      />
      <form className="card" noValidate onSubmit={submit}>
        {data.merchants.length === 0 ? (
          <p className="muted">
            <Trans>No merchant accounts yet: add one under Merchant accounts first.</Trans>
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <HeaderRow
                  columns={[
                    { label: t`Campus` },
                    ...paymentServices.map((s) => ({ label: i18n._(serviceLabels[s]) })),
                  ]}
                />
              </thead>
              <tbody>
                {data.campuses.map((campus) => (
                  <tr key={campus.id}>
                    <th scope="row">{campus.name}</th>
                    {paymentServices.map((service) => {
                      const key = cell(campus.id, service)
                      const serviceName = i18n._(serviceLabels[service])
                      const campusName = campus.name
                      return (
                        <td key={service}>
                          <select
                            aria-label={t`Merchant collecting ${serviceName} for ${campusName}`}
                            value={chosen[key] ?? ''}
                            disabled={!canChange}
                            onChange={(e) =>
                              setChosen(({ [key]: _, ...rest }) =>
                                e.target.value ? { ...rest, [key]: e.target.value } : rest,
                              )
                            }
                          >
                            <option value="">{t`Not online`}</option>
                            {data.merchants.map((m) => (
                              <option key={m.id} value={m.id}>
                                {m.active ? m.name : inactive(m.name)}
                              </option>
                            ))}
                          </select>
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {canChange && data.merchants.length > 0 && (
          <SubmitButton busy={save.isPending} disabled={unchanged}>
            <Trans>Save</Trans>
          </SubmitButton>
        )}
      </form>
    </div>
  )
}
