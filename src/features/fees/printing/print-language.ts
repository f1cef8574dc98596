import { stringsIn } from '../../../lib/i18n.ts'
import type { InvoicePrintSettings, PrintLanguage } from '../../../shared/schemas/invoice-print.ts'

/** The language invoices print in: the one chosen for printing, else the institute's. */
export const printLanguageOf = (settings: Pick<InvoicePrintSettings, 'language' | 'institute'>) =>
  settings.language ?? settings.institute.locale

/** The strings invoices print with, loaded apart from the app's (the screen keeps its language). */
export const printAreas = ['fees'] as const
export const printStrings = (language: PrintLanguage) => stringsIn(language, printAreas)

/** Copies side by side on a landscape A4 sheet, else one under the other (A5, a thermal roll). */
export const copiesSideBySide = (settings: Pick<InvoicePrintSettings, 'paper' | 'copies'>) =>
  settings.paper === 'a4' && settings.copies.length > 1

/** The @page a sheet prints on (print CSS). */
export const pageOf = (settings: Pick<InvoicePrintSettings, 'paper' | 'copies'>) =>
  settings.paper === 'thermal80'
    ? 'thermal80'
    : `${settings.paper}-${copiesSideBySide(settings) ? 'landscape' : 'portrait'}`
