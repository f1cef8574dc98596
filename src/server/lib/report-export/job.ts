import { and, eq, gt, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { instituteLocales } from '../../../shared/schemas/institutes.ts'
import { id } from '../../../shared/schemas/primitives.ts'
import { reportFormats, type ReportExportResult } from '../../../shared/schemas/report-exports.ts'
import type { Db } from '../../db/client.ts'
import { reportExportRows } from '../../db/schema/jobs.ts'
import { rowsOf } from '../../db/rows.ts'
import type { JobKind } from '../jobs/job-kind.ts'
import { textIn } from '../messages.ts'
import { cellsOf, fileContextOf, headingsOf, type FileContext } from '../report-file.ts'
import { csvStream, xlsxStream } from '../spreadsheet-cells.ts'
import type { FileStorage } from '../storage.ts'
import { exportFileKey, exportKindOf } from './names.ts'
import { sweepExports } from './sweep.ts'
import type { AnyReportExportSource } from './source.ts'

/** Rows per batch: each is read and written in a transaction of its own. */
const exportBatchSize = 2000

const ExportParamsSchema = v.object({
  format: v.picklist(reportFormats),
  locale: v.picklist(instituteLocales),
  /** The report's file query as the asker sent it (text), checked again by the report's schema. */
  query: v.record(v.string(), v.string()),
  asker: v.object({
    instituteId: id,
    today: v.string(),
    campusIds: v.nullable(v.array(id)),
    readsStudents: v.boolean(),
  }),
})
type ExportParams = v.InferOutput<typeof ExportParamsSchema>

/**
 * Copies the report's rows, in its order, into the job's own rows in one statement: one
 * snapshot of the books, read back a batch at a time. Answers how many there are.
 */
async function materialise(
  tx: Db,
  instituteId: string,
  jobId: string,
  rows: ReturnType<AnyReportExportSource['rows']>,
) {
  await tx
    .delete(reportExportRows)
    .where(and(eq(reportExportRows.instituteId, instituteId), eq(reportExportRows.jobId, jobId)))
  const [copied] = rowsOf<{ n: number }>(
    await tx.execute(sql`with copied as (
      insert into report_export_rows (institute_id, job_id, n, row)
      select ${instituteId}, ${jobId}, r.export_n, to_jsonb(r) - 'export_n' from (${rows}) r
      returning 1
    ) select count(*)::int as n from copied`),
  )
  return copied?.n ?? 0
}

/**
 * A report's export as a job: its rows copied in one statement (one snapshot), then written to
 * the file store as CSV or XLSX a batch at a time, each batch read in a short transaction that
 * also records the progress, so neither the rows nor a long transaction are ever held. A retry
 * starts the file over. The copied rows go with the last batch; the file stays a day
 * (sweep.ts).
 */
export function reportExportJob(
  source: AnyReportExportSource,
  files: FileStorage,
): JobKind<ExportParams, { written: number }, ReportExportResult> {
  return {
    kind: exportKindOf(source.report),
    subject: source.subject,
    startersOwn: true,
    params: ExportParamsSchema,
    maxAttempts: 2,
    async run({ jobId, instituteId, params, step }) {
      const query = v.parse(source.query, params.query)
      const key = exportFileKey(instituteId, jobId)
      let total = 0
      let file: FileContext | undefined
      let o: unknown
      await step(async (tx) => {
        await sweepExports(tx, files, instituteId)
        o = await source.options(tx, query, params.asker)
        total = await materialise(tx, instituteId, jobId, source.rows(o))
        file = await fileContextOf(tx, instituteId, params.locale)
        return { checkpoint: { written: 0 }, done: 0, total }
      })
      const columns = source.columns(o)
      const cells = cellsOf(columns, params.format, file!)
      const write = await files.write(key)
      const sheet =
        params.format === 'csv'
          ? csvStream(write.stream, cells.separator)
          : xlsxStream(write.stream, textIn(params.locale, source.sheet), cells.formats)
      try {
        await sheet.add([headingsOf(columns, params.locale)])
        let written = 0
        do {
          const from = written
          ;({ written } = await step(async (tx) => {
            const batch = await tx
              .select({ row: reportExportRows.row })
              .from(reportExportRows)
              .where(
                and(
                  eq(reportExportRows.instituteId, instituteId),
                  eq(reportExportRows.jobId, jobId),
                  gt(reportExportRows.n, from),
                ),
              )
              .orderBy(reportExportRows.n)
              .limit(exportBatchSize)
            const rows = await source.present(
              tx,
              o,
              batch.map((b) => b.row),
            )
            await sheet.add(rows.map(cells.row))
            // Nothing left to read ends it too, whatever the count said.
            const done = batch.length ? from + batch.length : total
            if (done >= total) {
              await tx
                .delete(reportExportRows)
                .where(
                  and(
                    eq(reportExportRows.instituteId, instituteId),
                    eq(reportExportRows.jobId, jobId),
                  ),
                )
            }
            return { checkpoint: { written: done }, done }
          }))
        } while (written < total)
        await sheet.end()
        await write.close()
      } catch (err) {
        await write.abort()
        throw err
      }
      return { fileName: `${source.name(o)}-${params.asker.today}.${params.format}`, rows: total }
    },
  }
}
