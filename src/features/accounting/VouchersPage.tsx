import './accounting.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState, type ReactElement } from 'react'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { DateRangeFilter } from '../../components/table/DateRangeFilter.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useFormat } from '../../lib/format.ts'
import { voucherTypes, type VoucherListSearch } from '../../shared/schemas/accounting.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { postableAccounts } from './chart.ts'
import { dayDate } from '../../lib/dates.ts'
import { voucherTypeLabels } from './labels.ts'
import { useChartAccounts, vouchersQuery } from './queries.ts'
import { SortHeader } from '../../components/table/SortHeader.tsx'
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
  const { date } = useFormat()
  const money = useMoney()
  const { data } = useSuspenseQuery(vouchersQuery(search))
  const { accounts, allowed } = useChartAccounts(ability.can('read', 'coa'))
  const [entering, setEntering] = useState(false)
  const canCreate = ability.can('create', 'getVouchers')
  const leaves = accounts.filter((a) => a.isLeaf && a.level > 1)
  const setSearch = useCallback(
    (next: Partial<VoucherListSearch>) => onSearchChange({ page: 1, ...next }),
    [onSearchChange],
  )
  const onSearch = useCallback((q: string) => setSearch({ q }), [setSearch])
  const sort = (next: Pick<VoucherListSearch, 'sortBy' | 'sortDesc'>) => onSearchChange(next)
  // Unsorted, the server lists the newest first.
  const sortBy = search.sortBy ?? 'date'
  const sortDesc = search.sortBy ? search.sortDesc : true
  const noChart = allowed
    ? undefined
    : t`Entering a voucher needs permission to view the chart of accounts.`

  return (
    <div className="page">
      <header className="page-header page-header-actions">
        <div>
          <h1>
            <Trans>Vouchers</Trans>
          </h1>
          <p className="muted">
            <Trans>
              Every posting to the books: receipts, payments, journals and contras. A voucher is
              never changed; a mistake is corrected by reversing it.
            </Trans>
          </p>
        </div>
        {canCreate && (
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
        )}
      </header>

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
          columns={6}
          empty={<Trans>No vouchers match.</Trans>}
          page={search.page}
          perPage={search.perPage}
          total={data.total}
          onPage={onSearchChange}
          head={
            <tr>
              <SortHeader
                column="number"
                label={t`Reference`}
                sortBy={sortBy}
                sortDesc={sortDesc}
                onSort={sort}
              />
              <SortHeader
                column="date"
                label={t`Date`}
                sortBy={sortBy}
                sortDesc={sortDesc}
                onSort={sort}
              />
              <th>
                <Trans>Type</Trans>
              </th>
              <th>
                <Trans>Narration</Trans>
              </th>
              <th className="amount">
                <Trans>Amount</Trans>
              </th>
              <th>
                <Trans>Status</Trans>
              </th>
            </tr>
          }
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
