import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Context } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { forbidden } from '../../lib/auth.ts'
import { validationFailed } from '../../lib/errors.ts'

/** The institute's campuses a user may be limited to, active or not, in their order. */
export function campusOptions(db: Db, instituteId: string) {
  return db
    .select({ id: campuses.id, name: campuses.name, active: campuses.active })
    .from(campuses)
    .where(eq(campuses.instituteId, instituteId))
    .orderBy(asc(campuses.position), asc(campuses.name))
}

/**
 * Campuses to limit a user to: the institute's own (another's is a 422 on `campusIds`), and,
 * for a caller limited to campuses, only theirs: none would lift the limit, lending the user
 * figures the caller may not see.
 */
export async function assignableCampuses(c: Context<AppEnv>, campusIds: string[]) {
  const { database, auth } = c.var
  const unique = [...new Set(campusIds)]
  if (unique.length > 0) {
    const found = await database.db
      .select({ id: campuses.id })
      .from(campuses)
      .where(and(eq(campuses.instituteId, auth.instituteId), inArray(campuses.id, unique)))
    if (found.length !== unique.length) throw validationFailed({ campusIds: 'campus_not_found' })
  }
  const own = auth.campusIds
  if (own && (unique.length === 0 || unique.some((id) => !own.includes(id)))) {
    throw forbidden('campus_scope_exceeds_own')
  }
}
