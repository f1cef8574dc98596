import { Hono } from 'hono'
import { AuditListSchema, AuditFacetsSchema } from '../../../shared/schemas/access.ts'
import { AuditQuerySchema } from '../../../shared/schemas/access-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { readQuery } from '../../lib/validate.ts'
import { auditFacets, listAudits } from './audit-read.ts'
import { documented } from '../../lib/openapi/documented.ts'

/** The institute's audit log (§2 /audits): newest first, filtered and paged. */
export const auditRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: AuditListSchema, query: AuditQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'audits'), async (c) => {
    const query = readQuery(c, AuditQuerySchema)
    const { database, auth } = c.var
    const { rows, total } = await listAudits(database.db, auth.instituteId, query)
    return c.json({
      data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      total,
      page: query.page,
      perPage: query.perPage,
    })
  })

  .get('/facets', documented({ answers: AuditFacetsSchema }))
  .get('/facets', requireAuth(), requirePermission('read', 'audits'), async (c) => {
    const { database, auth } = c.var
    const { people, actions } = await auditFacets(database.db, auth.instituteId)
    return c.json({ users: people, actions: actions.map((a) => a.action) })
  })
