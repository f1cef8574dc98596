import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { readSnapshot } from '../../db/read-snapshot.ts'
import { rowsOf } from '../../db/rows.ts'
import { conflict } from '../errors.ts'
import { reportFile, type ReportFormat } from '../report-file.ts'
import { readQuery } from '../validate.ts'
import { askerFor, type AnyReportExportSource } from './source.ts'

/**
 * A report's file made while its download waits, from the same declaration a job exports by:
 * up to REPORT_EXPORT_DIRECT_MAX_ROWS rows (10,000). A larger one is refused with a 409
 * `export_needs_job` naming its rows, and the client starts an export job instead.
 */
export async function directExport(
  c: Context<AppEnv>,
  source: AnyReportExportSource,
  format: ReportFormat,
) {
  const query = readQuery(c, source.query)
  const db = c.var.database.db
  const o = await source.options(db, query, await askerFor(c))
  const max = c.var.config.reportExportDirectMaxRows
  // Counted and read in one snapshot: the file has the rows counted.
  const rows = await db.transaction(async (tx) => {
    const count = await source.count(tx, o)
    if (count > max) throw conflict('export_needs_job', { values: { rows: count, max } })
    const raw = rowsOf(await tx.execute(sql`select * from (${source.rows(o)}) r order by export_n`))
    return source.present(tx, o, raw)
  }, readSnapshot)
  return reportFile(
    c,
    { name: source.name(o), sheet: source.sheet, format },
    source.columns(o),
    rows,
  )
}
