import type { Area } from '../../lib/area.ts'
import { academicSessionRoutes } from './academic-sessions.ts'
import { campusRoutes } from './campuses.ts'
import { classRoutes } from './classes.ts'
import { groupRoutes } from './groups.ts'
import { publicLogoRoutes } from './logo.ts'
import { oldSlugPages } from './old-slugs.ts'
import { platformInstituteRoutes } from './platform-institutes.ts'
import { sectionRoutes } from './sections.ts'
import { instituteSettingsRoutes } from './settings.ts'
import { shiftRoutes } from './shifts.ts'

export const institutesArea: Area = {
  name: 'institutes',
  mounts: [
    { path: '/institutes/academic-sessions', routes: academicSessionRoutes },
    { path: '/institutes/classes', routes: classRoutes },
    { path: '/institutes/groups', routes: groupRoutes },
    { path: '/institutes/sections', routes: sectionRoutes },
    { path: '/institutes/shifts', routes: shiftRoutes },
    { path: '/platform/institutes', routes: platformInstituteRoutes },
    { path: '/institutes/settings', routes: instituteSettingsRoutes },
    { path: '/institutes/campuses', routes: campusRoutes },
    { path: '/institutes/logo', routes: publicLogoRoutes },
  ],
  // A renamed institute's old public addresses lead to its new ones.
  pages: [oldSlugPages()],
  publicEndpoints: [
    // The institute's logo, shown on its public pages; its address names its version.
    'GET /api/institutes/logo/:instituteId/:version',
  ],
  idempotencySubjects: ['institute'],
}
