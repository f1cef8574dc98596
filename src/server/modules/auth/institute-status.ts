import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { institutes } from '../../db/schema/institutes.ts'

/** Whether the institute is suspended: its users are refused sign-in and its admissions close. */
export async function isSuspended(db: Db, instituteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(and(eq(institutes.id, instituteId), eq(institutes.status, 'suspended')))
  return Boolean(row)
}
