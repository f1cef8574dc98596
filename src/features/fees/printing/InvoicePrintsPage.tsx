import './invoice-print.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense, type ReactElement } from 'react'
import { Icon } from '../../../components/icons.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useFormat } from '../../../lib/format.ts'
import { invoicesPerPrint } from '../../../shared/schemas/invoice-print.ts'
import type { InvoicePrintSearch } from '../../../shared/schemas/invoice-print-search.ts'
import { InPrintLanguage, InvoiceDocument } from './InvoiceSlip.tsx'
import { PrintScopeBar } from './PrintScopeBar.tsx'
import { printLanguageOf } from './print-language.ts'
import { hasPrintScope, invoicePrintRunQuery } from './queries.ts'

/**
 * /invoice-prints: invoices printed at once — one invoice, a group run's, or a class's (or
 * section's) of a session and period — as one document, a page per student, in the print settings' language.
 */
export function InvoicePrintsPage({
  search,
  onSearchChange,
}: {
  search: InvoicePrintSearch
  onSearchChange: (next: Partial<InvoicePrintSearch>) => void
}): ReactElement {
  const scoped = hasPrintScope(search)
  return (
    <div className="page invoice-prints-page">
      <PageHeader
        className="no-print"
        title={<Trans>Print invoices</Trans>}
        subtitle={
          <Trans>
            Each student’s invoices start on a new page, printed as set in Invoice printing.
          </Trans>
        }
        actions={
          <div className="header-buttons">
            <button
              type="button"
              className="button button-primary"
              disabled={!scoped}
              onClick={() => window.print()}
            >
              <Icon name="printer" /> <Trans>Print</Trans>
            </button>
          </div>
        }
      />
      {!search.invoiceId && !search.runId && (
        <PrintScopeBar search={search} onSearchChange={onSearchChange} />
      )}
      {scoped ? (
        <PrintRun search={search} onSearchChange={onSearchChange} />
      ) : (
        <p className="card muted">
          <Trans>Choose a session and a class to print their invoices.</Trans>
        </p>
      )}
    </div>
  )
}

function PrintRun({
  search,
  onSearchChange,
}: {
  search: InvoicePrintSearch
  onSearchChange: (next: Partial<InvoicePrintSearch>) => void
}) {
  const { t } = useLingui()
  const { number } = useFormat()
  const { data: run } = useSuspenseQuery(invoicePrintRunQuery(search))
  if (run.total === 0) {
    return (
      <p className="card muted">
        <Trans>There are no invoices to print for this choice.</Trans>
      </p>
    )
  }
  const from = number((run.page - 1) * run.perPage + 1)
  const to = number((run.page - 1) * run.perPage + run.data.length)
  const total = number(run.total)
  const pages = Math.ceil(run.total / invoicesPerPrint)
  return (
    <>
      <nav className="pager no-print print-run-bar" aria-label={t`Pages of invoices`}>
        <span>
          <Trans>
            Invoices {from}–{to} of {total}
          </Trans>
        </span>
        {pages > 1 && (
          <>
            <button
              type="button"
              className="button"
              disabled={run.page <= 1}
              onClick={() => onSearchChange({ page: run.page - 1 })}
            >
              <Trans>Previous invoices</Trans>
            </button>
            <button
              type="button"
              className="button"
              disabled={run.page >= pages}
              onClick={() => onSearchChange({ page: run.page + 1 })}
            >
              <Trans>Next invoices</Trans>
            </button>
          </>
        )}
      </nav>
      <Suspense fallback={null}>
        <InPrintLanguage language={printLanguageOf(run.settings)}>
          <InvoiceDocument invoices={run.data} settings={run.settings} />
        </InPrintLanguage>
      </Suspense>
    </>
  )
}
