import type { MessageDescriptor } from '@lingui/core'
import type { SQL } from 'drizzle-orm'
import type * as v from 'valibot'
import type { ExportedReport } from '../../../shared/schemas/report-exports.ts'
import type { Permission } from '../../../shared/permissions/catalogue.ts'
import type { Context } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import type { ReportColumn } from '../report-file.ts'
import { instituteToday } from '../today.ts'

/**
 * What of the asker a report's rows depend on, worked out when the export is asked for and kept
 * in the job's parameters: the job runs later, with no request.
 */
export interface Asker {
  instituteId: string
  /** Today in the institute's calendar, the day the file is named after. */
  today: string
  /** The campuses the asker may see (null: all of them). */
  campusIds: string[] | null
  /** Whether the asker may read students (guardians' phones). */
  readsStudents: boolean
}

/** The signed-in caller as an export's asker. */
export async function askerFor(c: Context<AppEnv>): Promise<Asker> {
  const { auth, database } = c.var
  return {
    instituteId: auth.instituteId,
    today: await instituteToday(database.db, auth.instituteId),
    campusIds: auth.campusIds,
    readsStudents: auth.ability.can('read', 'students'),
  }
}

/**
 * A report as a job exports it (lib/report-export/job.ts): declared by the report, next to its
 * own direct file. `O` is what its reads take (the filters and the asker's view), `Raw` a row as
 * its SQL reads it, `R` a row as its columns show it.
 */
export interface ReportExportSource<Q, O, Raw, R> {
  report: ExportedReport
  /** The report's own read permission: to export, and to download the file. */
  subject: Permission
  /** The report's file query (its filters and `lang`). */
  query: v.GenericSchema<unknown, Q>
  /** What the reads take; refuses what the asker may not ask (a campus not theirs). */
  options(db: Db, query: Q, asker: Asker): Promise<O>
  /** The file's name before `-<today>.<format>` (`due-report-<asOf>`). */
  name(o: O): string
  sheet: MessageDescriptor
  columns(o: O): ReportColumn<R>[]
  /** How many rows the file has. */
  count(db: Db, o: O): Promise<number>
  /** Every row, each with its place in the report's order as `export_n` (1, 2, …). */
  rows(o: O): SQL
  /** A batch of rows as the columns read them (what SQL alone does not give: fines…). */
  present(db: Db, o: O, rows: Raw[]): Promise<R[]>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- sources of any report, in one list
export type AnyReportExportSource = ReportExportSource<any, any, any, any>
