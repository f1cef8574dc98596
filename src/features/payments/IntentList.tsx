import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type ReactElement } from 'react'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useFormat } from '../../lib/format.ts'
import { useListSearch } from '../../lib/list-search.ts'
import { useMoney } from '../../lib/use-money.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { intentStatuses, type IntentRow, type IntentStatus } from '../../shared/schemas/payments.ts'
import { intentStatusBadges, intentStatusLabels, serviceLabels } from './labels.ts'
import { intentsQuery, type IntentListSearch } from './queries.ts'
import { RefundDialog } from './RefundDialog.tsx'

/**
 * The online payments, newest first, by status and searched by reference, payer or the
 * gateway's transaction ID. A held one says why and what to do.
 */
export function IntentList({
  search,
  onSearchChange,
}: {
  search: IntentListSearch
  onSearchChange: (next: Partial<IntentListSearch>) => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const { dateTime } = useFormat()
  const money = useMoney()
  const { translate } = useServerErrors()
  const { data } = useSuspenseQuery(intentsQuery(search))
  const canRefund = useAbility().can('create', 'payment-refund')
  const [refunding, setRefunding] = useState<IntentRow | null>(null)
  const { setSearch, onSearch, sorting, paging } = useListSearch(search, onSearchChange, {
    sortBy: 'createdAt',
    sortDesc: true,
  })
  const refundLabel = (reference: string) => t`Refund ${reference}`
  const amount = (row: IntentRow) => {
    const paid = money.format(row.amountMinor)
    const surcharge = money.format(row.surchargeMinor)
    return row.surchargeMinor ? t`${paid} + ${surcharge} surcharge` : paid
  }

  return (
    <section className="card">
      <h2>
        <Trans>Payments made online</Trans>
      </h2>
      <div className="toolbar">
        <SearchBox
          value={search.q}
          onSearch={onSearch}
          label={t`Search by reference, payer or gateway transaction`}
        />
        <label>
          <Trans>Status</Trans>{' '}
          <select
            value={search.status ?? ''}
            onChange={(e) =>
              setSearch({ status: (e.target.value || undefined) as IntentStatus | undefined })
            }
          >
            <option value="">{t`All`}</option>
            {intentStatuses.map((status) => (
              <option key={status} value={status}>
                {i18n._(intentStatusLabels[status])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedTable
        empty={<Trans>No online payments match.</Trans>}
        {...paging}
        total={data.total}
        sorting={sorting}
        columns={[
          { label: t`Started`, sort: 'createdAt' },
          { label: t`Reference` },
          { label: t`Payer` },
          { label: t`Service` },
          { label: t`Amount`, sort: 'amount', amount: true },
          { label: t`Status` },
          { label: t`Receipt` },
          ...(canRefund ? [{ label: t`Actions` }] : []),
        ]}
        rows={data.data.map((row) => (
          <tr key={row.reference}>
            <td>{dateTime(new Date(row.createdAt))}</td>
            <td>
              {row.reference}
              {row.providerTransactionId && (
                <small className="muted block">{row.providerTransactionId}</small>
              )}
            </td>
            <td>{row.payerName}</td>
            <td>{i18n._(serviceLabels[row.service])}</td>
            <td className="amount">{amount(row)}</td>
            <td>
              <span className={`badge ${intentStatusBadges[row.status]}`}>
                {i18n._(intentStatusLabels[row.status])}
              </span>
              {row.status === 'held' && (
                <small className="block">
                  {row.heldReason && translate({ code: row.heldReason })}{' '}
                  <Trans>
                    Compare it with the gateway’s record, then refund it there or take it at the
                    counter.
                  </Trans>
                </small>
              )}
            </td>
            <td>{row.receiptNumber ?? '—'}</td>
            {canRefund && (
              <td>
                {row.status === 'succeeded' && (
                  <button
                    type="button"
                    className="button-link"
                    aria-label={refundLabel(row.reference)}
                    onClick={() => setRefunding(row)}
                  >
                    <Trans>Refund</Trans>
                  </button>
                )}
              </td>
            )}
          </tr>
        ))}
      />
      {refunding && (
        <RefundDialog
          payment={refunding}
          amount={money.format(refunding.amountMinor + refunding.surchargeMinor)}
          onClose={() => setRefunding(null)}
        />
      )}
    </section>
  )
}
