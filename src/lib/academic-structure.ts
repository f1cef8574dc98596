import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  AcademicSessionSchema,
  ClassSchema,
  GroupSchema,
  SectionSchema,
  ShiftSchema,
  type StructureList,
} from '../shared/schemas/academic.ts'
import { CampusListSchema } from '../shared/schemas/institutes.ts'
import { storedRead } from './read-store.ts'

/*
 * The institute's academic structure and campuses as every area reads them: the institutes area
 * edits them, admission forms and students choose from them. Here, not in a feature, so areas
 * share them without reaching into each other.
 */

/** What the institutes area shows: its changes invalidate everything below this key. */
export const institutesKey = ['institutes'] as const

/** Where each list lives below /api/. */
export const structurePaths: Record<StructureList, string> = {
  session: 'institutes/academic-sessions',
  class: 'institutes/classes',
  group: 'institutes/groups',
  section: 'institutes/sections',
  shift: 'institutes/shifts',
}

export const campusesQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'campuses'],
    ...storedRead('institutes/campuses', CampusListSchema, '/campuses'),
  })

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

/** All sections of the institute; a screen filters them by session and class. */
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
