import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { api, getJson, postJson } from '../../lib/api.ts'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import { NextRollSchema, StudentPageSchema, StudentSchema } from '../../shared/schemas/students.ts'
import type { StudentListQuery } from '../../shared/schemas/student-search.ts'
import { ImportPreviewSchema, type ImportPreview } from '../../shared/schemas/student-imports.ts'
import {
  PromotionPreviewSchema,
  type PromotionRequestInput,
} from '../../shared/schemas/student-promotion.ts'

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

/** Uploads kept for confirming; not offline reads: a preview is worth showing only as it is now. */
export const importsKey = ['students', 'imports'] as const

export const importQuery = (importId: string) =>
  queryOptions({
    queryKey: [...importsKey, importId],
    queryFn: async ({ signal }): Promise<ImportPreview> =>
      v.parse(
        ImportPreviewSchema,
        await api.get(`students/imports/${importId}`, { signal }).json(),
      ),
  })

/* The promotion screen chooses its sessions and classes from src/lib/academic-structure.ts. */

export const promotionKey = ['students', 'promotion'] as const

/**
 * What a promotion would do. A POST that writes nothing, so it is read like a query, keyed by
 * the request: each change of the mapping or the exceptions reads it again, the last answer
 * staying on screen meanwhile. Not kept for offline use: it is only worth showing as it is now.
 */
export const promotionPreviewQuery = (request: PromotionRequestInput) =>
  queryOptions({
    queryKey: [...promotionKey, 'preview', request],
    queryFn: () => postJson('students/promotions/preview', request, PromotionPreviewSchema),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  })
