import { useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import { ledgerEntryNames, reportColumns } from '../../shared/messages/report-files.ts'
import type { StudentLedger } from '../../shared/schemas/reports.ts'
import { HeaderRow } from '../table/HeaderRow.tsx'
import { VirtualRows } from '../table/VirtualRows.tsx'
import { useStackedTable } from '../table/use-stacked-table.ts'
import { useStickyTotals } from '../table/use-sticky-totals.ts'

/**
 * A student's ledger as a table: the opening balance, each entry with its debit (owed more),
 * credit (owed less) and the balance after it, then the period's totals and the closing balance.
 * In full, the advance's movements and balance and the fines waived too; `compact` (the
 * student's page) keeps to the balance. Its words are the report files' (the reports catalog),
 * so a statement prints them in the guardian's language. A long ledger draws only the entries
 * near the window (`VirtualRows`), all of them on paper.
 */
export function StudentLedgerTable({
  ledger,
  compact = false,
}: {
  ledger: StudentLedger
  compact?: boolean
}): ReactElement {
  const { i18n } = useLingui()
  const money = useMoney()
  const { date } = useFormat()
  const amount = (minor: number) => (minor ? money.format(minor) : '')
  const day = (iso: string) => date(dayDate(iso), 'medium')
  const full = !compact
  const span = compact ? 3 : 5
  const columns = compact ? 6 : 10
  // Too narrow for its columns (a phone, long words), each row stacks its cells instead.
  const { wrap, table } = useStackedTable()
  useStickyTotals(table)
  return (
    <div ref={wrap} className="table-wrap sticky-table">
      <table
        ref={table}
        className="table student-ledger-table"
        data-testid="student-ledger-table"
        aria-rowcount={ledger.data.length + 3}
      >
        <thead>
          <HeaderRow
            rowIndex={1}
            columns={[
              { label: i18n._(reportColumns.date) },
              { label: i18n._(reportColumns.entry) },
              { label: i18n._(reportColumns.document) },
              full && { label: i18n._(reportColumns.feeHead) },
              full && { label: i18n._(reportColumns.period) },
              { label: i18n._(reportColumns.debit), amount: true },
              { label: i18n._(reportColumns.credit), amount: true },
              { label: i18n._(reportColumns.balance), amount: true },
              full && { label: i18n._(reportColumns.advanceMovement), amount: true },
              full && { label: i18n._(reportColumns.waived), amount: true },
            ]}
          />
        </thead>
        <tbody>
          <tr className="ledger-opening" data-testid="ledger-opening" aria-rowindex={2}>
            <td>{day(ledger.from)}</td>
            <th scope="row" colSpan={span - 1}>
              {i18n._(ledgerEntryNames.opening)}
            </th>
            <td />
            <td />
            <td className="amount">{money.format(ledger.opening.balanceMinor)}</td>
            {full && <td className="amount">{amount(ledger.opening.advanceMinor)}</td>}
            {full && <td />}
          </tr>
          <VirtualRows
            count={ledger.data.length}
            columns={columns}
            before={2}
            row={(i, props) => {
              const row = ledger.data[i]!
              return (
                <tr key={i} data-kind={row.kind} {...props}>
                  <td>{day(row.date)}</td>
                  <td>
                    {i18n._(ledgerEntryNames[row.kind])}
                    {compact && row.feeHeadName && (
                      <small className="muted block">
                        {[row.feeHeadName, row.periodName].filter(Boolean).join(' · ')}
                      </small>
                    )}
                  </td>
                  <td>{row.documentNumber}</td>
                  {full && <td>{row.feeHeadName}</td>}
                  {full && <td>{row.periodName}</td>}
                  <td className="amount">{amount(row.debitMinor)}</td>
                  <td className="amount">{amount(row.creditMinor)}</td>
                  <td className="amount">{money.format(row.balanceMinor)}</td>
                  {full && <td className="amount">{amount(row.advanceMinor)}</td>}
                  {full && <td className="amount">{amount(row.waivedMinor)}</td>}
                </tr>
              )
            }}
          />
        </tbody>
        <tfoot>
          <tr
            className="ledger-closing"
            data-testid="ledger-closing"
            aria-rowindex={ledger.data.length + 3}
          >
            <td>{day(ledger.to)}</td>
            <th scope="row" colSpan={span - 1}>
              {i18n._(ledgerEntryNames.closing)}
            </th>
            <td className="amount">{money.format(ledger.totals.debitMinor)}</td>
            <td className="amount">{money.format(ledger.totals.creditMinor)}</td>
            <td className="amount" data-testid="ledger-closing-balance">
              {money.format(ledger.closing.balanceMinor)}
            </td>
            {full && <td className="amount">{money.format(ledger.closing.advanceMinor)}</td>}
            {full && <td />}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
