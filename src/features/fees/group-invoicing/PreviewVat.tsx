import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactElement } from 'react'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { dayDate } from '../../../lib/dates.ts'
import { useFormat } from '../../../lib/format.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { GroupInvoicePreview } from '../../../shared/schemas/fees-invoices.ts'
import { percentInput } from '../../../lib/rate-text.ts'

/**
 * A group run's VAT before it runs: the VAT each head adds, and a warning for each head whose
 * rate is not yet in force on an issue date (its invoices then carry no VAT).
 */
export function PreviewVat({ preview }: { preview: GroupInvoicePreview }): ReactElement | null {
  const { t } = useLingui()
  const id = useId()
  const money = useMoney()
  const { date } = useFormat()
  const day = (iso: string) => date(dayDate(iso), 'medium')
  const percent = (bp: number) => `${percentInput(bp, money.decimal)} %`
  if (preview.vat.length === 0 && preview.vatNotInForce.length === 0) return null
  return (
    <>
      {preview.vatNotInForce.map((w) => {
        const head = w.feeHeadName
        const issued = day(w.issueDate)
        const from = day(w.effectiveFrom)
        const rate = percent(w.rateBp)
        return (
          <p
            key={`${w.feeHeadId}:${w.issueDate}`}
            className="notice group-invoice-vat-warning"
            role="alert"
          >
            <Trans>
              No VAT on {head} for invoices issued on {issued}: its {rate} rate is in force only
              from {from}. Change the rate’s start on the VAT page if it should apply.
            </Trans>
          </p>
        )
      })}
      {preview.vat.length > 0 && (
        <>
          <h3 id={`${id}-vat`}>
            <Trans>VAT per fee head</Trans>
          </h3>
          <div className="table-wrap">
            <table className="table" aria-labelledby={`${id}-vat`}>
              <thead>
                <HeaderRow
                  columns={[
                    { label: t`Fee head` },
                    { label: t`Rate` },
                    { label: t`VAT`, amount: true },
                  ]}
                />
              </thead>
              <tbody>
                {preview.vat.map((row) => (
                  <tr key={row.feeHeadId}>
                    <th scope="row">{row.feeHeadName}</th>
                    <td>
                      {row.rateBps.length === 0 ? (
                        <Trans>No VAT</Trans>
                      ) : (
                        row.rateBps.map(percent).join(', ')
                      )}
                    </td>
                    <td className="amount">{money.format(row.vatMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  )
}
