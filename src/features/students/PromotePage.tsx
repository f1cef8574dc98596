import { Trans } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PromotionForm } from './PromotionForm.tsx'
import { PromotionRun } from './PromotionRun.tsx'
import './promotion.css'

interface PromoteSearch {
  /** The promotion job under way or finished: its progress and result are shown. */
  job?: string | undefined
}

/** /students/promote: a session's classes moved on to the next session, previewed first. */
export function PromotePage({
  search,
  onSearchChange,
}: {
  search: PromoteSearch
  onSearchChange: (next: PromoteSearch) => void
}): ReactElement {
  return (
    <div className="page promotion-page">
      <PageHeader
        title={<Trans>Promote students</Trans>}
        subtitle={
          <Trans>
            Move a session’s students on to the next session, class by class: choose where each
            class goes and who is held back, leaves or graduates, check the preview, then promote.
            Running it again changes nothing.
          </Trans>
        }
      />
      {search.job ? (
        <PromotionRun jobId={search.job} onAgain={() => onSearchChange({ job: undefined })} />
      ) : (
        <PromotionForm onStarted={(job) => onSearchChange({ job })} />
      )}
    </div>
  )
}
