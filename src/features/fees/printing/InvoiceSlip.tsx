import './invoice-print.css'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement, ReactNode } from 'react'
import { InLanguage } from '../../../components/InLanguage.tsx'
import { InstituteLogo } from '../../../components/InstituteLogo.tsx'
import { dayDate } from '../../../lib/dates.ts'
import { useFormat } from '../../../lib/format.ts'
import { amountInWords, wordLanguageOf } from '../../../shared/amount-in-words.ts'
import { numberFormat } from '../../../shared/intl-formats.ts'
import { formatMoney, minorToDecimalString } from '../../../shared/money.ts'
import type {
  InvoiceColumn,
  InvoiceHeaderField,
  InvoicePrintSettings,
  PrintedInvoice,
  PrintLanguage,
} from '../../../shared/schemas/invoice-print.ts'
import { columnLabels, copyLabels, headerFieldLabels } from './labels.ts'
import { copiesSideBySide, pageOf, printAreas } from './print-language.ts'
import { periodLabel } from '../../../shared/fees/periods.ts'

/** Renders `children` in the print language (see InLanguage). */
export function InPrintLanguage({
  language,
  children,
}: {
  language: PrintLanguage
  children: ReactNode
}): ReactElement {
  return (
    <InLanguage language={language} areas={printAreas}>
      {children}
    </InLanguage>
  )
}

const moneyColumns = new Set<InvoiceColumn>(['gross', 'concession', 'vat', 'net', 'paid', 'due'])

type Line = PrintedInvoice['lines'][number]
const lineAmount = (line: Line, column: InvoiceColumn): number => {
  switch (column) {
    case 'gross':
      return line.grossMinor
    case 'concession':
      return line.concessionMinor
    case 'vat':
      return line.vatMinor
    case 'net':
      return line.netMinor
    case 'paid':
      return line.paidMinor
    default:
      return line.netMinor - line.paidMinor
  }
}

/**
 * One invoice as it prints: a sheet with each copy the settings ask for (student, office, bank),
 * side by side or stacked, each labelled. The same component prints and previews.
 */
export function InvoiceSlip({
  invoice,
  settings,
}: {
  invoice: PrintedInvoice
  settings: InvoicePrintSettings
}): ReactElement {
  return (
    <article
      className="invoice-sheet"
      data-paper={settings.paper}
      data-page={pageOf(settings)}
      data-copies={copiesSideBySide(settings) ? 'side-by-side' : 'stacked'}
      data-testid="invoice-sheet"
    >
      {settings.copies.map((copy) => (
        <InvoiceCopy key={copy} invoice={invoice} settings={settings} copy={copy} />
      ))}
    </article>
  )
}

function InvoiceCopy({
  invoice,
  settings,
  copy,
}: {
  invoice: PrintedInvoice
  settings: InvoicePrintSettings
  copy: InvoicePrintSettings['copies'][number]
}) {
  const { i18n } = useLingui()
  const { date, number } = useFormat()
  const { institute } = settings
  const digits = institute.currencyDigits
  // Cells carry the amount alone; the total says the currency.
  const amountFormat = numberFormat(i18n.locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
  const money = (minor: number) =>
    amountFormat.format(minorToDecimalString(minor, digits) as unknown as number)
  const fieldValue = (field: InvoiceHeaderField): string | null => {
    switch (field) {
      case 'roll':
        return invoice.roll === null ? null : number(invoice.roll)
      case 'issueDate':
        return date(dayDate(invoice.issueDate), 'medium')
      case 'dueDate':
        return date(dayDate(invoice.dueDate), 'medium')
      default:
        return invoice[field] || null
    }
  }
  const fields = settings.shownFields.flatMap((field) => {
    const value = fieldValue(field)
    return value ? [{ field, value }] : []
  })
  const total = formatMoney(invoice.totalMinor, institute.currency, i18n.locale, digits)
  const words = amountInWords(
    Math.max(invoice.totalMinor, 0),
    institute.currencyDigits,
    wordLanguageOf(i18n.locale),
  )
  const currencyName =
    new Intl.DisplayNames(i18n.locale, { type: 'currency' }).of(institute.currency) ??
    institute.currency
  const invoiceNumber = invoice.number
  return (
    <section className="invoice-copy" aria-label={i18n._(copyLabels[copy])}>
      <p className="invoice-copy-label">{i18n._(copyLabels[copy])}</p>
      <header className="invoice-head">
        {institute.logo && <InstituteLogo logo={institute.logo} height={40} />}
        <div>
          <p className="invoice-institute">{institute.name}</p>
          {institute.address && <p className="invoice-address">{institute.address}</p>}
          {(institute.phone || institute.email) && (
            <p className="invoice-address">
              {[institute.phone, institute.email].filter(Boolean).join(' · ')}
            </p>
          )}
        </div>
      </header>
      <h3 className="invoice-title">
        <Trans>Invoice {invoiceNumber}</Trans>
      </h3>
      <p className="invoice-student-name">{invoice.studentName}</p>
      {fields.length > 0 && (
        <dl className="invoice-fields">
          {fields.map(({ field, value }) => (
            <div key={field}>
              <dt>{i18n._(headerFieldLabels[field])}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <table className="invoice-lines">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Fee</Trans>
            </th>
            {settings.shownColumns.map((column) => (
              <th key={column} scope="col" className={moneyColumns.has(column) ? 'amount' : ''}>
                {i18n._(columnLabels[column])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.lineNo}>
              <td>{line.feeHeadName}</td>
              {settings.shownColumns.map((column) =>
                column === 'period' ? (
                  <td key={column}>
                    {line.periodName ? periodLabel(line.periodName, i18n.locale) : ''}
                  </td>
                ) : (
                  <td key={column} className="amount">
                    {money(lineAmount(line, column))}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            {settings.shownColumns.map((column) => (
              <td key={column} className="amount">
                {moneyColumns.has(column)
                  ? money(invoice.lines.reduce((sum, l) => sum + lineAmount(l, column), 0))
                  : ''}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
      <p className="invoice-total">
        <Trans>Total payable: {total}</Trans>
      </p>
      <p className="invoice-words" data-testid="invoice-words">
        <Trans>
          In words: {words} {currencyName}
        </Trans>
      </p>
      {settings.footerText && <p className="invoice-footer">{settings.footerText}</p>}
      {settings.signatureLabels.length > 0 && (
        <div className="invoice-signatures">
          {settings.signatureLabels.map((label, i) => (
            <div key={i}>{label}</div>
          ))}
        </div>
      )}
    </section>
  )
}

/**
 * The invoices of a print run as one document: a section per student (their invoices one after
 * the other), each starting on a new page.
 */
export function InvoiceDocument({
  invoices,
  settings,
}: {
  invoices: readonly PrintedInvoice[]
  settings: InvoicePrintSettings
}): ReactElement {
  const students: PrintedInvoice[][] = []
  for (const invoice of invoices) {
    const last = students.at(-1)
    if (last?.[0]!.studentId === invoice.studentId) last.push(invoice)
    else students.push([invoice])
  }
  return (
    <div className="invoice-document" data-page={pageOf(settings)}>
      {students.map((own) => (
        <section
          key={own[0]!.id}
          className="invoice-student"
          aria-label={own[0]!.studentName}
          data-testid="invoice-student"
        >
          {own.map((invoice) => (
            <InvoiceSlip key={invoice.id} invoice={invoice} settings={settings} />
          ))}
        </section>
      ))}
    </div>
  )
}
