import { Trans } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { isJobActive } from '../../../shared/schemas/jobs.ts'
import { GroupInvoiceForm } from './GroupInvoiceForm.tsx'
import { RecentRuns } from './GroupInvoiceRuns.tsx'
import { groupRunsQuery } from './queries.ts'
import { feeStructureQuery } from '../queries.ts'
import { feeHeadsQuery } from '../../../lib/fee-heads.ts'
import '../fees.css'
import './group-invoice.css'

// A run followed (its progress, then what it made) shows once one is started or opened.
const CurrentRun = lazy(() =>
  import('./GroupInvoiceCurrentRun.tsx').then((m) => ({ default: m.CurrentRun })),
)

export interface GroupInvoiceSearch {
  session?: string | undefined
  /** The run followed: kept in the address, so a reload finds its progress again. */
  run?: string | undefined
}

interface Props {
  search: GroupInvoiceSearch
  onSearchChange: (next: GroupInvoiceSearch, replace?: boolean) => void
}

/**
 * /group-invoice: choose a session's periods, fee heads and students, preview what would be
 * invoiced and who is skipped, then run it as a background job followed by its progress bar.
 * A run under way is found again from the list of runs after a reload.
 */
export function GroupInvoicePage({ search, onSearchChange }: Props): ReactElement {
  const { data: structure } = useSuspenseQuery(feeStructureQuery('/group-invoice'))
  const { data: heads } = useSuspenseQuery(feeHeadsQuery('/group-invoice'))
  const runs = useQuery(groupRunsQuery())
  const [notice, setNotice] = useState<{ runId: string; text: string }>()
  // A run under way the user closed is not followed again by itself.
  const [closed, setClosed] = useState<string>()
  const fallback = structure.sessions.find((s) => s.isCurrent) ?? structure.sessions.at(-1)
  const sessionId = search.session ?? fallback?.id ?? ''
  const active = runs.data?.data.find((r) => isJobActive(r.status))
  // A run under way that the address does not name yet (opened from the menu): follow it.
  useEffect(() => {
    if (!search.run && active && active.id !== closed) {
      onSearchChange({ ...search, run: active.id }, true)
    }
  }, [search, active, closed, onSearchChange])

  return (
    <div className="page fees-page group-invoice-page">
      <PageHeader
        title={<Trans>Group invoice</Trans>}
        subtitle={
          <Trans>
            Invoice a whole class or campus for the chosen periods and fee heads. A student is
            invoiced at most once for a period and head, so running it again only fills the gaps.
          </Trans>
        }
      />
      <GroupInvoiceForm
        key={sessionId}
        structure={structure}
        heads={heads.data}
        sessionId={sessionId}
        onSessionChange={(session) => onSearchChange({ ...search, session })}
        onRun={(run, text) => {
          setNotice(text ? { runId: run, text } : undefined)
          onSearchChange({ ...search, run })
        }}
      />
      {search.run && (
        <Suspense fallback={null}>
          <CurrentRun
            key={search.run}
            runId={search.run}
            notice={notice?.runId === search.run ? notice.text : undefined}
            onClose={() => {
              setNotice(undefined)
              setClosed(search.run)
              onSearchChange({ session: search.session })
            }}
          />
        </Suspense>
      )}
      <RecentRuns
        runs={runs.data?.data}
        structure={structure}
        heads={heads.data}
        sessionId={sessionId}
        current={search.run}
        onShow={(run) => onSearchChange({ ...search, run })}
      />
    </div>
  )
}
