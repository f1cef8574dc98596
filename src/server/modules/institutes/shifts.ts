import { eq } from 'drizzle-orm'
import { shifts } from '../../db/schema/academic.ts'
import { enrolments } from '../../db/schema/students.ts'
import { nameListRoutes } from './name-list.ts'
import { countOf } from './structure-list.ts'

/** The institute's shifts (Morning, Day), kept while students' enrolments name them. */
export const shiftRoutes = nameListRoutes(shifts, 'shift', async (tx, _instituteId, id) => [
  { what: 'students', count: await countOf(tx, enrolments, eq(enrolments.shiftId, id)) },
])
