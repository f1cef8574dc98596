import type { Db } from '../db/client.ts'
import { auditLog } from '../db/schema.ts'

export interface AuditEntry {
  instituteId: string | null
  userId: string | null
  action: string
  entity: string
  entityId?: string | null
  before?: unknown
  after?: unknown
  ip?: string | null
  userAgent?: string | null
}

/** Writes one audit row; pass the transaction of the change so both commit together. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...entry,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}
