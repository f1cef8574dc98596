import type { Area } from '../../lib/area.ts'
import { audienceRoutes } from './audiences.ts'
import { optOutRoutes } from './opt-outs.ts'
import { settingsRoutes } from './settings.ts'
import { templateRoutes } from './templates.ts'

export const smsArea: Area = {
  name: 'sms',
  mounts: [
    { path: '/sms/templates', routes: templateRoutes },
    { path: '/sms/settings', routes: settingsRoutes },
    { path: '/sms/opt-outs', routes: optOutRoutes },
    { path: '/sms/audiences', routes: audienceRoutes },
  ],
}
