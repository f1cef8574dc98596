import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { getJson } from '../../lib/api.ts'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import { NextRollSchema, StudentPageSchema, StudentSchema } from '../../shared/schemas/students.ts'
import { type StudentListQuery } from '../../shared/schemas/student-search.ts'

/** Everything under ['students'] is read again when a student or an enrolment changes. */
export const studentsKey = ['students'] as const

const enc = encodeURIComponent
export const studentPath = (studentId: string) => `students/${enc(studentId)}`

export const studentsQuery = (search: StudentListQuery) =>
  queryOptions({
    queryKey: [...studentsKey, 'list', search],
    ...storedRead(`students?${toSearchParams(search)}`, StudentPageSchema, '/students'),
    placeholderData: keepPreviousData,
  })

export const studentQuery = (studentId: string) =>
  queryOptions({
    queryKey: [...studentsKey, 'student', studentId],
    ...storedRead(studentPath(studentId), StudentSchema, '/students/$studentId'),
  })

export interface RollPlace {
  academicSessionId: string
  classId: string
  sectionId?: string | null | undefined
}

/**
 * The next free roll of a class and section in a session: a proposal for a form, so it is
 * never kept for offline use (an old one would only collide) and read again on every change.
 */
export const nextRollQuery = ({ academicSessionId, classId, sectionId }: RollPlace) =>
  queryOptions({
    queryKey: [...studentsKey, 'next-roll', academicSessionId, classId, sectionId ?? ''],
    queryFn: () =>
      getJson(
        `students/next-roll?${toSearchParams({ academicSessionId, classId, sectionId })}`,
        NextRollSchema,
      ),
    enabled: Boolean(academicSessionId && classId),
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  })
