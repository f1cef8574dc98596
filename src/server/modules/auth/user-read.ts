import { eq, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/auth.ts'
import type { UserRow } from '../../lib/user-data.ts'

/** A user by username or email, whatever the letter case. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase()
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`))
    .limit(1)
  return user
}

export async function findUserByEmailOrPhone(db: Db, value: string): Promise<UserRow | undefined> {
  const v = value.trim()
  const digits = v.replace(/[\s-]/g, '')
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${v.toLowerCase()}`, eq(users.phone, digits)))
    .limit(1)
  return user
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id))
  return user
}
