import { Hono, type Context } from 'hono'
import type * as v from 'valibot'
import type { Action, Subject } from '../../shared/permissions/rules.ts'
import type { AppEnv } from '../app-env.ts'
import { requireAuth, requirePermission } from './auth.ts'
import { fileMedia } from './file-media.ts'
import { documented } from './openapi/documented.ts'
import type { ReportFormat } from './report-file.ts'

/**
 * A report's two downloads, `export.csv` and `export.xlsx`, under the report's own permission:
 * mounted with `.route('/', …)` beside the report's JSON read.
 */
export const reportFileRoutes = (
  query: v.GenericSchema,
  permission: readonly [Action, Subject],
  file: (c: Context<AppEnv>, format: ReportFormat) => Promise<Response>,
) =>
  new Hono<AppEnv>()
    .get('/export.csv', documented({ query, media: fileMedia.csv }))
    .get('/export.csv', requireAuth(), requirePermission(...permission), (c) => file(c, 'csv'))
    .get('/export.xlsx', documented({ query, media: fileMedia.xlsx }))
    .get('/export.xlsx', requireAuth(), requirePermission(...permission), (c) => file(c, 'xlsx'))
