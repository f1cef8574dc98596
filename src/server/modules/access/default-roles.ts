import type { Action, Subject } from '../../../shared/permissions/rules.ts'
import { permissionAreas, type Permission } from '../../../shared/permissions/catalogue.ts'
import type { Db } from '../../db/client.ts'
import { roleRules, roles } from '../../db/schema/access.ts'

interface DefaultRole {
  name: string
  homeRoute: string
  isSystem?: boolean
  rules: { action: Action; subject: Subject }[]
}

const read = (...subjects: readonly Permission[]) =>
  subjects.map((subject) => ({ action: 'read' as const, subject }))
const manage = (...subjects: readonly Permission[]) =>
  subjects.map((subject) => ({ action: 'manage' as const, subject }))

/**
 * The roles every institute starts with. admin and client are §6's; the others are what a
 * school office usually has, each landing on a page it may open. Institutes change them freely,
 * except admin, which stays locked so an institute cannot lock itself out.
 */
const defaultRoles: DefaultRole[] = [
  { name: 'admin', homeRoute: '/', isSystem: true, rules: [{ action: 'manage', subject: 'all' }] },
  { name: 'client', homeRoute: '/access-control', rules: read('ACL') },
  {
    name: 'accountant',
    homeRoute: '/dashboard',
    rules: [
      ...read('dashboard'),
      ...manage(...permissionAreas.accounting, ...permissionAreas.fees),
      ...manage(...permissionAreas.collection, 'salary-disbursements', 'admission-fee'),
      ...read(...permissionAreas.reports, 'franchise-revenue'),
    ],
  },
  {
    name: 'cashier',
    homeRoute: '/dashboard',
    rules: [
      ...read('dashboard', 'paid-report', 'due-report', 'student-ledger', 'advance-override'),
      ...manage('payment-collection'),
    ],
  },
  {
    name: 'admission officer',
    homeRoute: '/dashboard',
    rules: [...read('dashboard'), ...manage('admission')],
  },
  {
    name: 'viewer',
    homeRoute: '/dashboard',
    rules: read('dashboard', ...permissionAreas.accounting, ...permissionAreas.reports),
  },
]

export async function createDefaultRoles(db: Db, instituteId: string) {
  const created = await db
    .insert(roles)
    .values(
      defaultRoles.map(({ name, homeRoute, isSystem }) => ({
        instituteId,
        name,
        homeRoute,
        isSystem: isSystem ?? false,
      })),
    )
    .returning()
  const idOf = (name: string) => {
    const role = created.find((r) => r.name === name)
    if (!role) throw new Error(`default role ${name} was not created`)
    return role.id
  }
  await db
    .insert(roleRules)
    .values(defaultRoles.flatMap((r) => r.rules.map((rule) => ({ roleId: idOf(r.name), ...rule }))))
  return { adminRoleId: idOf('admin'), clientRoleId: idOf('client') }
}
