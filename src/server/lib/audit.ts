import type { Context } from 'hono'
import type { PermissionArea } from '../../shared/permissions/catalogue.ts'
import type { AppEnv } from '../app-env.ts'
import type { Db } from '../db/client.ts'
import { auditLog } from '../db/schema/access.ts'
import { requestInfo } from './request-info.ts'

/** Sign-in, sessions and passwords are 'auth'; everything else belongs to a product area. */
type AuditArea = PermissionArea | 'auth'

interface AuditChange {
  area: AuditArea
  /** What happened, in snake case: 'create', 'update', 'deactivate', 'login_failed'… */
  action: string
  entity: string
  entityId?: string | null
  /** The record before and after, without secrets; the audit screen shows the difference. */
  before?: unknown
  after?: unknown
}

interface AuditEntry extends AuditChange {
  instituteId: string | null
  userId: string | null
  impersonatorId?: string | null
  ip?: string | null
  userAgent?: string | null
}

/** Writes one audit row; pass the transaction of the change so both commit together. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...entry,
    impersonatorId: entry.impersonatorId ?? null,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}

/**
 * The audit row of a change made by the signed-in caller: who (and who was acting as them),
 * in which institute, from where. Every module's mutation calls this inside its transaction.
 */
export function audit(c: Context<AppEnv>, tx: Db, change: AuditChange): Promise<void> {
  const { auth } = c.var
  return writeAudit(tx, {
    ...change,
    instituteId: auth.instituteId,
    userId: auth.user.id,
    impersonatorId: auth.impersonatorId ?? null,
    ...requestInfo(c),
  })
}
