import { uuid } from 'drizzle-orm/pg-core'
import { institutes } from './institutes.ts'

/** A tenant table's institute_id: the institute its row belongs to. */
export const instituteId = () =>
  uuid('institute_id')
    .notNull()
    .references(() => institutes.id)
