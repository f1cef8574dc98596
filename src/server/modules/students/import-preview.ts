import type {
  ImportColumn,
  ImportCounts,
  ImportPreview,
  ImportRow,
} from '../../../shared/schemas/student-imports.ts'
import type { DateOrder } from '../../../shared/typed-date.ts'
import type { Db } from '../../db/client.ts'
import type { studentImports } from '../../db/schema/students.ts'
import type { Sheet } from './import-file.ts'
import { planRows } from './import-plan.ts'
import { checkRows, loadStructure, refuseDuplicates, type ImportedRow } from './import-rows.ts'

/** Rows of the rest a preview shows besides every invalid one, to see how the file was read. */
const sampleRows = 20
/** Invalid rows a preview shows at most (the counts say how many there are). */
const shownInvalid = 1000

/**
 * An uploaded sheet read against the institute's structure and students: the rows to write
 * (the valid ones), and the preview — how many rows are new, updated, unchanged and invalid,
 * the rows to correct first, then the first of the rest, each in the file's order.
 */
export async function previewSheet(
  tx: Db,
  instituteId: string,
  sheet: Sheet,
  columns: (ImportColumn | null)[],
  dateOrder: DateOrder,
): Promise<{ rows: ImportedRow[]; preview: Pick<ImportPreview, 'counts' | 'rows'> }> {
  const checked = checkRows(sheet, columns, await loadStructure(tx, instituteId), dateOrder)
  refuseDuplicates(checked)
  const valid = checked.filter((r) => r.row)
  const plans = await planRows(
    tx,
    instituteId,
    valid.map((r) => r.row!),
  )
  const outcome = new Map<number, ImportRow['outcome']>()
  valid.forEach((r, i) => {
    const plan = plans[i]!
    if (plan.error) {
      ;(r.errors[plan.error.column] ??= []).push(plan.error.detail)
      delete r.row
    } else outcome.set(r.line, plan.outcome)
  })
  const rows: ImportRow[] = checked.map((r) => ({
    line: r.line,
    values: r.values,
    errors: r.errors,
    outcome: outcome.get(r.line) ?? 'invalid',
  }))
  const counts: ImportCounts = { total: rows.length, new: 0, updated: 0, unchanged: 0, invalid: 0 }
  for (const r of rows) counts[r.outcome]++
  const invalid = rows.filter((r) => r.outcome === 'invalid').slice(0, shownInvalid)
  const sample = rows.filter((r) => r.outcome !== 'invalid').slice(0, sampleRows)
  return {
    rows: checked.flatMap((r) => (r.row ? [r.row] : [])),
    preview: { counts, rows: [...invalid, ...sample] },
  }
}

/** A kept upload as the API answers it. */
export const presentImport = (row: typeof studentImports.$inferSelect): ImportPreview => ({
  ...(row.preview as Pick<ImportPreview, 'counts' | 'rows'>),
  id: row.id,
  fileName: row.fileName,
  columns: row.columns as ImportPreview['columns'],
  jobId: row.jobId,
  createdAt: row.createdAt.toISOString(),
})
