import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { storedRead } from '../../lib/read-store.ts'
import {
  AcademicSessionSchema,
  ClassSchema,
  GroupSchema,
  SectionSchema,
  ShiftSchema,
  type StructureList,
} from '../../shared/schemas/academic.ts'
import { CampusListSchema, InstituteSettingsSchema } from '../../shared/schemas/institutes.ts'

/** Everything the institutes area shows: read again after each of its changes. */
export const institutesKey = ['institutes'] as const

export const settingsQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'settings'],
    ...storedRead('institutes/settings', InstituteSettingsSchema, '/institute-settings'),
  })

export const campusesQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'campuses'],
    ...storedRead('institutes/campuses', CampusListSchema, '/campuses'),
  })

/** Where each list lives below /api/. */
export const structurePaths: Record<StructureList, string> = {
  session: 'institutes/academic-sessions',
  class: 'institutes/classes',
  group: 'institutes/groups',
  section: 'institutes/sections',
  shift: 'institutes/shifts',
}

export const academicSessionsQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'session'],
    ...storedRead(structurePaths.session, v.array(AcademicSessionSchema), '/academic-structure'),
  })

export const classesQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'class'],
    ...storedRead(structurePaths.class, v.array(ClassSchema), '/academic-structure'),
  })

export const groupsQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'group'],
    ...storedRead(structurePaths.group, v.array(GroupSchema), '/academic-structure'),
  })

/** All sections of the institute; the screen filters them by session and class. */
export const sectionsQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'section'],
    ...storedRead(structurePaths.section, v.array(SectionSchema), '/academic-structure'),
  })

export const shiftsQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'shift'],
    ...storedRead(structurePaths.shift, v.array(ShiftSchema), '/academic-structure'),
  })
