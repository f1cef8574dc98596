import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { gatewaysQuery } from './queries.ts'

/** /fintech-service-provider: the gateways the platform speaks and what each can do. */
export function GatewaysPage(): ReactElement {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(gatewaysQuery())
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`)
  return (
    <div className="page">
      <PageHeader
        title={<Trans>Payment gateways</Trans>}
        subtitle={
          <Trans>
            The gateways online payments can go through. The sandbox is built in: it takes test
            payments only, so the whole flow can be tried without an account anywhere.
          </Trans>
        }
      />
      <section className="card">
        <div className="table-wrap">
          <table className="table">
            <thead>
              <HeaderRow
                columns={[
                  { label: t`Gateway` },
                  { label: t`Live payments` },
                  { label: t`Status query` },
                  { label: t`Refunds` },
                  { label: t`Currencies` },
                ]}
              />
            </thead>
            <tbody>
              {data.data.map((gateway) => (
                <tr key={gateway.id}>
                  <th scope="row">{gateway.name}</th>
                  <td>{gateway.liveAllowed ? t`Yes` : t`Test payments only`}</td>
                  <td>{yesNo(gateway.statusQuery)}</td>
                  <td>{yesNo(gateway.refunds)}</td>
                  <td>{gateway.currencies.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  )
}
