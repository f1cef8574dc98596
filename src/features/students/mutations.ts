import type { QueryClient } from '@tanstack/react-query'
import { patchJson, postJson } from '../../lib/api.ts'
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
import { studentPath, studentQuery, studentsKey } from './queries.ts'

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
