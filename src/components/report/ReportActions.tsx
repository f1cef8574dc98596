import { Trans, useLingui } from '@lingui/react/macro'
import { Icon } from '../icons.tsx'

/** A report's buttons: export what is shown (every page) as CSV or Excel, and print. */
export function ReportActions({
  empty,
  exporting,
  onExport,
}: {
  /** Nothing to export: the buttons say so. */
  empty: boolean
  exporting: boolean
  onExport: (format: 'csv' | 'xlsx') => void
}) {
  const { t } = useLingui()
  const exportAs = (format: 'csv' | 'xlsx') => (
    <button
      type="button"
      className="button"
      disabled={exporting || empty}
      title={empty ? t`Nothing matches: there is nothing to export.` : undefined}
      onClick={() => onExport(format)}
    >
      {format === 'csv' ? <Trans>Export CSV</Trans> : <Trans>Export Excel</Trans>}
    </button>
  )
  return (
    <div className="header-buttons no-print">
      {exportAs('csv')}
      {exportAs('xlsx')}
      <button type="button" className="button" onClick={() => window.print()}>
        <Icon name="printer" /> <Trans>Print</Trans>
      </button>
    </div>
  )
}
