import './accounting.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { DateRangeFilter } from '../../components/table/DateRangeFilter.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useFormat } from '../../lib/format.ts'
import { useListSearch } from '../../lib/list-search.ts'
import { voucherTypes, type VoucherListSearch } from '../../shared/schemas/accounting-queries.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { postableAccounts } from './chart.ts'
import { dayDate } from '../../lib/dates.ts'
import { voucherTypeLabels } from './labels.ts'
import { useChartAccounts, vouchersQuery } from './queries.ts'
import { usePeriodText } from './use-period-text.ts'
import { useMoney } from '../../lib/use-money.ts'
import { VoucherFormDialog } from './VoucherFormDialog.tsx'

type SearchChange = (next: Partial<VoucherListSearch>) => void

/** /vouchers: the institute's vouchers, filtered, and new ones entered. */
export function VouchersPage({
  search,
  onSearchChange,
}: {
  search: VoucherListSearch
  onSearchChange: SearchChange
}): ReactElement {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const { date, number } = useFormat()
  const money = useMoney()
  const { data } = useSuspenseQuery(vouchersQuery(search))
  const { accounts, allowed } = useChartAccounts(ability.can('read', 'coa'))
  const [entering, setEntering] = useState(false)
  const canCreate = ability.can('create', 'getVouchers')
  const leaves = accounts.filter((a) => a.isLeaf && a.level > 1)
  // Unsorted, the server lists the newest first.
  const { setSearch, onSearch, sorting, paging } = useListSearch(search, onSearchChange, {
    sortBy: 'date',
    sortDesc: true,
  })
  const period = usePeriodText(search.from, search.to)
  const chosenAccount = accounts.find((a) => a.id === search.accountId)
  const first = number(Math.min(data.total, (search.page - 1) * search.perPage + 1))
  const last = number(Math.min(data.total, search.page * search.perPage))
  const total = number(data.total)
  const noChart = allowed
    ? undefined
    : t`Entering a voucher needs permission to view the chart of accounts.`

  return (
    <div className="page">
      <PrintHeader
        filters={[
          {
            label: <Trans>Type</Trans>,
            value: search.type ? i18n._(voucherTypeLabels[search.type]) : t`All`,
          },
          { label: <Trans>Period</Trans>, value: period },
          {
            label: <Trans>Account</Trans>,
            value: chosenAccount
              ? `${chosenAccount.glCode} · ${chosenAccount.name}`
              : t`All accounts`,
          },
          ...(search.q ? [{ label: <Trans>Search</Trans>, value: search.q }] : []),
          { label: <Trans>Vouchers</Trans>, value: t`${first}–${last} of ${total}` },
        ]}
      />
      <PageHeader
        title={<Trans>Vouchers</Trans>}
        subtitle={
          <Trans>
            Every posting to the books: receipts, payments, journals and contras. A voucher is never
            changed; a mistake is corrected by reversing it.
          </Trans>
        }
        actions={
          canCreate && (
            <span title={noChart}>
              <button
                type="button"
                className="button button-primary"
                disabled={!allowed}
                title={noChart}
                onClick={() => setEntering(true)}
              >
                <Trans>New voucher</Trans>
              </button>
            </span>
          )
        }
      />

      <section className="card">
        <div className="toolbar">
          <SearchBox value={search.q} onSearch={onSearch} label={t`Search vouchers`} />
          <label>
            <Trans>Type</Trans>{' '}
            <select
              value={search.type ?? ''}
              onChange={(e) =>
                setSearch({ type: (e.target.value || undefined) as VoucherListSearch['type'] })
              }
            >
              <option value="">{t`All`}</option>
              {voucherTypes.map((type) => (
                <option key={type} value={type}>
                  {i18n._(voucherTypeLabels[type])}
                </option>
              ))}
            </select>
          </label>
          <DateRangeFilter from={search.from} to={search.to} onChange={setSearch} />
          {allowed && (
            <label>
              <Trans>Account</Trans>{' '}
              <AccountSelect
                accounts={leaves}
                value={search.accountId ?? ''}
                onChange={(accountId) => setSearch({ accountId: accountId || undefined })}
                placeholder={t`All accounts`}
              />
            </label>
          )}
        </div>

        <PagedTable
          empty={<Trans>No vouchers match.</Trans>}
          {...paging}
          total={data.total}
          sorting={sorting}
          columns={[
            { label: t`Reference`, sort: 'number' },
            { label: t`Date`, sort: 'date' },
            { label: <Trans>Type</Trans> },
            { label: <Trans>Narration</Trans> },
            { label: <Trans>Amount</Trans>, amount: true },
            { label: <Trans>Status</Trans> },
          ]}
          rows={data.data.map((voucher) => (
            <tr key={voucher.id}>
              <td>
                <Link to="/vouchers/$voucherId" params={{ voucherId: voucher.id }}>
                  {voucher.reference}
                </Link>
              </td>
              <td>{date(dayDate(voucher.date), 'medium')}</td>
              <td>{i18n._(voucherTypeLabels[voucher.type])}</td>
              <td className="ellipsis" title={voucher.narration}>
                {voucher.narration}
              </td>
              <td className="amount">{money.format(voucher.total)}</td>
              <td>
                {voucher.reversedById && (
                  <span className="tag tag-warning">
                    <Trans>Reversed</Trans>
                  </span>
                )}
                {voucher.reversesId && (
                  <span className="tag">
                    <Trans>Reversal</Trans>
                  </span>
                )}
              </td>
            </tr>
          ))}
        />
      </section>

      {entering && (
        <VoucherFormDialog
          accounts={postableAccounts(accounts)}
          onClose={() => setEntering(false)}
        />
      )}
    </div>
  )
}
