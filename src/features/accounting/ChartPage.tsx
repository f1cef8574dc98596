import './accounting.css'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useAbility } from '../../lib/ability.ts'
import { AccountList } from './AccountList.tsx'
import { AccountTree } from './AccountTree.tsx'
import type { ChartSearch, ChartSearchChange } from './search.ts'

/** /coa: the institute's chart of accounts, as a tree to work on and as a list to search. */
export function ChartPage({
  search,
  onSearchChange,
}: {
  search: ChartSearch
  onSearchChange: ChartSearchChange
}): ReactElement {
  const { t } = useLingui()
  const ability = useAbility()
  const canChange = ability.can('create', 'coa') || ability.can('update', 'coa')
  return (
    <div className="page">
      <PageHeader
        title={<Trans>Chart of accounts</Trans>}
        subtitle={
          canChange ? (
            <Trans>
              Five account types, each with up to four levels of heads under it. Vouchers post to
              the accounts at the end of a branch.
            </Trans>
          ) : (
            <Trans>You can look at the chart of accounts but not change it.</Trans>
          )
        }
      />
      <div className="tabs" role="tablist" aria-label={t`Views`}>
        <button
          type="button"
          role="tab"
          id="chart-tab-tree"
          aria-selected={search.view === 'tree'}
          aria-controls="chart-panel"
          onClick={() => onSearchChange({ view: 'tree' })}
        >
          <Trans>Tree</Trans>
        </button>
        <button
          type="button"
          role="tab"
          id="chart-tab-list"
          aria-selected={search.view === 'list'}
          aria-controls="chart-panel"
          onClick={() => onSearchChange({ view: 'list' })}
        >
          <Trans>List</Trans>
        </button>
      </div>
      <section
        className="card"
        role="tabpanel"
        id="chart-panel"
        aria-labelledby={`chart-tab-${search.view}`}
      >
        {search.view === 'tree' ? (
          <AccountTree />
        ) : (
          <AccountList search={search} onSearchChange={onSearchChange} />
        )}
      </section>
    </div>
  )
}
