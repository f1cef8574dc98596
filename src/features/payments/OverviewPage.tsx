import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import { serviceLabels } from './labels.ts'
import { IntentList } from './IntentList.tsx'
import { overviewQuery, type IntentListSearch } from './queries.ts'

/**
 * /fintech: each gateway with the institute's merchants on it and what they collect where, the
 * services offered, and the online payments themselves — held ones first to review.
 */
export function OverviewPage({
  search,
  onSearchChange,
}: {
  search: IntentListSearch
  onSearchChange: (next: Partial<IntentListSearch>) => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(overviewQuery())
  const { number } = useFormat()
  const money = useMoney()
  const percent = (bp: number) => `${number(bp / 100)} %`
  const payerBears = (fixed: string, rate: string) =>
    t`the payer bears the charge (${fixed} + ${rate})`
  return (
    <div className="page">
      <PageHeader
        title={<Trans>Online payments</Trans>}
        subtitle={
          <Trans>
            The gateways, the merchant accounts on each and what they collect for which campus, and
            every payment made online.
          </Trans>
        }
      />
      {data.heldCount > 0 && (
        <p className="notice" role="status">
          <HeldNotice count={number(data.heldCount)} />
        </p>
      )}
      <section className="card">
        <h2>
          <Trans>Gateways and merchants</Trans>
        </h2>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <HeaderRow
                columns={[{ label: t`Gateway` }, { label: t`Merchant` }, { label: t`Collects` }]}
              />
            </thead>
            <tbody>
              {data.providers.map(({ gateway, merchants }) =>
                merchants.length === 0 ? (
                  <tr key={gateway.id}>
                    <th scope="row">{gateway.name}</th>
                    <td colSpan={2} className="muted">
                      <Trans>No merchant account on this gateway.</Trans>
                    </td>
                  </tr>
                ) : (
                  merchants.map((m, i) => (
                    <tr key={m.id}>
                      <th scope="row">{i === 0 ? gateway.name : ''}</th>
                      <td>
                        {m.name}{' '}
                        <small className="muted">
                          {m.mode === 'live' ? t`Live` : t`Test`}
                          {!m.active && ` · ${t`Inactive`}`}
                        </small>
                      </td>
                      <td>
                        {m.collects.length === 0
                          ? '—'
                          : m.collects
                              .map((c) => `${i18n._(serviceLabels[c.service])} · ${c.campusName}`)
                              .join('; ')}
                      </td>
                    </tr>
                  ))
                ),
              )}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card">
        <h2>
          <Trans>Services offered</Trans>
        </h2>
        <ul className="plain">
          {data.services.map((s) => (
            <li key={s.service}>
              <strong>{i18n._(serviceLabels[s.service])}</strong>:{' '}
              {!s.enabled
                ? t`not offered`
                : s.bearer === 'payer'
                  ? payerBears(money.format(s.surchargeFixedMinor), percent(s.surchargeBasisPoints))
                  : t`the institute bears the charge`}
            </li>
          ))}
        </ul>
      </section>
      <IntentList search={search} onSearchChange={onSearchChange} />
    </div>
  )
}

function HeldNotice({ count }: { count: string }) {
  return (
    <Trans>
      {count} payments are held for review: the gateway took them, but nothing was posted.
    </Trans>
  )
}
