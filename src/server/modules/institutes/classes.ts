import { eq } from 'drizzle-orm'
import { classes, groupClasses, sections } from '../../db/schema/academic.ts'
import { admissionForms } from '../../db/schema/admission.ts'
import { enrolments } from '../../db/schema/students.ts'
import { nameListRoutes } from './name-list.ts'
import { countOf } from './structure-list.ts'

/** The institute's classes (Play, Nursery, One …), in teaching order. */
export const classRoutes = nameListRoutes(classes, 'class', async (tx, _instituteId, id) => [
  { what: 'sections', count: await countOf(tx, sections, eq(sections.classId, id)) },
  { what: 'groups', count: await countOf(tx, groupClasses, eq(groupClasses.classId, id)) },
  { what: 'forms', count: await countOf(tx, admissionForms, eq(admissionForms.classId, id)) },
  { what: 'students', count: await countOf(tx, enrolments, eq(enrolments.classId, id)) },
])
