import { and, eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { CreateUserSchema, UpdateUserSchema } from '../../../shared/schemas/access.ts'
import type { Db } from '../../db/client.ts'
import { userCampuses, userRoles } from '../../db/schema/access.ts'
import { users } from '../../db/schema/auth.ts'

async function setRoles(tx: Db, userId: string, roleIds: string[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId))
  await tx.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })))
}

/** Limits the user to these campuses of their institute (checked by the caller); none: every campus. */
async function setCampuses(tx: Db, instituteId: string, userId: string, campusIds: string[]) {
  await tx
    .delete(userCampuses)
    .where(and(eq(userCampuses.instituteId, instituteId), eq(userCampuses.userId, userId)))
  const unique = [...new Set(campusIds)]
  if (unique.length === 0) return
  await tx
    .insert(userCampuses)
    .values(unique.map((campusId) => ({ instituteId, userId, campusId })))
}

/** A new staff user with their roles, who chooses a password at the first sign-in. */
export async function createUser(
  tx: Db,
  instituteId: string,
  body: v.InferOutput<typeof CreateUserSchema>,
  passwordHash: string,
) {
  const [row] = await tx
    .insert(users)
    .values({
      instituteId,
      username: body.username,
      fullName: body.fullName,
      email: body.email || null,
      phone: body.phone || null,
      passwordHash,
      mustChangePassword: true,
    })
    .returning({ id: users.id })
  await setRoles(tx, row!.id, body.roleIds)
  await setCampuses(tx, instituteId, row!.id, body.campusIds)
  return row!.id
}

/** The user's details given (an empty email or phone clears it), their roles and campuses when given. */
export async function updateUser(
  tx: Db,
  instituteId: string,
  userId: string,
  body: v.InferOutput<typeof UpdateUserSchema>,
) {
  await tx
    .update(users)
    .set({
      ...(body.username !== undefined && { username: body.username }),
      ...(body.fullName !== undefined && { fullName: body.fullName }),
      ...(body.email !== undefined && { email: body.email || null }),
      ...(body.phone !== undefined && { phone: body.phone || null }),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), eq(users.instituteId, instituteId)))
  if (body.roleIds) await setRoles(tx, userId, body.roleIds)
  if (body.campusIds) await setCampuses(tx, instituteId, userId, body.campusIds)
}

/** A temporary password the user must change at the next sign-in. */
export async function resetPassword(
  tx: Db,
  instituteId: string,
  userId: string,
  passwordHash: string,
) {
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.instituteId, instituteId)))
}

export async function setUserStatus(
  tx: Db,
  instituteId: string,
  userId: string,
  status: 'active' | 'inactive',
) {
  await tx
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.instituteId, instituteId)))
}
