import { generatePassword, hashPassword } from '../lib/password.ts'
import type { Db } from './client.ts'
import { setUpInstitute } from '../modules/institutes/set-up.ts'
import { institutes, userRoles, users } from './schema.ts'

export const demoInstitute = {
  slug: 'demo-school',
  name: 'Demo School and College',
  currency: 'BDT',
  timezone: 'Asia/Dhaka',
  locale: 'en',
}

export const demoAdmin = {
  username: 'admin',
  email: 'admin@demo-school.example',
  phone: '+8801700000123',
  fullName: 'Demo Administrator',
}

/** A second demo user with the client role of §6, to see what a restricted user sees. */
export const demoClient = {
  username: 'client',
  email: 'client@demo-school.example',
  phone: '+8801700000456',
  fullName: 'Demo Client',
}

export type SeedResult =
  | { created: false }
  | { created: true; instituteSlug: string; username: string; password: string; generated: boolean }

/**
 * Creates the demo institute, its admin (who also operates the platform) and a client user on
 * an empty database; does nothing afterwards. Both demo users share the one password.
 * The password is returned once so it can be printed, and only its scrypt hash is stored.
 */
export async function seedDemo(db: Db, adminPassword?: string): Promise<SeedResult> {
  const existing = await db.select({ id: institutes.id }).from(institutes).limit(1)
  if (existing.length > 0) return { created: false }

  const password = adminPassword ?? generatePassword()
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    const [institute] = await tx.insert(institutes).values(demoInstitute).returning()
    if (!institute) throw new Error('demo institute was not created')
    const { adminRoleId, clientRoleId } = await setUpInstitute(tx, institute.id)
    const [admin] = await tx
      .insert(users)
      .values({ ...demoAdmin, instituteId: institute.id, passwordHash, isPlatformAdmin: true })
      .returning()
    if (!admin) throw new Error('demo admin was not created')
    const [client] = await tx
      .insert(users)
      .values({ ...demoClient, instituteId: institute.id, passwordHash })
      .returning()
    if (!client) throw new Error('demo client was not created')
    await tx.insert(userRoles).values([
      { userId: admin.id, roleId: adminRoleId },
      { userId: client.id, roleId: clientRoleId },
    ])
  })
  return {
    created: true,
    instituteSlug: demoInstitute.slug,
    username: demoAdmin.username,
    password,
    generated: adminPassword === undefined,
  }
}
