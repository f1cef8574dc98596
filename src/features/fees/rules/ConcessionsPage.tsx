import { Trans } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useAbility } from '../../../lib/ability.ts'
import type { ConcessionListSearch } from '../../../shared/schemas/fee-rules.ts'
import { ConcessionFilters } from './ConcessionFilters.tsx'
import { ConcessionRequestForm } from './ConcessionRequestForm.tsx'
import { ConcessionSiblingRule } from './ConcessionSiblingRule.tsx'
import { ConcessionsTable } from './ConcessionsTable.tsx'
import { concessionOptionsQuery, concessionsQuery } from './queries.ts'

/**
 * /student-concessions: concessions requested by one user and approved (or rejected) by
 * another holding the approval right; an approved one can be revoked. Each step is audited.
 */
export function ConcessionsPage(): ReactElement {
  const ability = useAbility()
  const [search, setSearch] = useState<ConcessionListSearch>({ status: 'requested' })
  const list = useQuery(concessionsQuery(search))
  const { data: options } = useSuspenseQuery(concessionOptionsQuery(''))

  return (
    <div className="page">
      <PageHeader
        title={<Trans>Concessions</Trans>}
        subtitle={
          <Trans>
            A concession is requested by one user and approved by another who holds the approval
            right; it applies to invoices created after its approval, and the invoices already
            posted get a concession credit note when it is approved.
          </Trans>
        }
      />
      {ability.can('create', 'student-concessions') && <ConcessionRequestForm options={options} />}
      {ability.can('create', 'student-concessions') && <ConcessionSiblingRule options={options} />}
      <section className="card">
        <h2>
          <Trans>Concessions</Trans>
        </h2>
        <ConcessionFilters
          search={search}
          onChange={(next) => setSearch((s) => ({ ...s, ...next }))}
        />
        {list.data && list.data.data.length === 0 && (
          <p className="muted">
            <Trans>No concessions match.</Trans>
          </p>
        )}
        {list.data && list.data.data.length > 0 && (
          <ConcessionsTable concessions={list.data.data} />
        )}
      </section>
    </div>
  )
}
