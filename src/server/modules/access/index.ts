import type { Area } from '../../lib/area.ts'
import { auditRoutes } from './audits.ts'
import { roleRoutes } from './roles.ts'
import { userRoutes } from './users.ts'

export const accessArea: Area = {
  name: 'access',
  mounts: [
    { path: '/access/users', routes: userRoutes },
    { path: '/access/roles', routes: roleRoutes },
    { path: '/access/audits', routes: auditRoutes },
  ],
}
