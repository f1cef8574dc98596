import { and, eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { CreateUserSchema, UpdateUserSchema } from '../../../shared/schemas/access.ts'
import type { Db } from '../../db/client.ts'
import { userRoles } from '../../db/schema/access.ts'
import { users } from '../../db/schema/auth.ts'

async function setRoles(tx: Db, userId: string, roleIds: string[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId))
  await tx.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })))
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
  return row!.id
}

/** The user's details given (an empty email or phone clears it), and their roles when given. */
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
