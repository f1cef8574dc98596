import type { Db } from '../../db/client.ts'
import { roleRules, roles } from '../../db/schema.ts'

/**
 * The roles every institute starts with (§6): admin may do everything; client reads access
 * control and the open pages.
 */
export async function createDefaultRoles(db: Db, instituteId: string) {
  const [admin, client] = await db
    .insert(roles)
    .values([
      { instituteId, name: 'admin', homeRoute: '/', isSystem: true },
      { instituteId, name: 'client', homeRoute: '/access-control', isSystem: true },
    ])
    .returning()
  if (!admin || !client) throw new Error('default roles were not created')
  await db.insert(roleRules).values([
    { roleId: admin.id, action: 'manage', subject: 'all' },
    { roleId: client.id, action: 'read', subject: 'ACL' },
    { roleId: client.id, action: 'read', subject: 'Auth' },
  ])
  return { adminRoleId: admin.id, clientRoleId: client.id }
}
