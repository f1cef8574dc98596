import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { HeadLedgerLine } from '../../shared/schemas/reports.ts'
import type { HeadLedgerLinesQuery } from '../../shared/schemas/report-search.ts'
import { figureLabels } from './head-ledger-search.ts'
import { headLedgerLinesQuery } from './queries.ts'

const kindLabels: Record<HeadLedgerLine['kind'], MessageDescriptor> = {
  invoice: msg`Invoice`,
  concessionNote: msg`Concession credit note`,
  creditNote: msg`Credit note (cancelled invoice)`,
  receipt: msg`Receipt`,
  cancelledReceipt: msg`Receipt cancelled`,
}

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
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(headLedgerLinesQuery(query))
  const money = useMoney()
  const { date } = useFormat()
  const figure = i18n._(figureLabels[query.figure])
  const total = money.format(data.totalMinor)
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
        <button type="button" className="button no-print" onClick={onClose}>
          <Trans>Back to every head</Trans>
        </button>
      </div>
      <PagedTable
        empty={<Trans>No line makes up this figure.</Trans>}
        page={data.page}
        perPage={data.perPage}
        total={data.total}
        onPage={onPage}
        columns={[
          { label: <Trans>Day</Trans> },
          { label: <Trans>Document</Trans> },
          { label: <Trans>Student</Trans> },
          { label: <Trans>Class</Trans> },
          { label: <Trans>Amount</Trans>, amount: true },
        ]}
        rows={data.data.map((line) => (
          <tr key={`${line.kind}-${line.documentId}`}>
            <td>{date(dayDate(line.day), 'medium')}</td>
            <td>
              {line.number}
              <small className="muted block">{i18n._(kindLabels[line.kind])}</small>
            </td>
            <td>
              {line.fullName}
              <small className="muted block">{line.studentCode}</small>
            </td>
            <td>{line.className}</td>
            <td className="amount">{money.format(line.amountMinor)}</td>
          </tr>
        ))}
      />
    </section>
  )
}
