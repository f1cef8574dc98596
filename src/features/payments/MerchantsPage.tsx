import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { showToast } from '../../lib/toasts.ts'
import { gatewaysQuery, merchantsQuery } from './queries.ts'
import { MerchantForm } from './MerchantForm.tsx'
import type { Merchant } from '../../shared/schemas/payments.ts'

/**
 * /fintech-merchant: the institute's accounts at the gateways. The store password is written,
 * never shown again: the list says only whether one is set.
 */
export function MerchantsPage(): ReactElement {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(merchantsQuery())
  const { data: gateways } = useSuspenseQuery(gatewaysQuery())
  const ability = useAbility()
  const [editing, setEditing] = useState<Merchant | 'new' | null>(null)
  const editLabel = (name: string) => t`Edit ${name}`
  const gatewayName = (id: string) => gateways.data.find((g) => g.id === id)?.name ?? id
  const canChange = (merchant?: Merchant) =>
    ability.can(merchant ? 'update' : 'create', 'fintech-merchant')

  return (
    <div className="page">
      <PageHeader
        title={<Trans>Merchant accounts</Trans>}
        subtitle={
          <Trans>
            The institute’s accounts at the payment gateways. A store password is kept encrypted and
            never shown again once saved.
          </Trans>
        }
        actions={
          canChange() && (
            <button type="button" className="button" onClick={() => setEditing('new')}>
              <Trans>New merchant</Trans>
            </button>
          )
        }
      />
      {editing && (
        <MerchantForm
          key={editing === 'new' ? 'new' : editing.id}
          merchant={editing === 'new' ? undefined : editing}
          gateways={gateways.data}
          bankAccounts={data.bankAccounts}
          onDone={(saved) => {
            setEditing(null)
            if (saved) showToast({ variant: 'success', title: t`The merchant was saved.` })
          }}
        />
      )}
      <section className="card">
        {data.data.length === 0 ? (
          <p className="muted">
            <Trans>No merchant accounts yet.</Trans>
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <HeaderRow
                  columns={[
                    { label: t`Name` },
                    { label: t`Gateway` },
                    { label: t`Mode` },
                    { label: t`Store ID` },
                    { label: t`Store password` },
                    { label: t`Settles to` },
                    { label: t`Active` },
                    { label: t`Actions` },
                  ]}
                />
              </thead>
              <tbody>
                {data.data.map((merchant) => (
                  <tr key={merchant.id}>
                    <th scope="row">{merchant.name}</th>
                    <td>{gatewayName(merchant.provider)}</td>
                    <td>{merchant.mode === 'live' ? t`Live` : t`Test`}</td>
                    <td>{merchant.storeId}</td>
                    <td>{merchant.secretSet ? t`Set` : t`Not set`}</td>
                    <td>{merchant.settlementBankAccount || '—'}</td>
                    <td>{merchant.active ? t`Yes` : t`No`}</td>
                    <td>
                      {canChange(merchant) && (
                        <button
                          type="button"
                          className="button-link"
                          aria-label={editLabel(merchant.name)}
                          onClick={() => setEditing(merchant)}
                        >
                          <Trans>Edit</Trans>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  )
}
