import type { Area } from '../../lib/area.ts'
import { templateRoutes } from './templates.ts'

export const smsArea: Area = {
  name: 'sms',
  mounts: [{ path: '/sms/templates', routes: templateRoutes }],
}
