import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useListSearch } from '../../lib/list-search.ts'
import { useMoney } from '../../lib/use-money.ts'
import { accountTypes } from '../../shared/schemas/accounting-queries.ts'
import { useAccountLabel } from './account-label.ts'
import { accountTypeLabels, levelLabels } from './labels.ts'
import { accountListQuery } from './queries.ts'
import { accountListSearch, type ChartSearch, type ChartSearchChange } from './search.ts'

/** Every account, searched, filtered by type, sorted and paged by the server. */
export function AccountList({
  search,
  onSearchChange,
}: {
  search: ChartSearch
  onSearchChange: ChartSearchChange
}) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const label = useAccountLabel()
  const { data } = useSuspenseQuery(accountListQuery(accountListSearch(search)))
  const { setSearch, onSearch, sorting, paging } = useListSearch(search, onSearchChange, {
    sortBy: 'glCode',
  })
  return (
    <>
      <div className="toolbar">
        <SearchBox value={search.q} onSearch={onSearch} label={t`Search by name or GL code`} />
        <label>
          <Trans>Type</Trans>{' '}
          <select
            value={search.accountType ?? ''}
            onChange={(e) =>
              setSearch({
                accountType: (e.target.value || undefined) as ChartSearch['accountType'],
              })
            }
          >
            <option value="">{t`All`}</option>
            {accountTypes.map((type) => (
              <option key={type} value={type}>
                {i18n._(accountTypeLabels[type])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedTable
        empty={<Trans>No accounts match.</Trans>}
        {...paging}
        total={data.total}
        sorting={sorting}
        columns={[
          { label: t`GL code`, sort: 'glCode' },
          { label: t`Name`, sort: 'name' },
          { label: t`Type`, sort: 'accountType' },
          { label: t`Level`, sort: 'level' },
          { label: <Trans>Balance</Trans>, amount: true },
          { label: <Trans>Status</Trans> },
        ]}
        rows={data.data.map((account) => {
          const levelLabel = levelLabels[account.level - 1]
          return (
            <tr key={account.id} className={account.isActive ? undefined : 'inactive'}>
              <td className="gl-code">{account.glCode}</td>
              <td>{label(account)}</td>
              <td>{i18n._(accountTypeLabels[account.accountType])}</td>
              <td>{levelLabel ? i18n._(levelLabel) : account.level}</td>
              <td className="amount">{money.balance(account.debit - account.credit)}</td>
              <td>
                <span className={account.isActive ? 'badge' : 'badge badge-muted'}>
                  {account.isActive ? t`Active` : t`Inactive`}
                </span>
                {account.isLeaf && account.level > 1 && (
                  <small className="muted block">
                    <Trans>Posts vouchers</Trans>
                  </small>
                )}
              </td>
            </tr>
          )
        })}
      />
    </>
  )
}
