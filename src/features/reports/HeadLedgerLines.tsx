import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { ReportTable } from '../../components/report/ReportTable.tsx'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { HeadLedgerLinesQuery } from '../../shared/schemas/report-search.ts'
import { headLedgerLineKinds } from '../../shared/messages/report-files.ts'
import { figureLabels } from './head-ledger-search.ts'
import { useExportReport } from './mutations.ts'
import { headLedgerLinesQuery } from './queries.ts'

/**
 * The lines one figure of one head is made of, a page at a time, with their sum (the figure);
 * what is owed at either end also opens as the due report of that day.
 */
export function HeadLedgerLines({
  query,
  headName,
  onPage,
  onClose,
}: {
  query: HeadLedgerLinesQuery
  headName: string
  onPage: (next: { page: number; perPage: number }) => void
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(headLedgerLinesQuery(query))
  const money = useMoney()
  const { date } = useFormat()
  const figure = i18n._(figureLabels[query.figure])
  const total = money.format(data.totalMinor)
  const exporting = useExportReport('head-ledger-lines')
  const filters = {
    academicSessionId: query.academicSessionId,
    campusId: query.campusId,
    classId: query.classId,
    groupId: query.groupId,
    sectionId: query.sectionId,
    feeHeadId: query.feeHeadId,
  }

  return (
    <section className="card" aria-labelledby="head-ledger-lines" data-testid="head-ledger-lines">
      <div className="toolbar">
        <h2 id="head-ledger-lines">
          <Trans>
            {figure} of {headName}: {total}
          </Trans>
        </h2>
        {data.asOf && (
          <Link to="/due-report" search={{ ...filters, asOf: data.asOf }} className="no-print">
            <Trans>Open in the due report</Trans>
          </Link>
        )}
        <ReportActions
          empty={data.total === 0}
          exporting={exporting.isPending}
          onExport={(format) => exporting.mutate({ format, search: query })}
        />
        <button type="button" className="button no-print" onClick={onClose}>
          <Trans>Back to every head</Trans>
        </button>
      </div>
      <ReportTable
        report="head-ledger-lines"
        empty={<Trans>No line makes up this figure.</Trans>}
        page={data.page}
        perPage={data.perPage}
        total={data.total}
        onPage={onPage}
        rows={data.data}
        rowKey={(line) => `${line.kind}-${line.documentId}`}
        columns={[
          { id: 'day', label: t`Day`, cell: (line) => date(dayDate(line.day), 'medium') },
          {
            id: 'document',
            label: t`Document`,
            cell: (line) => (
              <>
                {line.number}
                <small className="muted block">{i18n._(headLedgerLineKinds[line.kind])}</small>
              </>
            ),
          },
          {
            id: 'student',
            label: t`Student`,
            cell: (line) => (
              <>
                {line.fullName}
                <small className="muted block">{line.studentCode}</small>
              </>
            ),
          },
          { id: 'class', label: t`Class`, cell: (line) => line.className },
          {
            id: 'amount',
            label: t`Amount`,
            amount: true,
            cell: (line) => money.format(line.amountMinor),
          },
        ]}
        totals={[{ label: t`Total, every page`, figures: { amount: total } }]}
      />
    </section>
  )
}
