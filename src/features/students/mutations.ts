import { useLingui } from '@lingui/react'
import { useMutation, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { api, patchJson, postJson } from '../../lib/api.ts'
import { downloadFile } from '../../lib/download.ts'
import { toSearchParams } from '../../lib/search.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import {
  EnrolmentSchema,
  StudentCreatedSchema,
  StudentSchema,
  type StudentCreated,
  type Enrolment,
  type EnrolmentPatch,
  type Student,
  type StudentCreateInput,
  type StudentPatch,
  type StudentStatusChange,
} from '../../shared/schemas/students.ts'
import { ImportPreviewSchema, type ImportPreview } from '../../shared/schemas/student-imports.ts'
import {
  PromotionStartedSchema,
  type PromotionRequestInput,
} from '../../shared/schemas/student-promotion.ts'
import type { StudentListQuery } from '../../shared/schemas/student-search.ts'
import { dateOrderOf, regionalLocale } from '../../shared/typed-date.ts'
import { importQuery, studentPath, studentQuery, studentsKey } from './queries.ts'

/*
 * Changes to students. Each hook sends its request and has every student read again (a roll or
 * a status shows in the list, a guardian's phone in two families); the screen passes only its
 * own reaction (`Feedback`). A changed student is kept as answered before the lists are read.
 */

const refreshAll = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: studentsKey })

async function studentChanged(queryClient: QueryClient, saved: Student) {
  queryClient.setQueryData(studentQuery(saved.id).queryKey, saved)
  await refreshAll(queryClient)
}

/**
 * Creates a student and their first enrolment. `idempotencyKey` is the one key of the form
 * being filled in: a double click or a retry after a lost answer creates one student.
 */
export function useCreateStudent(
  idempotencyKey: string,
  feedback: Feedback<StudentCreated, StudentCreateInput> = {},
) {
  return useChange(
    (body: StudentCreateInput) =>
      postJson('students', body, StudentCreatedSchema, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    { refresh: refreshAll, screenReacts: 'during-refresh', feedback },
  )
}

/** Changes some of a student's fields. */
export function useUpdateStudent(
  studentId: string,
  feedback: Feedback<Student, StudentPatch> = {},
) {
  return useChange((body: StudentPatch) => patchJson(studentPath(studentId), body, StudentSchema), {
    refresh: studentChanged,
    feedback,
  })
}

/** Marks a student as left (day and reason), graduated (day) or active again. */
export function useChangeStudentStatus(
  studentId: string,
  feedback: Feedback<Student, StudentStatusChange> = {},
) {
  return useChange(
    (body: StudentStatusChange) =>
      postJson(`${studentPath(studentId)}/status`, body, StudentSchema),
    { refresh: studentChanged, feedback },
  )
}

/**
 * Moves an enrolment to another group, section or shift, or gives it another roll. The answer
 * is the enrolment: the student and the lists are read again.
 */
export function useUpdateEnrolment(
  studentId: string,
  enrolmentId: string,
  feedback: Feedback<Enrolment, EnrolmentPatch> = {},
) {
  return useChange(
    (body: EnrolmentPatch) =>
      patchJson(
        `${studentPath(studentId)}/enrolments/${encodeURIComponent(enrolmentId)}`,
        body,
        EnrolmentSchema,
      ),
    { refresh: refreshAll, feedback },
  )
}

/* Imports and exports of the student list. */

/**
 * Sends a CSV or XLSX file: the server checks every row and answers the preview. Its dates are
 * read in the order this user writes them (as an applicant's date of birth is).
 */
export function useUploadImport(feedback: Feedback<ImportPreview, File> = {}) {
  const { i18n } = useLingui()
  const dateOrder = dateOrderOf(regionalLocale(i18n.locale, navigator.languages))
  return useChange(
    async (file: File) => {
      const body = new FormData()
      body.set('file', file)
      const searchParams = { dateOrder }
      return v.parse(
        ImportPreviewSchema,
        // A large file takes the server a while to read and check.
        await api.post('students/imports', { body, searchParams, timeout: 120_000 }).json(),
      )
    },
    {
      refresh: async (queryClient, preview) => {
        queryClient.setQueryData(importQuery(preview.id).queryKey, preview)
      },
      feedback,
    },
  )
}

/**
 * Starts (or, after a failed or cancelled run, resumes) the job that writes an upload. The key
 * is the confirmation's own: a retried click answers the same job.
 */
export function useConfirmImport(feedback: Feedback<ImportPreview, { id: string; key: string }>) {
  return useChange(
    ({ id, key }: { id: string; key: string }) =>
      postJson(`students/imports/${id}/confirm`, {}, ImportPreviewSchema, {
        headers: { 'Idempotency-Key': key },
      }),
    {
      refresh: async (queryClient, preview) => {
        queryClient.setQueryData(importQuery(preview.id).queryKey, preview)
      },
      feedback,
    },
  )
}

export type SheetFormat = 'csv' | 'xlsx'

/** Saves the import template: the columns an upload may have, and an example row. */
export function useDownloadTemplate(feedback: Feedback<void, SheetFormat> = {}) {
  return useMutation({
    mutationFn: (format: SheetFormat) =>
      downloadFile(`students/import-template.${format}`, `students-template.${format}`),
    ...feedback,
  })
}

/**
 * Saves the student list as filtered (every page) as CSV or Excel, in the import's columns: an
 * export, corrected, can be imported again.
 */
export function useExportStudents(
  feedback: Feedback<void, { format: SheetFormat; search: Partial<StudentListQuery> }> = {},
) {
  return useMutation({
    mutationFn: ({
      format,
      search,
    }: {
      format: SheetFormat
      search: Partial<StudentListQuery>
    }) => {
      // The whole list, in the order it is shown: the paging is left out.
      const filters = { ...search, page: undefined, perPage: undefined }
      return downloadFile(
        `students/export.${format}?${toSearchParams(filters)}`,
        `students.${format}`,
      )
    },
    ...feedback,
  })
}

/**
 * Starts the promotion as a background job. `idempotencyKey` names the request: sent again
 * after a lost answer, it answers the same job.
 */
export function useRunPromotion(feedback: Feedback<PromotionStarted, PromotionStart> = {}) {
  return useChange(
    ({ request, idempotencyKey }: PromotionStart) =>
      postJson('students/promotions', request, PromotionStartedSchema, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // Nothing to read again yet: the job's end does that (see PromotePage).
    { refresh: () => Promise.resolve(), feedback },
  )
}

export interface PromotionStart {
  request: PromotionRequestInput
  idempotencyKey: string
}
type PromotionStarted = v.InferOutput<typeof PromotionStartedSchema>
