import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { useId, type ReactElement } from 'react'
import { useMoney } from '../../../lib/use-money.ts'
import type { GroupInvoicePreview } from '../../../shared/schemas/fees-invoices.ts'
import { skipReasonLabels } from '../labels.ts'
import { numberFormat } from '../../../shared/intl-formats.ts'
import { PreviewVat } from './PreviewVat.tsx'

interface Props {
  preview: GroupInvoicePreview
  canRun: boolean
  busy: boolean
  onRun: () => void
}

/** What a run would do now: invoices, totals per class and head, who is skipped and why. */
export function GroupInvoicePreviewCard({ preview, canRun, busy, onRun }: Props): ReactElement {
  const { t, i18n } = useLingui()
  const id = useId()
  const money = useMoney()
  const n = numberFormat(i18n.locale)
  const counts = [
    [t`Invoices`, n.format(preview.invoiceCount)],
    [t`Invoice lines`, n.format(preview.lineCount)],
    [t`Total`, money.format(preview.totalMinor)],
    [t`Students skipped`, n.format(preview.skippedCount)],
  ] as const
  const shown = n.format(preview.skipped.length)
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Preview</Trans>
      </h2>
      <dl className="group-invoice-counts" aria-label={t`Preview counts`}>
        {counts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <PreviewVat preview={preview} />
      {preview.invoiceCount === 0 ? (
        <p className="notice" role="status">
          <Trans>Nothing to invoice: every student of the choice is skipped (see why below).</Trans>
        </p>
      ) : (
        canRun && (
          <div className="form-actions">
            <button
              type="button"
              className={`button button-primary${busy ? ' is-busy' : ''}`}
              aria-disabled={busy}
              aria-busy={busy}
              onClick={onRun}
            >
              <Plural
                value={preview.invoiceCount}
                one="Create # invoice"
                other="Create # invoices"
              />
            </button>
          </div>
        )
      )}
      {preview.totals.length > 0 && (
        <>
          <h3 id={`${id}-totals`}>
            <Trans>Totals per class and fee head</Trans>
          </h3>
          <div className="table-wrap">
            <table className="table" aria-labelledby={`${id}-totals`}>
              <thead>
                <HeaderRow
                  columns={[
                    { label: t`Class` },
                    { label: t`Fee head` },
                    { label: t`Lines`, amount: true },
                    { label: t`Amount`, amount: true },
                  ]}
                />
              </thead>
              <tbody>
                {preview.totals.map((row) => (
                  <tr key={`${row.classId}:${row.feeHeadId}`}>
                    <th scope="row">{row.className}</th>
                    <td>{row.feeHeadName}</td>
                    <td className="amount">{n.format(row.lines)}</td>
                    <td className="amount">{money.format(row.netMinor)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    <Trans>Total</Trans>
                  </th>
                  <td className="amount">{n.format(preview.lineCount)}</td>
                  <td className="amount">{money.format(preview.totalMinor)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
      {preview.skipped.length > 0 && (
        <>
          <h3 id={`${id}-skipped`}>
            <Trans>Skipped students</Trans>
          </h3>
          <div className="table-wrap">
            <table className="table" aria-labelledby={`${id}-skipped`}>
              <thead>
                <HeaderRow
                  columns={[{ label: t`Student` }, { label: t`Student ID` }, { label: t`Why` }]}
                />
              </thead>
              <tbody>
                {preview.skipped.map((s) => (
                  <tr key={s.studentId}>
                    <th scope="row">{s.studentName}</th>
                    <td>{s.studentCode}</td>
                    <td>{i18n._(skipReasonLabels[s.reason])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.skipped.length < preview.skippedCount && (
            <p className="muted">
              <Plural
                value={preview.skippedCount}
                one={`The first ${shown} of # skipped student are shown.`}
                other={`The first ${shown} of # skipped students are shown.`}
              />
            </p>
          )}
        </>
      )}
    </section>
  )
}
