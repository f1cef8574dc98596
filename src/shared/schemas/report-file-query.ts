import * as v from 'valibot'
import { instituteLocales } from './institutes.ts'

/** A report's file: its filters, and the language its headings are written in. */
export const reportFileQuery = <E extends v.ObjectEntries>(report: { entries: E }) =>
  v.strictObject(
    { ...report.entries, lang: v.optional(v.picklist(instituteLocales)) },
    'unknown_filter',
  )
