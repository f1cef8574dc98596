import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import * as v from 'valibot'
import { JobProgress } from '../../components/JobProgress.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import type { Job } from '../../shared/schemas/jobs.ts'
import {
  PromotionResultSchema,
  type PromotionResult,
} from '../../shared/schemas/student-promotion.ts'

/** The promotion's job: its progress, then what it did class by class. */
export function PromotionRun({ jobId, onAgain }: { jobId: string; onAgain: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [finished, setFinished] = useState<Job>()
  const parsed = finished && v.safeParse(PromotionResultSchema, finished.result)
  const result = parsed?.success ? parsed.output : undefined
  return (
    <section className="card" aria-labelledby={`${jobId}-title`}>
      <h2 id={`${jobId}-title`}>
        <Trans>Promotion</Trans>
      </h2>
      <JobProgress
        jobId={jobId}
        label={t`Promoting students`}
        onFinished={(job) => {
          setFinished(job)
          // The student lists show the new session's classes.
          void queryClient.invalidateQueries({ queryKey: ['students'] })
        }}
      />
      {result && <ResultTable result={result} />}
      <button type="button" className="button" onClick={onAgain}>
        <Trans>Start another promotion</Trans>
      </button>
    </section>
  )
}

/** What the promotion did, class by class. */
function ResultTable({ result }: { result: PromotionResult }) {
  const { t } = useLingui()
  const { number } = useFormat()
  const { translate } = useServerErrors()
  const { wrap, table } = useStackedTable()
  const total = result.totals
  const promoted = number(total.promote)
  const held = number(total.hold_back)
  const left = number(total.leave)
  const graduated = number(total.graduate)
  const skipped = number(total.already_enrolled + total.not_active)
  return (
    <>
      <p role="status">
        <Trans>
          {promoted} promoted, {held} held back, {left} left, {graduated} graduated; {skipped}{' '}
          already enrolled or no longer active, left as they were.
        </Trans>
      </p>
      <div ref={wrap} className="table-wrap">
        <table ref={table} className="table">
          <caption className="visually-hidden">{t`What the promotion did`}</caption>
          <thead>
            <HeaderRow
              columns={[
                { label: <Trans>Class</Trans> },
                { label: <Trans>Promoted</Trans>, amount: true },
                { label: <Trans>Held back</Trans>, amount: true },
                { label: <Trans>Left</Trans>, amount: true },
                { label: <Trans>Graduated</Trans>, amount: true },
                { label: <Trans>Already enrolled</Trans>, amount: true },
                { label: <Trans>Not promoted because</Trans> },
              ]}
            />
          </thead>
          <tbody>
            {result.classes.map((c) => {
              const done = c.errors.length === 0
              const shown = (n: number) => (done ? number(n) : '—')
              return (
                <tr key={c.fromClassId}>
                  <td>
                    {c.toClassName ? `${c.fromClassName} → ${c.toClassName}` : c.fromClassName}
                  </td>
                  <td className="amount">{shown(c.counts.promote)}</td>
                  <td className="amount">{shown(c.counts.hold_back)}</td>
                  <td className="amount">{shown(c.counts.leave)}</td>
                  <td className="amount">{shown(c.counts.graduate)}</td>
                  <td className="amount">{shown(c.counts.already_enrolled)}</td>
                  <td>{c.errors.map((e) => translate(e)).join(' ')}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}
