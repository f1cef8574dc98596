import { stringsIn } from '../../lib/i18n.ts'
import type { PrintLanguage } from '../../shared/schemas/invoice-print.ts'

/** The strings a receipt prints with, in its own language (the screen keeps the user's). */
export const receiptAreas = ['collection'] as const

/** Loads a receipt's strings, so that it is ready to print when it shows. */
export const receiptStrings = (language: PrintLanguage) => stringsIn(language, receiptAreas)
