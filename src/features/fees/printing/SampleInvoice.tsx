import { useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { dayDate, todayIso } from '../../../lib/dates.ts'
import type { PrintedInvoice } from '../../../shared/schemas/invoice-print.ts'
import { dateTimeFormat } from '../../../shared/intl-formats.ts'

/**
 * A made-up invoice for the settings' preview, worded in the print language (it renders inside
 * `InPrintLanguage`): three heads, a concession and VAT, so every column has something to show.
 */
export function SampleInvoice({
  children,
}: {
  children: (invoice: PrintedInvoice) => ReactElement
}): ReactElement {
  const { t, i18n } = useLingui()
  const today = todayIso()
  const month = dateTimeFormat(i18n.locale, {
    month: 'long',
    year: 'numeric',
  }).format(dayDate(today))
  const line = (lineNo: number, feeHeadName: string, gross: number, concession = 0, vat = 0) => ({
    lineNo,
    feeHeadName,
    periodName: month,
    grossMinor: gross,
    concessionMinor: concession,
    vatMinor: vat,
    netMinor: gross - concession + vat,
    paidMinor: 0,
  })
  const lines = [
    line(1, t`Tuition fee`, 150_000, 15_000),
    line(2, t`Transport fee`, 40_000),
    line(3, t`Exam fee`, 50_000, 0, 7_500),
  ]
  /* eslint-disable lingui/no-unlocalized-strings -- a sample's names and codes, not words */
  return children({
    id: 'sample',
    number: 'INV-2026-000123',
    issueDate: today,
    dueDate: today,
    status: 'unpaid',
    studentId: 'sample',
    studentName: 'Ayesha Rahman',
    studentCode: '20260042',
    className: t`Seven`,
    section: 'A',
    roll: 12,
    group: null,
    guardian: 'Karim Rahman',
    guardianPhone: '+880 1711 000001',
    session: '2026',
    campus: t`Main campus`,
    period: month,
    totalMinor: lines.reduce((sum, l) => sum + l.netMinor, 0),
    paidMinor: 0,
    lines,
  })
  /* eslint-enable lingui/no-unlocalized-strings */
}
