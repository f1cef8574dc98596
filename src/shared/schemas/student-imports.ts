/**
 * Importing students from a spreadsheet: the columns of the template (and of an upload), each
 * row's refusals by column, and what confirming would do.
 */
import * as v from 'valibot'
import { ErrorDetailSchema } from './api-error.ts'

/** The columns of an import file, in the template's order. */
export const importColumns = [
  'studentCode',
  'fullName',
  'dateOfBirth',
  'gender',
  'religion',
  'bloodGroup',
  'fatherName',
  'motherName',
  'guardianName',
  'guardianRelation',
  'guardianPhone',
  'guardianEmail',
  'address',
  'campus',
  'session',
  'class',
  'group',
  'section',
  'shift',
  'roll',
] as const
export type ImportColumn = (typeof importColumns)[number]
/** Columns a file must have; the session defaults to the current one, the campus to the first. */
export const requiredImportColumns = ['fullName', 'guardianPhone', 'class'] as const
/** At most this many students in one file; a larger one is refused before anything is read. */
export const importRowLimit = 20_000
/** At most this many bytes in one upload. */
export const importMaxBytes = 16 * 1024 * 1024

export const importOutcomes = ['new', 'updated', 'unchanged', 'invalid'] as const
export type ImportOutcome = (typeof importOutcomes)[number]

/** One row of an upload: its line in the file, the cells as read, refusals by column. */
export const ImportRowSchema = v.object({
  line: v.number(),
  values: v.record(v.string(), v.string()),
  errors: v.record(v.string(), v.array(ErrorDetailSchema)),
  outcome: v.picklist(importOutcomes),
})
export type ImportRow = v.InferOutput<typeof ImportRowSchema>

export const ImportCountsSchema = v.object({
  total: v.number(),
  new: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  invalid: v.number(),
})
export type ImportCounts = v.InferOutput<typeof ImportCountsSchema>

/**
 * An upload as checked, before anything is written: every row with a mistake (and the first
 * rows of the rest, to see how they were read), counts of what confirming would do, and the job
 * once it is confirmed. A file with any invalid row is not imported: it is corrected and
 * uploaded again.
 */
export const ImportPreviewSchema = v.object({
  id: v.string(),
  fileName: v.string(),
  columns: v.array(v.picklist(importColumns)),
  counts: ImportCountsSchema,
  rows: v.array(ImportRowSchema),
  jobId: v.nullable(v.string()),
  createdAt: v.string(),
})
export type ImportPreview = v.InferOutput<typeof ImportPreviewSchema>

/** What an import job did, as its result. */
export const ImportResultSchema = v.object({
  created: v.number(),
  updated: v.number(),
  unchanged: v.number(),
})
export type ImportResult = v.InferOutput<typeof ImportResultSchema>
