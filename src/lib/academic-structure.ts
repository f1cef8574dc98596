import { queryOptions, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import type { GuardedPath } from '../shared/permissions/route-access.ts'
import {
  AcademicSessionSchema,
  ClassSchema,
  GroupSchema,
  SectionSchema,
  ShiftSchema,
  type Group,
  type Section,
  type StructureList,
} from '../shared/schemas/academic.ts'
import { CampusListSchema } from '../shared/schemas/institutes.ts'
import { storedRead } from './read-store.ts'

/*
 * The institute's campuses and academic structure: set up on the institutes area's pages and
 * chosen from on others (students, admission forms), so their reads live here. `screen` is the
 * page a read is kept for offline; the cache is one whichever page read it.
 */

/** Everything the institutes area shows: read again after each of its changes. */
export const institutesKey = ['institutes'] as const

/** Where each list lives below /api/. */
export const structurePaths: Record<StructureList, string> = {
  session: 'institutes/academic-sessions',
  class: 'institutes/classes',
  group: 'institutes/groups',
  section: 'institutes/sections',
  shift: 'institutes/shifts',
}

type Screen = GuardedPath

export const campusesQuery = (screen: Screen = '/campuses') =>
  queryOptions({
    queryKey: [...institutesKey, 'campuses'],
    ...storedRead('institutes/campuses', CampusListSchema, screen),
  })

export const academicSessionsQuery = (screen: Screen = '/academic-structure') =>
  queryOptions({
    queryKey: [...institutesKey, 'session'],
    ...storedRead(structurePaths.session, v.array(AcademicSessionSchema), screen),
  })

export const classesQuery = (screen: Screen = '/academic-structure') =>
  queryOptions({
    queryKey: [...institutesKey, 'class'],
    ...storedRead(structurePaths.class, v.array(ClassSchema), screen),
  })

export const groupsQuery = (screen: Screen = '/academic-structure') =>
  queryOptions({
    queryKey: [...institutesKey, 'group'],
    ...storedRead(structurePaths.group, v.array(GroupSchema), screen),
  })

/** All sections of the institute; a screen filters them by session and class. */
export const sectionsQuery = (screen: Screen = '/academic-structure') =>
  queryOptions({
    queryKey: [...institutesKey, 'section'],
    ...storedRead(structurePaths.section, v.array(SectionSchema), screen),
  })

export const shiftsQuery = (screen: Screen = '/academic-structure') =>
  queryOptions({
    queryKey: [...institutesKey, 'shift'],
    ...storedRead(structurePaths.shift, v.array(ShiftSchema), screen),
  })

/**
 * The groups offered to a class (a group with no classes is offered to every class; no class:
 * every group). A form offers only active ones (`activeOnly`); a filter finds students in any.
 */
export const groupsOfClass = (
  groups: Group[],
  classId: string | undefined,
  activeOnly = false,
): Group[] =>
  groups.filter(
    (g) =>
      (!activeOnly || g.active) &&
      (!classId || g.classIds.length === 0 || g.classIds.includes(classId)),
  )

/** The sections of a class in a session, in their order (active ones only with `activeOnly`). */
export const sectionsOf = (
  sections: Section[],
  sessionId: string,
  classId: string,
  activeOnly = false,
): Section[] =>
  sections.filter(
    (s) => (!activeOnly || s.active) && s.academicSessionId === sessionId && s.classId === classId,
  )

/** Loads the lists the placement filters choose from, kept offline for `screen`. */
export const ensurePlacementLists = (queryClient: QueryClient, screen: Screen) =>
  Promise.all([
    queryClient.ensureQueryData(academicSessionsQuery(screen)),
    queryClient.ensureQueryData(campusesQuery(screen)),
    queryClient.ensureQueryData(classesQuery(screen)),
    queryClient.ensureQueryData(groupsQuery(screen)),
    queryClient.ensureQueryData(sectionsQuery(screen)),
  ])
