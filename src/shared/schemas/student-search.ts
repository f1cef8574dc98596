import * as v from 'valibot'
import { listQuerySchema } from './list.ts'
import { id } from './primitives.ts'

/*
 * The students' pages' search params, apart from the area's other shapes: the staff app's route
 * tree validates them on every page, so they are all it loads of the area before a page opens.
 */

export const studentStatuses = ['active', 'left', 'graduated'] as const
export type StudentStatus = (typeof studentStatuses)[number]

/**
 * `/api/students?q=&…`: `q` matches a name, a student ID, a guardian phone or a roll written
 * as class-section-roll ("7-A-12"); the filters narrow to a session (the current one when not
 * given), campus, class, group, section and status.
 */
export const StudentListQuerySchema = v.object({
  ...listQuerySchema(['studentCode', 'fullName', 'roll', 'className']).entries,
  academicSessionId: v.optional(id),
  campusId: v.optional(id),
  classId: v.optional(id),
  groupId: v.optional(id),
  sectionId: v.optional(id),
  status: v.optional(v.picklist(studentStatuses, 'unknown_structure_item')),
})
export type StudentListQuery = v.InferOutput<typeof StudentListQuerySchema>

/** `/students/import?importId=`: the upload on screen, so a reload (or a resume) finds it. */
export const ImportPageSearchSchema = v.object({ importId: v.optional(id) })

/**
 * `POST /api/students/imports?dateOrder=`: the order the uploader writes a date's numbers in
 * (day first unless told), for dates in the file that read either way (04/03/2015).
 */
export const ImportUploadQuerySchema = v.object({
  dateOrder: v.optional(v.picklist(['dmy', 'mdy', 'ymd'], 'invalid_value'), 'dmy'),
})
