import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { VirtualRows } from '../../components/table/VirtualRows.tsx'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import { useStickyTotals } from '../../components/table/use-sticky-totals.ts'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { LedgerQuery } from '../../shared/schemas/accounting-queries.ts'
import { ledgerQuery } from './queries.ts'

/**
 * An account's ledger over a period: the opening balance, every line with the running balance,
 * the period's totals and the closing balance. A year of a busy account is tens of thousands of
 * lines: only those near the window are drawn (`VirtualRows`), all of them on paper.
 */
export function LedgerTable({ query }: { query: LedgerQuery }) {
  const { date } = useFormat()
  const money = useMoney()
  const { data } = useSuspenseQuery(ledgerQuery(query))
  const { wrap, table } = useStackedTable()
  useStickyTotals(table)
  const name = data.account.name
  const code = data.account.glCode
  const from = date(dayDate(data.from), 'medium')
  const to = date(dayDate(data.to), 'medium')
  const totalDebit = data.lines.reduce((sum, l) => sum + l.debit, 0)
  const totalCredit = data.lines.reduce((sum, l) => sum + l.credit, 0)
  // Rows in all: the header, the opening balance, these, and the footer's two.
  const bodyRows = Math.max(data.lines.length, 1)
  return (
    <>
      <h2 className="ledger-title">
        <Trans>
          {code} {name}, {from} to {to}
        </Trans>
      </h2>
      <div ref={wrap} className="table-wrap sticky-table">
        <table ref={table} className="table ledger" aria-rowcount={bodyRows + 4}>
          <thead>
            <HeaderRow
              rowIndex={1}
              columns={[
                { label: <Trans>Date</Trans> },
                { label: <Trans>Reference</Trans> },
                { label: <Trans>Narration</Trans> },
                'debit',
                'credit',
                { label: <Trans>Balance</Trans>, amount: true },
              ]}
            />
          </thead>
          <tbody>
            <tr className="ledger-opening" aria-rowindex={2}>
              <th scope="row" colSpan={5}>
                <Trans>Opening balance</Trans>
              </th>
              <td className="amount" data-testid="ledger-opening">
                {money.balance(data.opening)}
              </td>
            </tr>
            <VirtualRows
              count={data.lines.length}
              columns={6}
              before={2}
              row={(i, props) => {
                const line = data.lines[i]!
                return (
                  <tr key={`${line.voucherId}-${i}`} {...props}>
                    <td>{date(dayDate(line.date), 'medium')}</td>
                    <td>
                      <Link to="/vouchers/$voucherId" params={{ voucherId: line.voucherId }}>
                        {line.reference}
                      </Link>
                    </td>
                    <td>
                      {line.narration}
                      {line.memo && <small className="muted block">{line.memo}</small>}
                    </td>
                    <td className="amount">{line.debit ? money.format(line.debit) : ''}</td>
                    <td className="amount">{line.credit ? money.format(line.credit) : ''}</td>
                    <td className="amount">{money.balance(line.balance)}</td>
                  </tr>
                )
              }}
            />
            {data.lines.length === 0 && (
              <tr aria-rowindex={3}>
                <td colSpan={6} className="muted">
                  <Trans>Nothing was posted to this account in the period.</Trans>
                </td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr aria-rowindex={bodyRows + 3}>
              <th scope="row" colSpan={3}>
                <Trans>Total in the period</Trans>
              </th>
              <td className="amount">{money.format(totalDebit)}</td>
              <td className="amount">{money.format(totalCredit)}</td>
              <td />
            </tr>
            <tr className="ledger-closing" aria-rowindex={bodyRows + 4}>
              <th scope="row" colSpan={5}>
                <Trans>Closing balance</Trans>
              </th>
              <td className="amount" data-testid="ledger-closing">
                {money.balance(data.closing)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  )
}
